import type { Box } from '../model/layout-model.ts';
import { isMostlyRightToLeft } from '../model/script-direction.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Right-to-left lines put back in reading order from where their characters stand. A PDF draws glyphs wherever it
 * likes and MuPDF's own ordering of right-to-left text goes wrong in ways that lose meaning: a line's final "?"
 * read first, the digits of "١٤٣٤" read backwards, a Hebrew line cut into pieces whose order is lost. Where the
 * characters stand on the page is what the reader sees, so a mostly right-to-left line is read from it: right to
 * left, with runs of left-to-right text (Latin words, numbers) inside read left to right.
 */

export type PlacedChar = { c: string; box: Box };

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;
/** Digits of every script: numbers read left to right in right-to-left text too. */
const DIGIT = /\p{Nd}/u;
const MARK = /^\p{M}$/u;

export function isRightToLeftLine(chars: readonly PlacedChar[]): boolean {
  return isMostlyRightToLeft(chars.map((char) => char.c).join(''));
}

/**
 * Whether where the characters stand says in which order they are read. Not when more than a few of them were
 * drawn without width (invisible text laid over a scan, some generators): then MuPDF's order is all there is. (One
 * in a while is normal: the second letter of a ligature such as lam-alef.)
 */
export function hasReadablePlacement(chars: readonly PlacedChar[]): boolean {
  const inked = chars.filter((char) => !/^[\s\p{M}]$/u.test(char.c));
  return (
    inked.filter((char) => char.box.x1 - char.box.x0 <= 0).length * SETTINGS.read.minInkedPerWidthless <
    inked.length
  );
}

/**
 * The characters of one right-to-left line in reading order. Combining marks stay with the character before them;
 * characters drawn at the same place keep the order they came in.
 */
export function toReadingOrder<T extends PlacedChar>(chars: readonly T[]): T[] {
  const clusters: T[][] = [];
  for (const char of chars) {
    const last = clusters.at(-1);
    if (last && MARK.test(char.c)) last.push(char);
    else clusters.push([char]);
  }
  const center = (cluster: readonly T[]) => centerOf((cluster[0] as T).box);
  const rightToLeft = [...clusters].sort((a, b) => center(b) - center(a));
  const ordered: { cluster: T[]; isRightToLeft: boolean }[] = [];
  let index = 0;
  while (index < rightToLeft.length) {
    if (!isLeftToRight(rightToLeft[index] as T[])) {
      ordered.push({ cluster: rightToLeft[index] as T[], isRightToLeft: true });
      index += 1;
      continue;
    }
    // A left-to-right run: its strong characters and the neutral ones between them (spaces, "." and "," of a
    // number, "-" of a date), read from the left.
    let lastStrong = index;
    for (let next = index + 1; next < rightToLeft.length; next += 1) {
      const cluster = rightToLeft[next] as T[];
      if (isRightToLeftLetter(cluster[0]?.c ?? '')) break;
      if (isLeftToRight(cluster)) lastStrong = next;
    }
    for (const cluster of rightToLeft.slice(index, lastStrong + 1).reverse()) {
      ordered.push({ cluster, isRightToLeft: false });
    }
    index = lastStrong + 1;
  }
  return mirrorBrackets(ordered).flat();
}

/** Opening and closing brackets, which right-to-left text shows mirrored. */
const BRACKET_PAIRS = ['()', '[]', '{}', '<>', '«»', '‹›'];

/**
 * Some PDFs map a mirrored bracket to the character it shows, others to the character it stands for. In reading
 * order the first kind reads ")word(": a bracket pair that only balances the other way round is mirrored back,
 * outside the left-to-right runs.
 */
function mirrorBrackets<T extends PlacedChar>(ordered: { cluster: T[]; isRightToLeft: boolean }[]): T[][] {
  const text = ordered.map((item) => (item.isRightToLeft ? (item.cluster[0]?.c ?? '') : '')).join('');
  const swaps = new Map<string, string>();
  for (const [open = '', close = ''] of BRACKET_PAIRS.map((pair) => [...pair])) {
    if (!isBalanced(text, open, close) && isBalanced(text, close, open)) {
      swaps.set(open, close);
      swaps.set(close, open);
    }
  }
  return ordered.map(({ cluster, isRightToLeft }) => {
    const [first, ...rest] = cluster;
    const swapped = first && isRightToLeft ? swaps.get(first.c) : undefined;
    return swapped && first ? [{ ...first, c: swapped }, ...rest] : cluster;
  });
}

function isBalanced(text: string, open: string, close: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === open) depth += 1;
    else if (c === close && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * Pieces of one right-to-left row that MuPDF read as separate lines (its lines end where a font or a direction
 * changes) joined back into one line, so that the row can be ordered as a whole. Left-to-right rows and pieces
 * further apart than `maxGapEm` font sizes (columns, table cells) are left alone.
 */
export function joinRightToLeftPieces<T extends PlacedChar>(
  lines: readonly T[][],
  maxGapEm: number,
  sizeOf: (char: T) => number,
): T[][] {
  const joined: T[][] = [];
  const boxes: Box[] = [];
  for (const line of lines) {
    const box = boxOf(line);
    const size = Math.max(0, ...line.map(sizeOf));
    const into = boxes.findIndex(
      (other, at) =>
        sharesBaseline(other, box) &&
        Math.max(box.x0 - other.x1, other.x0 - box.x1) < maxGapEm * size &&
        isRightToLeftLine([...(joined[at] as T[]), ...line]),
    );
    if (into === -1) {
      joined.push([...line]);
      boxes.push(box);
    } else {
      (joined[into] as T[]).push(...line);
      boxes[into] = boxOf(joined[into] as T[]);
    }
  }
  return joined;
}

function isLeftToRight(cluster: readonly PlacedChar[]): boolean {
  const c = cluster[0]?.c ?? '';
  return DIGIT.test(c) || (LETTER.test(c) && !RTL_LETTER.test(c));
}

const isRightToLeftLetter = (c: string): boolean => RTL_LETTER.test(c) && !DIGIT.test(c);

function sharesBaseline(a: Box, b: Box): boolean {
  const height = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  return Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > SETTINGS.read.rowOverlapShare * height;
}

function boxOf(chars: readonly PlacedChar[]): Box {
  return {
    x0: Math.min(...chars.map((char) => char.box.x0)),
    y0: Math.min(...chars.map((char) => char.box.y0)),
    x1: Math.max(...chars.map((char) => char.box.x1)),
    y1: Math.max(...chars.map((char) => char.box.y1)),
  };
}

const centerOf = (box: Box): number => (box.x0 + box.x1) / 2;
