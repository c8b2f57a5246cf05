import { centerX, median, unionBox, type Box, type Line } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The rows and columns that a table's text makes by itself, where no rule draws them: rows are lines on one
 * baseline, columns are gaps that the text leaves all the way down. Used for tables without a grid, and inside the
 * cells of a ruled table that rules only some of its rows and columns.
 */

/** Dot leaders (". . . . .") lead the eye across a gap: they make no column and cross none. */
export const isLeader = (line: Line): boolean => /^[\s.·…_]+$/u.test(line.text);

export const sizeOf = (line: Line): number => line.spans[0]?.style.size ?? line.box.y1 - line.box.y0;

/** The box around a row's (or any group's) lines. */
export const boxOf = (lines: readonly Line[]): Box => unionBox(lines.map((line) => line.box));

/**
 * Lines on one baseline (within their size over `rowSizeDivisor`: a third) make a row; rows top to bottom, pieces left
 * to right.
 */
export function rowsOf(lines: readonly Line[]): Line[][] {
  const rows: Line[][] = [];
  for (const line of [...lines].sort((a, b) => a.baseline - b.baseline)) {
    const row = rows.at(-1);
    if (
      row &&
      Math.abs((row[0] as Line).baseline - line.baseline) <= sizeOf(line) / SETTINGS.tables.rowSizeDivisor
    )
      row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => row.sort((a, b) => a.box.x0 - b.box.x0));
}

/**
 * The x of each gap between columns within `x0`–`x1`: runs that no row's text covers (a few spanning rows aside),
 * at least `SETTINGS.tables.minGapEm` wide, with text on both sides. Each is given by its middle.
 */
export function columnGaps(rows: readonly Line[][], x0: number, x1: number): number[] {
  const text = rows.flat().filter((line) => !isLeader(line));
  if (rows.length < 2 || text.length === 0) return [];
  const size = median(text.map(sizeOf));
  const start = Math.floor(x0);
  const end = Math.ceil(x1);
  const covered = new Array<number>(Math.max(0, end - start + 1)).fill(0);
  for (const row of rows) {
    const bins = new Set<number>();
    for (const line of row) {
      if (isLeader(line)) continue;
      const from = Math.max(start, Math.floor(line.box.x0));
      const to = Math.min(end, Math.ceil(line.box.x1));
      for (let x = from; x <= to; x += 1) bins.add(x - start);
    }
    for (const bin of bins) covered[bin] = (covered[bin] ?? 0) + 1;
  }
  const allowed = Math.floor(rows.length * SETTINGS.tables.maxSpanningShare);
  const left = Math.min(...text.map((line) => line.box.x0));
  const right = Math.max(...text.map((line) => line.box.x1));
  const gaps: number[] = [];
  let runStart = -1;
  for (let bin = 0; bin <= covered.length; bin += 1) {
    const isOpen = bin < covered.length && (covered[bin] ?? 0) <= allowed;
    if (isOpen && runStart < 0) runStart = bin;
    if (!isOpen && runStart >= 0) {
      const from = start + runStart;
      const to = start + bin - 1;
      if (to - from >= SETTINGS.tables.minGapEm * size && from > left && to < right)
        gaps.push((from + to) / 2);
      runStart = -1;
    }
  }
  return gaps;
}

/** The column of `x` among the column edges `xs` (left to right). */
export function columnAt(xs: readonly number[], x: number): number {
  return Math.min(xs.length - 2, Math.max(0, xs.findIndex((edge) => edge > x) - 1));
}

/**
 * Columns of running text (two columns of a page between a header rule and a footer rule) rather than cells: long
 * pieces, or a column whose lines mostly start and end at the same x (justified text) with sentences in them. A
 * column of figures of equal width lines up at both ends too, but its pieces are short.
 */
export function isRunningText(rows: readonly Line[][], xs: readonly number[]): boolean {
  const pieces = rows.flat();
  if (median(pieces.map((line) => line.text.trim().length)) > SETTINGS.tables.maxCellChars) return true;
  for (let col = 0; col < xs.length - 1; col += 1) {
    const inColumn = pieces.filter((line) => columnAt(xs, centerX(line.box)) === col);
    if (inColumn.length < SETTINGS.tables.minJustifiedLines) continue;
    const left = Math.min(...inColumn.map((line) => line.box.x0));
    const right = Math.max(...inColumn.map((line) => line.box.x1));
    const flush = inColumn.filter(
      (line) =>
        line.box.x0 - left <= SETTINGS.tables.flushSlack && right - line.box.x1 <= SETTINGS.tables.flushSlack,
    ).length;
    const lengths = inColumn.map((line) => line.text.trim().length);
    if (
      flush >= SETTINGS.tables.justifiedShare * inColumn.length &&
      median(lengths) >= SETTINGS.tables.minSentenceChars
    )
      return true;
  }
  return false;
}

/**
 * Where the text rows of one ruled row part, when they are rows of the table rather than the lines of a wrapped
 * cell: at least two columns hold a line on every text row. Each boundary is midway between two text rows.
 */
export function textRowBoundaries(lines: readonly Line[], xs: readonly number[]): number[] {
  const rows = rowsOf(lines);
  if (rows.length < 2) return [];
  let fullColumns = 0;
  for (let col = 0; col < xs.length - 1; col += 1) {
    if (
      rows.every((row) => row.some((line) => columnAt(xs, line.box.x0 + SETTINGS.tables.startInset) === col))
    )
      fullColumns += 1;
  }
  if (fullColumns < 2) return [];
  return rows.slice(1).map((row, index) => {
    const above = boxOf(rows[index] as Line[]).y1;
    const below = boxOf(row).y0;
    return (above + Math.max(above, below)) / 2;
  });
}
