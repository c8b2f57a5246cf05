import { centerX, centerY, type Box, type Fill, type Line } from './layout-model.ts';
import type { Table, TableCell } from './detect-tables.ts';
import { columnAt, columnGaps, isLeader, isRunningText, rowsOf, textRowBoundaries } from './text-grid.ts';

/** A rule as a straight segment: horizontal at y = `at` from x `from` to `to`, or vertical at x = `at`. */
export type Segment = { isHorizontal: boolean; at: number; from: number; to: number; color: string };

/** Rule ends closer than this, in points, touch; grid lines closer than this are the same line. */
export const SNAP = 3;
/** Text that a drawn rule runs through, in this share of a grid's lines (and two at least): a chart, not a table. */
const MAX_CROSSED_SHARE = 0.1;
/** A grid this big with text in fewer than this share of its cells is a chart's grid. */
const MIN_CHART_CELLS = 12;
const MIN_FILLED_SHARE = 0.25;
/** Figures (10, 0.5, 1K, 20%, −3) this close to a grid, at this many of its rules: a chart's axis. */
const TICK_LABEL = /^[-−+]?\d[\d.,]*\s?[%KkMm]?$/u;
const TICK_REACH = 30;
const MIN_AXIS_TICKS = 3;

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

/**
 * A table from a cluster of touching rules: the rules' lines and ends make the grid, and within it the text makes
 * more rows and columns where the rules leave them out (a table ruled under its header only, or with one rule
 * after its first column). Cells with no rule between them merge, unless the text shows them apart; a grid that
 * the text runs through, or that is mostly empty, is a chart.
 */
export function buildRuledTable(
  cluster: readonly Segment[],
  lines: readonly Line[],
  fills: readonly Fill[],
): { table: Table; lines: Line[] } | null {
  const horizontals = cluster.filter((segment) => segment.isHorizontal);
  const verticals = cluster.filter((segment) => !segment.isHorizontal);
  if (horizontals.length === 0 && verticals.length === 0) return null;
  const ruledXs = snapValues([...verticals.map((s) => s.at), ...horizontals.flatMap((s) => [s.from, s.to])]);
  const ruledYs = snapValues([...horizontals.map((s) => s.at), ...verticals.flatMap((s) => [s.from, s.to])]);
  const ruledColumns = ruledXs.length - 1;
  const ruledRows = ruledYs.length - 1;
  if (
    ruledColumns < 1 ||
    ruledRows < 1 ||
    ruledColumns * ruledRows < 2 ||
    (ruledColumns < 2 && ruledRows < 2)
  ) {
    return null;
  }
  const box = {
    x0: ruledXs[0] as number,
    y0: ruledYs[0] as number,
    x1: ruledXs[ruledColumns] as number,
    y1: ruledYs[ruledRows] as number,
  };
  const within = lines.filter((line) => {
    const x = centerX(line.box);
    const y = centerY(line.box);
    return x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
  });
  const inside = within.flatMap((line) => splitAtRules(line, verticals));
  if (crossedLines(inside, horizontals, verticals) >= Math.max(2, MAX_CROSSED_SHARE * inside.length))
    return null;
  if (axisTicks(lines, box, ruledXs, ruledYs) >= MIN_AXIS_TICKS) return null;

  const textXs = textColumnEdges(inside, ruledXs);
  const xs = [...ruledXs, ...textXs].sort((a, b) => a - b);
  const textYs = ruledYs.slice(1).flatMap((bottom, index) => {
    const top = ruledYs[index] as number;
    const rowLines = inside.filter((line) => centerY(line.box) > top && centerY(line.box) <= bottom);
    return rowLines.every((line) => !line.isVertical) ? textRowBoundaries(rowLines, xs) : [];
  });
  const ys = [...ruledYs, ...textYs].sort((a, b) => a - b);
  const columns = xs.length - 1;
  const rowCount = ys.length - 1;

  const cellLines: Line[][][] = Array.from({ length: rowCount }, () =>
    Array.from({ length: columns }, () => []),
  );
  let filledCells = 0;
  for (const line of inside) {
    // By its left end among the text's columns (a header over two of them starts in the first), never across a rule.
    const ruledCol = columnAt(ruledXs, centerX(line.box));
    const left = Math.min(
      Math.max(line.box.x0 + 1, ruledXs[ruledCol] as number),
      ruledXs[ruledCol + 1] as number,
    );
    const col = columnAt(xs, line.isVertical ? centerX(line.box) : left);
    const row = columnAt(ys, centerY(line.box));
    const cell = cellLines[row]?.[col];
    if (cell) {
      if (cell.length === 0) filledCells += 1;
      cell.push(line);
    }
  }
  // A frame around one paragraph, or a grid of empty boxes, is drawing, not a table; a grid of a few labels, a chart.
  if (filledCells < 2) return null;
  if (columns * rowCount >= MIN_CHART_CELLS && filledCells < MIN_FILLED_SHARE * columns * rowCount)
    return null;

  const covered = (segments: readonly Segment[], at: number, from: number, to: number): boolean =>
    segments.some(
      (segment) =>
        Math.abs(segment.at - at) <= SNAP &&
        Math.min(segment.to, to) - Math.max(segment.from, from) >= (to - from) / 2,
    );
  const isTextX = new Set(textXs);
  const rows: TableCell[][] = [];
  for (let row = 0; row < rowCount; row += 1) {
    const top = ys[row] as number;
    const bottom = ys[row + 1] as number;
    const cells: TableCell[] = [];
    for (let col = 0; col < columns; col += 1) {
      const previous = cells.at(-1);
      const x = xs[col] as number;
      // A column of the text's own parts only where the text crosses it; a ruled one where its rule is missing.
      const isOpen = isTextX.has(x)
        ? (previous?.lines.some((line) => !isLeader(line) && line.box.x1 > x + 1) ?? false)
        : verticals.length > 0 && !covered(verticals, x, top, bottom);
      const content = cellLines[row]?.[col] ?? [];
      if (previous && col > 0 && isOpen) {
        previous.colSpan += 1;
        previous.lines.push(...content);
        previous.box = { ...previous.box, x1: xs[col + 1] as number };
        previous.edges.right = covered(verticals, previous.box.x1, top, bottom);
        const flow = cellFlow(previous.lines);
        if (flow) previous.flow = flow;
        else delete previous.flow;
      } else {
        const cellBox = { x0: x, y0: top, x1: xs[col + 1] as number, y1: bottom };
        const shading = findShading(cellBox, fills);
        const flow = cellFlow(content);
        cells.push({
          col,
          colSpan: 1,
          lines: [...content],
          box: cellBox,
          edges: {
            top: covered(horizontals, top, cellBox.x0, cellBox.x1),
            bottom: covered(horizontals, bottom, cellBox.x0, cellBox.x1),
            left: covered(verticals, cellBox.x0, top, bottom),
            right: covered(verticals, cellBox.x1, top, bottom),
          },
          ...(shading ? { shading } : {}),
          ...(flow ? { flow } : {}),
        });
      }
    }
    rows.push(cells);
  }
  markVerticalMerges(rows, new Set(textYs), (at, from, to) => covered(horizontals, at, from, to));
  return {
    table: { box, xs, ys, rows, borderColor: mostCommon(cluster.map((segment) => segment.color)) },
    lines: within,
  };
}

/**
 * A line that MuPDF read across a cell's rule (a figure and the name beside it), cut at the rule into one line per
 * cell, where the rule falls between two of its style runs or at a space; else the line as it is.
 */
function splitAtRules(line: Line, verticals: readonly Segment[]): Line[] {
  const y = centerY(line.box);
  const cuts = verticals
    .filter((v) => v.at > line.box.x0 + SNAP && v.at < line.box.x1 - SNAP && v.from < y && v.to > y)
    .map((v) => v.at)
    .sort((a, b) => a - b);
  if (cuts.length === 0 || line.isVertical) return [line];
  const sideOf = (x0: number, x1: number) => {
    const side = cuts.findIndex((cut) => x1 <= cut + SNAP);
    const start = cuts.findIndex((cut) => x0 < cut - SNAP);
    return side === start ? (side < 0 ? cuts.length : side) : null;
  };
  const groups = new Map<number, Line['spans']>();
  for (const span of line.spans.flatMap((whole) => splitSpanAtCuts(whole, cuts))) {
    const side = sideOf(span.box.x0, span.box.x1);
    if (side === null) return [line];
    groups.set(side, [...(groups.get(side) ?? []), span]);
  }
  return [...groups.values()].map((spans) => {
    const text = spans.map((span) => span.text).join('');
    return {
      ...line,
      spans: spans.map((span, index) =>
        index === spans.length - 1 ? { ...span, text: span.text.trimEnd() } : span,
      ),
      text: text.trimEnd(),
      box: {
        x0: Math.min(...spans.map((span) => span.box.x0)),
        y0: line.box.y0,
        x1: Math.max(...spans.map((span) => span.box.x1)),
        y1: line.box.y1,
      },
    };
  });
}

/**
 * A style run cut at each rule it crosses, at the space nearest to where the rule falls (its characters taken as
 * equally wide, so within two characters of it); the run whole when a rule falls on no space.
 */
function splitSpanAt(span: Line['spans'][number], cut: number): Line['spans'] {
  const { box } = span;
  if (cut <= box.x0 + SNAP || cut >= box.x1 - SNAP) return [span];
  const chars = [...span.text];
  const width = (box.x1 - box.x0) / chars.length;
  const estimate = Math.round((cut - box.x0) / width);
  const spaces = chars
    .map((char, index) => (char === ' ' && Math.abs(index - estimate) <= 2 ? index : -1))
    .filter((index) => index > 0 && index < chars.length - 1)
    .sort((a, b) => Math.abs(a - estimate) - Math.abs(b - estimate));
  const space = spaces[0];
  if (space === undefined) return [span];
  return [
    { ...span, text: chars.slice(0, space).join(''), box: { ...box, x1: box.x0 + space * width } },
    { ...span, text: chars.slice(space + 1).join(''), box: { ...box, x0: box.x0 + (space + 1) * width } },
  ];
}

function splitSpanAtCuts(span: Line['spans'][number], cuts: readonly number[]): Line['spans'] {
  return cuts.reduce<Line['spans']>((spans, cut) => spans.flatMap((part) => splitSpanAt(part, cut)), [span]);
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
    const band = (box.y1 - box.y0) * 0.3;
    return (
      verticals.some((v) => v.at > box.x0 + SNAP && v.at < box.x1 - SNAP && v.from < y && v.to > y) ||
      horizontals.some((h) => h.at > box.y0 + band && h.at < box.y1 - band && h.from < x && h.to > x)
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
    if (line.box.x1 <= box.x0 + SNAP && line.box.x1 >= box.x0 - TICK_REACH) {
      const level = ys.findIndex((at) => Math.abs(at - y) <= SNAP);
      if (level >= 0) leftTicks.add(level);
    }
    if (line.box.y0 >= box.y1 - SNAP && line.box.y0 <= box.y1 + TICK_REACH) {
      const level = xs.findIndex((at) => Math.abs(at - x) <= SNAP + 1);
      if (level >= 0) bottomTicks.add(level);
    }
  }
  return Math.max(leftTicks.size, bottomTicks.size);
}

/** Gaps that the text leaves all the way down a ruled column: the columns of a table ruled only in part. */
function textColumnEdges(lines: readonly Line[], ruledXs: readonly number[]): number[] {
  const edges: number[] = [];
  for (let col = 0; col < ruledXs.length - 1; col += 1) {
    const x0 = ruledXs[col] as number;
    const x1 = ruledXs[col + 1] as number;
    const rows = rowsOf(
      lines.filter((line) => !line.isVertical && columnAt(ruledXs, centerX(line.box)) === col),
    );
    const gaps = columnGaps(rows, x0, x1);
    if (gaps.length > 0 && !isRunningText(rows, [x0, ...gaps, x1])) edges.push(...gaps);
  }
  return edges;
}

/**
 * Cells with no rule between them and the same columns as the cell above continue that cell downwards, where the
 * other cells of the row have a rule above them.
 */
function markVerticalMerges(
  rows: TableCell[][],
  textYs: ReadonlySet<number>,
  isRuled: (at: number, from: number, to: number) => boolean,
): void {
  for (let row = 1; row < rows.length; row += 1) {
    // A boundary that no cell has a rule along (rows that only the side rules' ends mark) parts every cell.
    const cellsBelow = rows[row] ?? [];
    if (!cellsBelow.some((cell) => isRuled(cell.box.y0, cell.box.x0, cell.box.x1))) continue;
    for (const cell of cellsBelow) {
      const above = rows[row - 1]?.find(
        (candidate) => candidate.col === cell.col && candidate.colSpan === cell.colSpan,
      );
      // Rows the text makes stay apart; ruled rows merge where their rule is missing.
      if (!above || textYs.has(cell.box.y0) || isRuled(cell.box.y0, cell.box.x0, cell.box.x1)) continue;
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

/** The colour of the fill behind a cell (covering at least half of it), when not white. */
export function findShading(cell: Box, fills: readonly Fill[]): string | undefined {
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
