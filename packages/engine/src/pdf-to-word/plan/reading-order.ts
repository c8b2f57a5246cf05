import { boxHeight, type Box, type Line } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/** Anything placed on the page that takes part in the flow: a line of text, a table, an image. */
export type Placed<T> = { box: Box; item: T; line?: Line };

export type Column<T> = { x0: number; x1: number; items: Placed<T>[] };
/** A horizontal stripe of the page with one column, or several read one after the other. */
export type Band<T> = { y0: number; y1: number; columns: Column<T>[] };

export type Gutter = { x0: number; x1: number };

/**
 * Finds the gutters between text columns: vertical stripes crossed by few lines, with enough lines on each side
 * that run up to the stripe (prose, which fills its column, unlike a table's short cells).
 */
export function findGutters(lines: readonly Line[]): Gutter[] {
  const horizontal = lines.filter((line) => !line.isVertical && line.box.x1 > line.box.x0);
  if (horizontal.length < 2 * SETTINGS.plan.minSideLines) return [];
  const left = Math.floor(Math.min(...horizontal.map((line) => line.box.x0)));
  const right = Math.ceil(Math.max(...horizontal.map((line) => line.box.x1)));
  // Lines wider than a column (titles, single-column stretches) cannot tell where columns are, and neither can the
  // cells of a table or a form (three pieces or more on one row), which run across the columns' gutter.
  const cells = tableCells(horizontal, SETTINGS.plan.maxCellShare * (right - left));
  const body = horizontal.filter(
    (line) => line.box.x1 - line.box.x0 < SETTINGS.plan.maxColumnShare * (right - left) && !cells.has(line),
  );
  if (body.length < 2 * SETTINGS.plan.minSideLines) return [];
  const maxCrossing = Math.max(1, Math.floor(SETTINGS.plan.maxCrossingShare * body.length));
  const gutters: Gutter[] = [];
  let runStart: number | null = null;
  let previousEnd = left;
  for (let x = left; x <= right; x += 1) {
    const crossing = body.filter((line) => line.box.x0 < x && line.box.x1 > x).length;
    if (crossing <= maxCrossing) {
      runStart ??= x;
      continue;
    }
    // The gutter ends at the last point no line crosses: a column whose lines start at 315.0 starts at 315, not 316.
    if (runStart !== null && x - 1 - runStart >= SETTINGS.plan.minGutterWidth) {
      const candidate = { x0: runStart, x1: x - 1 };
      if (isColumnGutter(body, candidate, previousEnd)) {
        gutters.push(candidate);
        previousEnd = candidate.x1;
      }
    }
    runStart = null;
  }
  return gutters;
}

/**
 * The cells of tables and forms: short lines (at most `maxWidth` wide), three or more on one row. A row of a column's
 * line beside a numbered list's number and text has one short piece, and stays.
 */
function tableCells(lines: readonly Line[], maxWidth: number): Set<Line> {
  const byTop = [...lines].sort((a, b) => a.box.y0 - b.box.y0);
  const cells = new Set<Line>();
  for (const [index, line] of byTop.entries()) {
    const row = [line];
    for (let next = index + 1; next < byTop.length; next += 1) {
      const other = byTop[next] as Line;
      if (other.box.y0 > line.box.y1) break;
      if (sharesRow(line.box, other.box)) row.push(other);
    }
    const short = row.filter((piece) => piece.box.x1 - piece.box.x0 <= maxWidth);
    if (short.length >= SETTINGS.plan.minTableRowPieces) for (const piece of short) cells.add(piece);
  }
  return cells;
}

function isColumnGutter(lines: readonly Line[], gutter: Gutter, columnStart: number): boolean {
  const slack = SETTINGS.plan.gutterSideSlack;
  const leftSide = lines.filter(
    (line) => line.box.x1 <= gutter.x0 + slack && line.box.x0 >= columnStart - slack,
  );
  const rightSide = lines.filter((line) => line.box.x0 >= gutter.x1 - slack);
  const minLines = Math.max(SETTINGS.plan.minSideLines, SETTINGS.plan.minSideShare * lines.length);
  if (leftSide.length < minLines || rightSide.length < minLines) return false;
  const leftStart = Math.min(...leftSide.map((line) => line.box.x0));
  const rightEnd = Math.max(...rightSide.map((line) => line.box.x1));
  // Columns are much wider than the space between them; a key and its value far apart are not columns.
  const gutterWidth = gutter.x1 - gutter.x0;
  if (gutterWidth > SETTINGS.plan.maxGutterShare * Math.min(gutter.x0 - leftStart, rightEnd - gutter.x1))
    return false;
  const leftReach = gutter.x0 - (gutter.x0 - leftStart) * SETTINGS.plan.reachShare;
  const rightReach = gutter.x1 + (rightEnd - gutter.x1) * SETTINGS.plan.reachShare;
  const leftReaching = leftSide.filter((line) => line.box.x1 >= leftReach).length;
  const rightReaching = rightSide.filter((line) => line.box.x0 <= rightReach).length;
  return (
    leftReaching >= SETTINGS.plan.minReachingShare * leftSide.length &&
    rightReaching >= SETTINGS.plan.minReachingShare * rightSide.length
  );
}

/**
 * Puts the page's items in reading order: stripes from top to bottom; in a stripe under columns, each column from
 * top to bottom before the next (right to left on right-to-left pages). An item that crosses a gutter (a title, a
 * wide figure) ends the columns above it and stands in a stripe of its own.
 */
export function orderPage<T>(
  items: readonly Placed<T>[],
  gutters: readonly Gutter[],
  isRightToLeft = false,
): Band<T>[] {
  const sorted = [...items].sort(compareTopDown);
  const bands: Band<T>[] = [];
  const columnOf = (box: Box): number => {
    let index = 0;
    for (const gutter of gutters) {
      const middle = (gutter.x0 + gutter.x1) / 2;
      if (box.x0 < middle - 2 && box.x1 > middle + 2) return -1;
      if (box.x0 >= middle - 2) index += 1;
    }
    return index;
  };
  // A short item across a gutter (the middle of three authors' names) takes the pieces of its row with it into a
  // stripe of its own, where they stay one row: split between stripes, they would stack up one per stripe. So does
  // a tall one (the middle of three pictures side by side), for the pieces of about its height: text beside a wide
  // figure stays in its column.
  const crossing = sorted.filter((placed) => gutters.length > 0 && columnOf(placed.box) < 0);
  const isOnCrossingRow = (box: Box) =>
    crossing.some(
      (other) =>
        sharesRow(box, other.box) &&
        (boxHeight(other.box) <= SETTINGS.plan.maxRowHeight || isOfSimilarHeight(box, other.box)),
    );
  for (const placed of sorted) {
    const column = gutters.length === 0 ? 0 : isOnCrossingRow(placed.box) ? -1 : columnOf(placed.box);
    const current = bands.at(-1);
    const currentIsMulti = current !== undefined && current.columns.length > 1;
    // An item within the height of a stripe across the page (a box inside a form's grid, beside its cells) stays
    // in that stripe: a stripe of columns of its own would start over the grid, where Word cannot set it.
    const isWithinStripe = current !== undefined && !currentIsMulti && placed.box.y1 <= current.y1 + 1;
    const isMulti = column >= 0 && gutters.length > 0 && !isWithinStripe;
    if (!current || isMulti !== currentIsMulti) {
      bands.push({
        y0: placed.box.y0,
        y1: placed.box.y1,
        columns: isMulti
          ? Array.from({ length: gutters.length + 1 }, () => ({ x0: Infinity, x1: -Infinity, items: [] }))
          : [{ x0: Infinity, x1: -Infinity, items: [] }],
      });
    }
    const band = bands.at(-1) as Band<T>;
    const target = band.columns[isMulti ? column : 0] as Column<T>;
    target.items.push(placed);
    target.x0 = Math.min(target.x0, placed.box.x0);
    target.x1 = Math.max(target.x1, placed.box.x1);
    band.y0 = Math.min(band.y0, placed.box.y0);
    band.y1 = Math.max(band.y1, placed.box.y1);
  }
  for (const band of bands) {
    band.columns = band.columns.filter((column) => column.items.length > 0);
    for (const column of band.columns) column.items.sort(compareTopDown);
    if (isRightToLeft) band.columns.reverse();
  }
  return bands;
}

/** Neither box is more than `maxHeightRatio` (twice) as tall as the other. */
function isOfSimilarHeight(a: Box, b: Box): boolean {
  return (
    Math.max(boxHeight(a), boxHeight(b)) <=
    SETTINGS.plan.maxHeightRatio * Math.min(boxHeight(a), boxHeight(b))
  );
}

/** Top to bottom; items on the same text row left to right. */
function compareTopDown<T>(a: Placed<T>, b: Placed<T>): number {
  if (sharesRow(a.box, b.box)) return a.box.x0 - b.box.x0;
  return a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0;
}

/** Two boxes on one text row: they share more than `rowOverlapShare` (half) of the height of the lower one. */
function sharesRow(a: Box, b: Box): boolean {
  const height = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  const sharedHeight = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return sharedHeight > height * SETTINGS.plan.rowOverlapShare;
}
