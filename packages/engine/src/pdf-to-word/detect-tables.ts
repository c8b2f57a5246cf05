import { detectOpenTables, type OpenRule } from './detect-open-tables.ts';
import { centerX, centerY, type Box, type Fill, type Line, type Rule } from './layout-model.ts';
import { buildRuledTable, SNAP, type Segment } from './ruled-table.ts';
import { splitMergedCells } from './split-merged-cells.ts';

export type TableCell = {
  col: number;
  colSpan: number;
  /** Part of a cell merged over several rows: the first row restarts, the rows below continue. */
  verticalMerge?: 'restart' | 'continue';
  lines: Line[];
  /** `RRGGBB` background, when not white. */
  shading?: string;
  /** All its text turned one way: written in the cell in that direction (a narrow column's header). */
  flow?: 'up' | 'down';
  box: Box;
  /** Which of its sides the PDF draws a rule along. */
  edges: CellEdges;
  /** Tables drawn inside the cell. */
  tables?: Table[];
};

export type CellEdges = { top: boolean; bottom: boolean; left: boolean; right: boolean };

export type Table = {
  box: Box;
  /** Column boundaries, left to right; one more than the columns. */
  xs: number[];
  /** Row boundaries, top to bottom; one more than the rows. */
  ys: number[];
  rows: TableCell[][];
  borderColor: string;
};

/** Pages drawn with more rules than this are drawings, not tables: skip the quadratic clustering. */
const MAX_RULES = 4000;
/**
 * A labelled drawing (`isLabelledDrawing`) has at least this many cells, fewer than this share of them filled, this
 * many characters in a filled one on average and at most the second figure in each. The geometry notes' figures
 * read as grids of 6 to 56 cells, a third to three quarters filled, 1 to 3.4 characters on average, at most 7; the
 * tables of the corpus are nearly all filled, with 3.6 to 9 characters on average.
 */
const MIN_DRAWING_CELLS = 8;
const MIN_DRAWING_CELLS_WITH_SHAPES = 4;
const MAX_DRAWING_FILLED_SHARE = 0.8;
const MAX_LABEL_MEAN_CHARACTERS = 3.5;
const MAX_LABEL_CHARACTERS = 8;

/**
 * Finds ruled tables: clusters of touching horizontal and vertical rules whose ends and crossings make a grid of at
 * least two cells. Lines of text inside a table are moved into its cells; the rest are returned untouched.
 */
export function detectTables(
  lines: readonly Line[],
  rules: readonly Rule[],
  fills: readonly Fill[],
  shapes: readonly Box[] = [],
): { tables: Table[]; lines: Line[]; drawings: Box[] } {
  if (rules.length > MAX_RULES) return { tables: [], lines: [...lines], drawings: [] };
  const segments = rules.map(toSegment).filter((segment) => segment.to - segment.from >= SNAP);
  const tables: Table[] = [];
  const drawings: Box[] = [];
  const loose: OpenRule[] = [];
  let remaining = [...lines];
  // Smallest first: a table drawn inside a cell of another takes its own text before the outer one is read.
  for (const cluster of clusterSegments(segments).sort((a, b) => spanArea(a) - spanArea(b))) {
    const built = buildRuledTable(cluster, remaining, fills);
    if (!built) {
      // Lone horizontal rules may bound a table without a grid; the rules of a rejected grid (a chart) may not.
      if (cluster.every((segment) => segment.isHorizontal)) {
        for (const segment of cluster)
          loose.push({ y: segment.at, x0: segment.from, x1: segment.to, color: segment.color });
      }
      continue;
    }
    if (isLabelledDrawing(built.table, shapes)) {
      drawings.push(built.table.box);
      continue;
    }
    tables.push(splitMergedCells(built.table));
    const inside = new Set(built.lines);
    remaining = remaining.filter((line) => !inside.has(line));
  }
  // Tables without a grid, away from the ruled ones.
  const open = detectOpenTables(
    remaining,
    loose,
    fills.filter((fill) => !tables.some((table) => contains(table.box, fill.box))),
    tables,
  );
  return { tables: nestTables([...tables, ...open.tables]), lines: open.lines, drawings };
}

/**
 * A grid of rules whose cells are mostly empty and hold a letter or two where they hold anything (P, X, g1, (0)) is
 * a labelled drawing: a geometric construction, axes with a right angle marked. A table's cells are nearly all
 * filled, and with words or numbers. Under eight cells it is left a table, unless a shape is drawn in it.
 */
function isLabelledDrawing(table: Table, shapes: readonly Box[]): boolean {
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
  const minCells = hasShape ? MIN_DRAWING_CELLS_WITH_SHAPES : MIN_DRAWING_CELLS;
  if (cells.length < minCells || texts.length === 0) return false;
  const mean = texts.reduce((sum, text) => sum + text.length, 0) / texts.length;
  return (
    texts.length < MAX_DRAWING_FILLED_SHARE * cells.length &&
    mean <= MAX_LABEL_MEAN_CHARACTERS &&
    texts.every((text) => text.length <= MAX_LABEL_CHARACTERS)
  );
}

/** The area a cluster of rules spans. */
function spanArea(cluster: readonly Segment[]): number {
  const xs = cluster.flatMap((s) => (s.isHorizontal ? [s.from, s.to] : [s.at]));
  const ys = cluster.flatMap((s) => (s.isHorizontal ? [s.at] : [s.from, s.to]));
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
}

/** Tables inside a cell of another go into that cell (the smallest that holds them); the rest, top to bottom. */
function nestTables(tables: readonly Table[]): Table[] {
  const area = (box: Box) => (box.x1 - box.x0) * (box.y1 - box.y0);
  const bySize = [...tables].sort((a, b) => area(a.box) - area(b.box));
  const nested = new Set<Table>();
  for (const [index, table] of bySize.entries()) {
    const host = bySize
      .slice(index + 1)
      .flatMap((outer) => outer.rows.flat())
      .find((cell) => contains(cell.box, table.box));
    if (!host) continue;
    (host.tables ??= []).push(table);
    nested.add(table);
  }
  return tables.filter((table) => !nested.has(table)).sort((a, b) => a.box.y0 - b.box.y0);
}

const contains = (outer: Box, inner: Box): boolean =>
  inner.x0 >= outer.x0 - SNAP &&
  inner.x1 <= outer.x1 + SNAP &&
  inner.y0 >= outer.y0 - SNAP &&
  inner.y1 <= outer.y1 + SNAP;

function toSegment(rule: Rule): Segment {
  const { box } = rule;
  const isHorizontal = box.x1 - box.x0 >= box.y1 - box.y0;
  return isHorizontal
    ? { isHorizontal, at: centerY(box), from: box.x0, to: box.x1, color: rule.color }
    : { isHorizontal, at: centerX(box), from: box.y0, to: box.y1, color: rule.color };
}

function touches(a: Segment, b: Segment): boolean {
  if (a.isHorizontal === b.isHorizontal) {
    return Math.abs(a.at - b.at) <= SNAP && a.from <= b.to + SNAP && b.from <= a.to + SNAP;
  }
  return b.at >= a.from - SNAP && b.at <= a.to + SNAP && a.at >= b.from - SNAP && a.at <= b.to + SNAP;
}

function clusterSegments(segments: readonly Segment[]): Segment[][] {
  const parent = segments.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index] as number] as number;
    return index;
  };
  for (let a = 0; a < segments.length; a += 1) {
    for (let b = a + 1; b < segments.length; b += 1) {
      if (touches(segments[a] as Segment, segments[b] as Segment)) parent[find(a)] = find(b);
    }
  }
  const groups = new Map<number, Segment[]>();
  segments.forEach((segment, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(segment);
    else groups.set(root, [segment]);
  });
  return [...groups.values()];
}
