import { centerX, centerY, type Box, type Fill, type Line, type Rule } from './layout-model.ts';

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
};

export type Table = {
  box: Box;
  /** Column boundaries, left to right; one more than the columns. */
  xs: number[];
  /** Row boundaries, top to bottom; one more than the rows. */
  ys: number[];
  rows: TableCell[][];
  borderColor: string;
};

type Segment = { isHorizontal: boolean; at: number; from: number; to: number; color: string };

/** Rule ends closer than this, in points, touch; grid lines closer than this are the same line. */
const SNAP = 3;
/** Pages drawn with more rules than this are drawings, not tables: skip the quadratic clustering. */
const MAX_RULES = 4000;

/**
 * Finds ruled tables: clusters of touching horizontal and vertical rules whose ends and crossings make a grid of at
 * least two cells. Lines of text inside a table are moved into its cells; the rest are returned untouched.
 */
export function detectTables(
  lines: readonly Line[],
  rules: readonly Rule[],
  fills: readonly Fill[],
): { tables: Table[]; lines: Line[] } {
  if (rules.length > MAX_RULES) return { tables: [], lines: [...lines] };
  const segments = rules.map(toSegment).filter((segment) => segment.to - segment.from >= SNAP);
  const tables: Table[] = [];
  let remaining = [...lines];
  for (const cluster of clusterSegments(segments)) {
    const table = buildTable(cluster, remaining, fills);
    if (!table) continue;
    tables.push(table);
    const inside = new Set(table.rows.flatMap((row) => row.flatMap((cell) => cell.lines)));
    remaining = remaining.filter((line) => !inside.has(line));
  }
  return { tables, lines: remaining };
}

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

/** Sorted values with neighbours closer than SNAP merged into their mean. */
export function snapValues(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const value of sorted) {
    const group = groups.at(-1);
    if (group && value - (group.at(-1) ?? value) <= SNAP) group.push(value);
    else groups.push([value]);
  }
  return groups.map((group) => group.reduce((sum, value) => sum + value, 0) / group.length);
}

function buildTable(
  cluster: readonly Segment[],
  lines: readonly Line[],
  fills: readonly Fill[],
): Table | null {
  const horizontals = cluster.filter((segment) => segment.isHorizontal);
  const verticals = cluster.filter((segment) => !segment.isHorizontal);
  if (horizontals.length === 0 && verticals.length === 0) return null;
  const xs = snapValues([...verticals.map((s) => s.at), ...horizontals.flatMap((s) => [s.from, s.to])]);
  const ys = snapValues([...horizontals.map((s) => s.at), ...verticals.flatMap((s) => [s.from, s.to])]);
  const columns = xs.length - 1;
  const rowCount = ys.length - 1;
  if (columns < 1 || rowCount < 1 || columns * rowCount < 2 || (columns < 2 && rowCount < 2)) return null;
  const box = {
    x0: xs[0] as number,
    y0: ys[0] as number,
    x1: xs[columns] as number,
    y1: ys[rowCount] as number,
  };

  const cellLines: Line[][][] = Array.from({ length: rowCount }, () =>
    Array.from({ length: columns }, () => []),
  );
  let filledCells = 0;
  for (const line of lines) {
    const x = centerX(line.box);
    const y = centerY(line.box);
    if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) continue;
    const col = Math.max(0, xs.findIndex((value) => value > x) - 1);
    const row = Math.max(0, ys.findIndex((value) => value > y) - 1);
    const cell = cellLines[Math.min(row, rowCount - 1)]?.[Math.min(col, columns - 1)];
    if (cell) {
      if (cell.length === 0) filledCells += 1;
      cell.push(line);
    }
  }
  // A frame around one paragraph, or a grid of empty boxes, is drawing, not a table.
  if (filledCells < 2) return null;

  const covered = (segments: readonly Segment[], at: number, from: number, to: number): boolean =>
    segments.some(
      (segment) =>
        Math.abs(segment.at - at) <= SNAP &&
        Math.min(segment.to, to) - Math.max(segment.from, from) >= (to - from) / 2,
    );
  const rows: TableCell[][] = [];
  for (let row = 0; row < rowCount; row += 1) {
    const top = ys[row] as number;
    const bottom = ys[row + 1] as number;
    const cells: TableCell[] = [];
    for (let col = 0; col < columns; col += 1) {
      const previous = cells.at(-1);
      const hasLeftBorder = verticals.length === 0 || covered(verticals, xs[col] as number, top, bottom);
      const content = cellLines[row]?.[col] ?? [];
      if (previous && col > 0 && !hasLeftBorder) {
        previous.colSpan += 1;
        previous.lines.push(...content);
        previous.box = { ...previous.box, x1: xs[col + 1] as number };
        const flow = cellFlow(previous.lines);
        if (flow) previous.flow = flow;
        else delete previous.flow;
      } else {
        const cellBox = { x0: xs[col] as number, y0: top, x1: xs[col + 1] as number, y1: bottom };
        const shading = findShading(cellBox, fills);
        const flow = cellFlow(content);
        cells.push({
          col,
          colSpan: 1,
          lines: [...content],
          box: cellBox,
          ...(shading ? { shading } : {}),
          ...(flow ? { flow } : {}),
        });
      }
    }
    rows.push(cells);
  }
  markVerticalMerges(rows, horizontals, covered);
  return { box, xs, ys, rows, borderColor: mostCommon(cluster.map((segment) => segment.color)) };
}

/** Cells with no rule between them and the same columns as the cell above continue that cell downwards. */
function markVerticalMerges(
  rows: TableCell[][],
  horizontals: readonly Segment[],
  covered: (segments: readonly Segment[], at: number, from: number, to: number) => boolean,
): void {
  for (let row = 1; row < rows.length; row += 1) {
    for (const cell of rows[row] ?? []) {
      const above = rows[row - 1]?.find(
        (candidate) => candidate.col === cell.col && candidate.colSpan === cell.colSpan,
      );
      if (!above || covered(horizontals, cell.box.y0, cell.box.x0, cell.box.x1)) continue;
      above.verticalMerge ??= 'restart';
      cell.verticalMerge = 'continue';
      // Word shows only the first cell of a merge: its text moves up.
      let owner = above;
      for (let back = row - 1; owner.verticalMerge === 'continue' && back > 0; back -= 1) {
        owner = rows[back - 1]?.find((candidate) => candidate.col === cell.col) ?? owner;
      }
      owner.lines.push(...cell.lines);
      cell.lines = [];
    }
  }
}

/** The way all of a cell's lines run, when they are all vertical and run the same way. */
function cellFlow(lines: readonly Line[]): 'up' | 'down' | undefined {
  const flow = lines[0]?.flow;
  return flow && lines.every((line) => line.isVertical && line.flow === flow) ? flow : undefined;
}

function findShading(cell: Box, fills: readonly Fill[]): string | undefined {
  const x = centerX(cell);
  const y = centerY(cell);
  const cellArea = (cell.x1 - cell.x0) * (cell.y1 - cell.y0);
  const candidates = fills.filter((fill) => {
    const { box } = fill;
    const area = (box.x1 - box.x0) * (box.y1 - box.y0);
    return (
      !fill.isHighlight && x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1 && area >= cellArea / 2
    );
  });
  const color = candidates.at(-1)?.color;
  return color && color !== 'FFFFFF' ? color : undefined;
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '000000';
}
