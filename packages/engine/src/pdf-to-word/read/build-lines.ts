import { scriptRise, type Box, type Line, type Span, type TextStyle } from '../model/layout-model.ts';
import { hasRightToLeft } from '../model/script-direction.ts';
import { isBlank, tidyLineCharacters, type Char } from './line-characters.ts';
import {
  hasReadablePlacement,
  isRightToLeftLine,
  joinRightToLeftPieces,
  toReadingOrder,
} from './visual-order.ts';
import type { RawLine } from './walk-page-text.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The page's lines from MuPDF's (turned upright already): upright lines split where their characters stand far
 * apart, right-to-left ones put in reading order, the others (vertical, turned) kept whole with the way they run.
 * Each line is split into style runs (`Span`).
 */
export function buildPageLines(rawLines: readonly RawLine[]): Line[] {
  const lines: Line[] = [];
  const isUpright = (line: RawLine) => !line.isVertical && line.direction[0] > SETTINGS.read.minAxisDirection;
  const upright = rawLines.filter(isUpright).map((line) => line.chars);
  const others = rawLines
    .filter((line) => !isUpright(line))
    .map((line) => ({
      chars: line.chars,
      isVertical: line.isVertical || Math.abs(line.direction[1]) > SETTINGS.read.minAxisDirection,
      flow:
        line.isVertical || line.direction[1] > SETTINGS.read.minAxisDirection
          ? ('down' as const)
          : ('up' as const),
    }));
  const rows = upright.some((line) => line.some((char) => hasRightToLeft(char.c)))
    ? joinRightToLeftPieces(upright, SETTINGS.read.maxCharGapEm, (char) => char.style.size)
    : upright;
  for (const row of rows) {
    if (isRightToLeftLine(row) && hasReadablePlacement(row)) {
      for (const part of splitAtVisualGaps(row)) {
        const line = buildLine(toReadingOrder(part), { isVertical: false, isRightToLeft: true });
        if (line) lines.push(line);
      }
      continue;
    }
    for (const part of splitAtGaps(row, false)) {
      const line = buildLine(part, { isVertical: false, isRightToLeft: false });
      if (line) lines.push(line);
    }
  }
  for (const other of others) {
    for (const part of splitAtGaps(other.chars, other.isVertical)) {
      const line = buildLine(part, { isVertical: other.isVertical, isRightToLeft: false });
      if (line) lines.push(other.isVertical ? { ...line, flow: other.flow } : line);
    }
  }
  return lines;
}

/**
 * Splits a MuPDF line where its characters are far apart on the baseline (two columns or cells on one line). Within
 * left-to-right text the gap is measured between neighbouring characters; right-to-left characters come in logical
 * order, so between runs of one direction the gap is measured between the runs' boxes.
 */
function splitAtGaps(chars: Char[], isVertical: boolean): Char[][] {
  if (isVertical) return [chars];
  const parts: Char[][] = [[]];
  let previous: BidiRun | null = null;
  for (const run of bidiRuns(chars)) {
    if (
      previous &&
      horizontalGap(previous.box, run.box) > SETTINGS.read.maxCharGapEm * Math.max(previous.size, run.size)
    ) {
      parts.push([]);
    }
    // MuPDF bridges gaps with a synthetic space: measure between inked characters.
    let lastInk: Char | null = null;
    for (const char of run.chars) {
      if (!run.isRightToLeft && !isBlank(char.c)) {
        if (lastInk) {
          const gap = char.box.x0 - lastInk.box.x1;
          const size = Math.max(char.style.size, lastInk.style.size);
          if (gap > SETTINGS.read.maxCharGapEm * size || gap < -SETTINGS.read.maxBackStepEm * size)
            parts.push([]);
        }
        lastInk = char;
      }
      parts.at(-1)?.push(char);
    }
    previous = run;
  }
  return parts.filter((part) => part.length > 0);
}

type BidiRun = { chars: Char[]; isRightToLeft: boolean; box: Box; size: number };

/** The line cut where the direction of its inked characters changes; blanks stay with the run before them. */
function bidiRuns(chars: readonly Char[]): BidiRun[] {
  const runs: BidiRun[] = [];
  for (const char of chars) {
    const isRightToLeft = char.bidi % 2 === 1;
    const last = runs.at(-1);
    if (last && (isBlank(char.c) || last.isRightToLeft === isRightToLeft)) {
      last.chars.push(char);
      if (!isBlank(char.c)) {
        last.box = last.chars.length === 1 || last.size === 0 ? char.box : mergeBox(last.box, char.box);
        last.size = Math.max(last.size, char.style.size);
      }
    } else {
      const inked = !isBlank(char.c);
      runs.push({ chars: [char], isRightToLeft, box: char.box, size: inked ? char.style.size : 0 });
    }
  }
  return runs;
}

/** Horizontal distance between two boxes; negative when they overlap. */
function horizontalGap(a: Box, b: Box): number {
  return Math.max(b.x0 - a.x1, a.x0 - b.x1);
}

/** Splits a right-to-left line, taken in the order its characters stand, where they are far apart. */
function splitAtVisualGaps(chars: readonly Char[]): Char[][] {
  const parts: Char[][] = [[]];
  let lastInk: Char | null = null;
  for (const char of [...chars].sort((a, b) => a.box.x0 - b.box.x0)) {
    if (!isBlank(char.c)) {
      const size = Math.max(char.style.size, lastInk?.style.size ?? 0);
      if (lastInk && char.box.x0 - lastInk.box.x1 > SETTINGS.read.maxCharGapEm * size) parts.push([]);
      lastInk = char;
    }
    parts.at(-1)?.push(char);
  }
  return parts;
}

function buildLine(
  chars: Char[],
  { isVertical, isRightToLeft }: { isVertical: boolean; isRightToLeft: boolean },
): Line | null {
  // Trailing and leading whitespace carries no layout; a line of only spaces is no line.
  let start = 0;
  let end = chars.length;
  while (start < end && isBlank(chars[start]?.c)) start += 1;
  while (end > start && isBlank(chars[end - 1]?.c)) end -= 1;
  if (start === end) return null;
  // Two spaces in a row are one gap.
  const trimmed = chars
    .slice(start, end)
    .filter((char, index, all) => !(isBlank(char.c) && isBlank(all[index - 1]?.c)));
  const kept = isVertical || isRightToLeft ? trimmed : tidyLineCharacters(trimmed);
  // The line's baseline is that of its largest characters; smaller ones above or below it are exponents and indices.
  const inked = kept.filter((char) => !isBlank(char.c));
  const mainSize = Math.max(0, ...inked.map((char) => char.style.size));
  const box = kept.map((char) => char.box).reduce(mergeBox);
  const baseline = inked.find((char) => char.style.size === mainSize)?.baseline ?? box.y1;
  const spans: Span[] = [];
  for (const [index, char] of kept.entries()) {
    const last = spans.at(-1);
    const rise =
      isVertical || isBlank(char.c)
        ? (last?.rise ?? 0)
        : scriptRise(char.baseline, char.style.size, baseline, mainSize);
    const link = isBlank(char.c) ? acrossSpace(kept, index, (near) => near.link) : char.link;
    const shade = isBlank(char.c) ? acrossSpace(kept, index, (near) => near.shade) : char.shade;
    if (
      last &&
      last.link === link &&
      last.shade === shade &&
      (isBlank(char.c) || (isSameStyle(last.style, char.style) && (last.rise ?? 0) === rise))
    ) {
      last.text += char.c;
      if (!isBlank(char.c)) last.box = mergeBox(last.box, char.box);
    } else {
      spans.push({
        text: char.c,
        style: char.style,
        box: char.box,
        ...(rise ? { rise } : {}),
        ...(link ? { link } : {}),
        ...(shade ? { shade } : {}),
      });
    }
  }
  return { box, baseline, spans, text: spans.map((span) => span.text).join(''), isVertical };
}

/**
 * A space belongs to a link (or a highlight) when the characters on both sides of it do ("Quire PDF tools" as one
 * link), whether or not the link's area covers the space itself; a space after a link's last word is outside it.
 */
function acrossSpace<T>(
  chars: readonly Char[],
  index: number,
  pick: (char: Char) => T | undefined,
): T | undefined {
  let before = index - 1;
  while (before >= 0 && isBlank(chars[before]?.c)) before -= 1;
  let after = index + 1;
  while (after < chars.length && isBlank(chars[after]?.c)) after += 1;
  const left = chars[before];
  const right = chars[after];
  const value = left ? pick(left) : undefined;
  return value !== undefined && right && pick(right) === value ? value : undefined;
}

function isSameStyle(a: TextStyle, b: TextStyle): boolean {
  return (
    a.font === b.font &&
    a.size === b.size &&
    a.isBold === b.isBold &&
    a.isItalic === b.isItalic &&
    a.color === b.color
  );
}

function mergeBox(a: Box, b: Box): Box {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}
