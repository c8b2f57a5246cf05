import { centerX, centerY, type Box, type Line } from '../model/layout-model.ts';
import { contains, type OpenRule, type Segment } from './segments.ts';
import type { Table } from './table-model.ts';
import { SETTINGS } from '../model/settings.ts';

// Chart, not table: every rule by which a grid of rules, a stack of rules or a run of stripes is taken for a chart
// or a labelled drawing rather than for a table. The figures stage then draws such a drawing as a picture
// (`findFigures` counts its bars and shapes); the tables stage only leaves it alone.

/** Figures (10, 0.5, 1K, 20%, −3) this close to a grid, at this many of its rules: a chart's axis. */
const TICK_LABEL = /^[-−+]?\d[\d.,]*\s?[%KkMm]?$/u;

/** What a grid of touching rules shows once its text is placed in its cells (`buildRuledTable`). */
export type RuledGrid = {
  /** The grid's outline, and the x of its ruled columns and the y of its ruled rows. */
  box: Box;
  ruledXs: readonly number[];
  ruledYs: readonly number[];
  horizontals: readonly Segment[];
  verticals: readonly Segment[];
  /** The page's lines, and those inside the grid (cut at its vertical rules). */
  pageLines: readonly Line[];
  inside: readonly Line[];
  /** Columns and rows with the text's own, and how many of those cells hold text. */
  columns: number;
  rows: number;
  filledCells: number;
};

/**
 * A grid of rules that is no table: one that text runs through (a chart's grid lines), one with figures along its
 * edge at its rules (a chart's axis ticks), a frame around one paragraph or a grid of empty boxes (a drawing), or a
 * big grid with a few labels (a chart).
 */
export function isChartGrid(grid: RuledGrid): boolean {
  const { inside } = grid;
  if (
    crossedLines(inside, grid.horizontals, grid.verticals) >=
    Math.max(2, SETTINGS.tables.maxCrossedShare * inside.length)
  )
    return true;
  if (axisTicks(grid.pageLines, grid.box, grid.ruledXs, grid.ruledYs) >= SETTINGS.tables.minAxisTicks)
    return true;
  if (grid.filledCells < 2) return true;
  const cells = grid.columns * grid.rows;
  return cells >= SETTINGS.tables.minChartCells && grid.filledCells < SETTINGS.tables.minFilledShare * cells;
}

/**
 * A grid of rules whose cells are mostly empty and hold a letter or two where they hold anything (P, X, g1, (0)) is
 * a labelled drawing: a geometric construction, axes with a right angle marked. A table's cells are nearly all
 * filled, and with words or numbers. Under eight cells it is left a table, unless a shape is drawn in it.
 */
export function isLabelledDrawing(table: Table, shapes: readonly Box[]): boolean {
  const cells = table.rows.flat();
  const texts = cells
    .map((cell) =>
      cell.lines
        .map((line) => line.text.trim())
        .join(' ')
        .trim(),
    )
    .filter((text) => text !== '');
  // A smaller grid is a drawing when it holds a shape too: an arrowhead on an axis, a point marked with a dot.
  const hasShape = shapes.some((shape) => contains(table.box, shape));
  const minCells = hasShape ? SETTINGS.tables.minDrawingCellsWithShapes : SETTINGS.tables.minDrawingCells;
  if (cells.length < minCells || texts.length === 0) return false;
  const mean = texts.reduce((sum, text) => sum + text.length, 0) / texts.length;
  return (
    texts.length < SETTINGS.tables.maxDrawingFilledShare * cells.length &&
    mean <= SETTINGS.tables.maxLabelMeanCharacters &&
    texts.every((text) => text.length <= SETTINGS.tables.maxLabelCharacters)
  );
}

/** Lines of text that a drawn rule of the grid runs through (not along an edge, not under it as an underline). */
function crossedLines(
  lines: readonly Line[],
  horizontals: readonly Segment[],
  verticals: readonly Segment[],
): number {
  return lines.filter((line) => {
    const { box } = line;
    const x = centerX(box);
    const y = centerY(box);
    const band = (box.y1 - box.y0) * SETTINGS.tables.crossingBandShare;
    return (
      verticals.some(
        (v) =>
          v.at > box.x0 + SETTINGS.tables.snap &&
          v.at < box.x1 - SETTINGS.tables.snap &&
          v.from < y &&
          v.to > y,
      ) || horizontals.some((h) => h.at > box.y0 + band && h.at < box.y1 - band && h.from < x && h.to > x)
    );
  }).length;
}

/**
 * Figures just left of the grid level with its rules, or just under it in line with them: the ticks of a
 * chart's axes.
 */
function axisTicks(lines: readonly Line[], box: Box, xs: readonly number[], ys: readonly number[]): number {
  const leftTicks = new Set<number>();
  const bottomTicks = new Set<number>();
  for (const line of lines) {
    if (!TICK_LABEL.test(line.text.trim())) continue;
    const x = centerX(line.box);
    const y = centerY(line.box);
    if (line.box.x1 <= box.x0 + SETTINGS.tables.snap && line.box.x1 >= box.x0 - SETTINGS.tables.tickReach) {
      const level = ys.findIndex((at) => Math.abs(at - y) <= SETTINGS.tables.snap);
      if (level >= 0) leftTicks.add(level);
    }
    if (line.box.y0 >= box.y1 - SETTINGS.tables.snap && line.box.y0 <= box.y1 + SETTINGS.tables.tickReach) {
      const level = xs.findIndex(
        (at) => Math.abs(at - x) <= SETTINGS.tables.snap + SETTINGS.tables.bottomTickSlack,
      );
      if (level >= 0) bottomTicks.add(level);
    }
  }
  return Math.max(leftTicks.size, bottomTicks.size);
}

/** A rule through the middle of a line of text is a chart's grid line or a strike-through, not a table's edge. */
export function isCrossedByRule(line: Line, rules: readonly OpenRule[]): boolean {
  return rules.some(
    (rule) =>
      rule.y > line.box.y0 + SETTINGS.tables.crossingBandShare * (line.box.y1 - line.box.y0) &&
      rule.y < line.box.y1 - SETTINGS.tables.crossingBandShare * (line.box.y1 - line.box.y0) &&
      rule.x0 < centerX(line.box) &&
      rule.x1 > centerX(line.box),
  );
}

/** A stripe of shading: its top and bottom, left and right. */
type Stripe = { y: number; y1: number; x0: number; x1: number };

/**
 * Bars of a chart start at one axis too: next to stripes of another length from the same axis, a run of equal
 * stripes (from `first` to `last`) is bars, not a table's rows.
 */
export function areChartBars(stripes: readonly Stripe[], first: Stripe, last: Stripe): boolean {
  const sameEnd = (a: number, b: number) => Math.abs(a - b) <= SETTINGS.tables.align;
  return stripes.some(
    (other) =>
      sameEnd(other.x0, first.x0) !== sameEnd(other.x1, first.x1) &&
      (Math.abs(other.y1 - first.y) <= first.y1 - first.y || Math.abs(other.y - last.y1) <= last.y1 - last.y),
  );
}
