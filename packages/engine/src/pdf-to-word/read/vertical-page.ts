import { isBlank, type Char } from './line-characters.ts';
import { median } from '../model/layout-model.ts';
import { isCjk } from '../model/script-direction.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Pages of vertical Japanese or Chinese: columns of characters read top to bottom, the columns right to left.
 * Such a page is laid out turned a quarter (its columns become rows, top to bottom, its characters run left to
 * right), so that paragraphs, indents and reading order come out of the same steps as for horizontal text, and
 * it is written back as vertical text (`w:textDirection` tbRl) on its own page size.
 */

type Line<C extends Char> = { chars: C[]; isVertical: boolean; direction: [number, number] };

const isInked = (char: Char) => !isBlank(char.c);
const centerOf = (char: Char): [number, number] => [
  (char.box.x0 + char.box.x1) / 2,
  (char.box.y0 + char.box.y1) / 2,
];

/**
 * Whether the page's text is vertical: written in vertical mode (MuPDF's `wmode` 1), or upright CJK characters
 * that stand closer to each other down the page than across it (a vertical page whose glyphs the PDF places one
 * by one, which MuPDF reads as rows across the columns).
 */
export function isVerticalPage(lines: readonly Line<Char>[]): boolean {
  const inked = lines.flatMap((line) => line.chars.filter(isInked));
  if (inked.length < SETTINGS.read.minVerticalCharacters) return false;
  const inVerticalMode = lines
    .filter((line) => line.isVertical)
    .flatMap((line) => line.chars.filter(isInked));
  if (inVerticalMode.length >= SETTINGS.read.minVerticalShare * inked.length) return true;
  const cjk = lines
    .filter((line) => !line.isVertical && line.direction[0] > SETTINGS.read.minAxisDirection)
    .flatMap((line) => line.chars.filter((char) => isInked(char) && isCjk(char.c)));
  if (cjk.length < SETTINGS.read.minVerticalShare * inked.length) return false;
  const { across, down } = neighbourPitches(cjk);
  return (
    down.length > 0 && across.length > 0 && median(down) < SETTINGS.read.maxColumnPitchRatio * median(across)
  );
}

/**
 * For each character, the distance to the next character on its row (to its right) and in its column (below
 * it), in font sizes, when there is one within `maxNeighbourEm` font sizes. Characters are sorted into cells of a grid
 * a font size wide so that each looks only at its neighbours.
 */
function neighbourPitches(chars: readonly Char[]): { across: number[]; down: number[] } {
  const size = median(chars.map((char) => char.style.size)) || 10;
  const cells = new Map<string, Char[]>();
  const key = (x: number, y: number) => `${Math.floor(x / size)},${Math.floor(y / size)}`;
  for (const char of chars) {
    const [x, y] = centerOf(char);
    const cell = cells.get(key(x, y)) ?? [];
    cell.push(char);
    cells.set(key(x, y), cell);
  }
  const { maxNeighbourEm, maxNeighbourOffsetEm } = SETTINGS.read;
  const across: number[] = [];
  const down: number[] = [];
  for (const char of chars) {
    const [x, y] = centerOf(char);
    let right = Infinity;
    let below = Infinity;
    for (let dx = -Math.ceil(maxNeighbourOffsetEm); dx <= Math.ceil(maxNeighbourEm); dx += 1) {
      for (let dy = -Math.ceil(maxNeighbourOffsetEm); dy <= Math.ceil(maxNeighbourEm); dy += 1) {
        for (const other of cells.get(`${Math.floor(x / size) + dx},${Math.floor(y / size) + dy}`) ?? []) {
          if (other === char) continue;
          const [ox, oy] = centerOf(other);
          if (Math.abs(oy - y) < maxNeighbourOffsetEm * size && ox > x) right = Math.min(right, ox - x);
          if (Math.abs(ox - x) < maxNeighbourOffsetEm * size && oy > y) below = Math.min(below, oy - y);
        }
      }
    }
    if (right <= maxNeighbourEm * size) across.push(right / size);
    if (below <= maxNeighbourEm * size) down.push(below / size);
  }
  return { across, down };
}

/**
 * The characters of a vertical page, already turned a quarter (columns now rows), regrouped into lines: each
 * row's inked characters left to right, rows top to bottom. The spaces MuPDF put between columns it read across
 * are left out; CJK text needs none. A line that runs right to left on the turned page (Latin written up the page:
 * an axis's title, a label) keeps its letters in its own order, where its leftmost letter stands.
 */
export function columnsAsRows<C extends Char>(lines: readonly Line<C>[]): Line<C>[] {
  const backwards = new Map<C, Line<C>>();
  for (const line of lines) {
    if (line.direction[0] < -SETTINGS.read.minAxisDirection)
      for (const char of line.chars) backwards.set(char, line);
  }
  const chars = lines
    .flatMap((line) => line.chars.filter(isInked))
    .sort((a, b) => centerOf(a)[1] - centerOf(b)[1]);
  const rows: C[][] = [];
  for (const char of chars) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (
      row &&
      first &&
      Math.abs(centerOf(first)[1] - centerOf(char)[1]) <= SETTINGS.read.sameRowEm * char.style.size
    )
      row.push(char);
    else rows.push([char]);
  }
  return rows.map((row) => ({
    chars: inLineOrder(
      row.sort((a, b) => a.box.x0 - b.box.x0),
      backwards,
    ),
    isVertical: false,
    direction: [1, 0],
  }));
}

/** A row left to right, each run of letters of one backward line turned back into that line's order. */
function inLineOrder<C extends Char>(row: C[], backwards: ReadonlyMap<C, Line<C>>): C[] {
  if (backwards.size === 0) return row;
  const ordered: C[] = [];
  let run: C[] = [];
  for (const char of row) {
    const line = backwards.get(char);
    if (run.length > 0 && backwards.get(run[0] as C) !== line) {
      ordered.push(...run.reverse());
      run = [];
    }
    if (line) run.push(char);
    else ordered.push(char);
  }
  ordered.push(...run.reverse());
  return ordered;
}
