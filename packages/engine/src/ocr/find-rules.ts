import type { GreyImage } from './deskew.ts';
import type { PixelBox } from './read-hocr.ts';

/** Darker than this (0 black, 255 white) is ink. */
const INK_BELOW = 160;
/** A rule is at least this long (inches): a table's narrowest column, a signature line. */
const MIN_RULE_INCHES = 0.3;
/** …and at most this thick: thicker runs are filled blocks or pictures. */
const MAX_RULE_INCHES = 0.04;
/** Gaps in a run up to this many pixels are scanner noise, not its end. */
const MAX_RUN_GAP = 2;

/**
 * The straight lines drawn on a scanned page (table borders, separators, underlines), found in its levelled image:
 * runs of ink at least `MIN_RULE_INCHES` long along rows (horizontal rules) or columns (vertical ones), merged
 * across the neighbouring rows or columns they span, and kept when no thicker than `MAX_RULE_INCHES`. Letters
 * never make runs that long; bold text and pictures make thick blocks, which are left out.
 */
export function findRules(image: GreyImage, dpi: number): PixelBox[] {
  const minLength = Math.max(8, Math.round(MIN_RULE_INCHES * dpi));
  const maxThickness = Math.max(2, Math.round(MAX_RULE_INCHES * dpi));
  const { width, height, pixels } = image;
  const horizontal = mergeRuns(
    longRuns(height, width, (row, column) => (pixels[row * width + column] ?? 255) < INK_BELOW, minLength),
  );
  const vertical = mergeRuns(
    longRuns(width, height, (column, row) => (pixels[row * width + column] ?? 255) < INK_BELOW, minLength),
  );
  return [
    ...horizontal
      .filter((run) => run.last - run.first + 1 <= maxThickness)
      .map((run) => ({ x0: run.start, y0: run.first, x1: run.end, y1: run.last + 1 })),
    ...vertical
      .filter((run) => run.last - run.first + 1 <= maxThickness)
      .map((run) => ({ x0: run.first, y0: run.start, x1: run.last + 1, y1: run.end })),
  ];
}

type Run = { line: number; start: number; end: number };
type Band = { first: number; last: number; start: number; end: number };

/** The runs of ink at least `minLength` long along each of `lines` lines of `length` pixels. */
function longRuns(
  lines: number,
  length: number,
  isInk: (line: number, position: number) => boolean,
  minLength: number,
): Run[] {
  const runs: Run[] = [];
  for (let line = 0; line < lines; line += 1) {
    let start = -1;
    let lastInk = -1;
    for (let position = 0; position <= length; position += 1) {
      const ink = position < length && isInk(line, position);
      if (ink) {
        if (start < 0 || position - lastInk > MAX_RUN_GAP + 1) {
          if (start >= 0 && lastInk - start + 1 >= minLength) runs.push({ line, start, end: lastInk + 1 });
          start = position;
        }
        lastInk = position;
      } else if (start >= 0 && (position === length || position - lastInk > MAX_RUN_GAP)) {
        if (lastInk - start + 1 >= minLength) runs.push({ line, start, end: lastInk + 1 });
        start = -1;
      }
    }
  }
  return runs;
}

/** Runs on neighbouring lines that overlap merged into bands: one rule drawn a few pixels thick. */
function mergeRuns(runs: readonly Run[]): Band[] {
  const bands: Band[] = [];
  let open: Band[] = [];
  for (const run of runs) {
    const still: Band[] = [];
    let joined: Band | null = null;
    for (const band of open) {
      if (band.last < run.line - 1) continue;
      still.push(band);
      if (!joined && band.last === run.line - 1 && run.start < band.end && run.end > band.start) {
        joined = band;
      }
    }
    if (joined) {
      joined.last = run.line;
      joined.start = Math.min(joined.start, run.start);
      joined.end = Math.max(joined.end, run.end);
    } else {
      const band = { first: run.line, last: run.line, start: run.start, end: run.end };
      bands.push(band);
      still.push(band);
    }
    open = still;
  }
  return bands;
}
