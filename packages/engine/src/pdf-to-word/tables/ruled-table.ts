import { centerX, centerY, type Box, type Fill, type Line } from '../model/layout-model.ts';
import { isChartGrid } from './chart-or-table.ts';
import { snapValues, type Segment } from './segments.ts';
import { SETTINGS } from '../model/settings.ts';
import { cellFlow, type Table, type TableCell } from './table-model.ts';
import { columnAt, columnGaps, isLeader, isRunningText, rowsOf, textRowBoundaries } from './text-grid.ts';

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
  const textXs = textColumnEdges(inside, ruledXs);
  const xs = [...ruledXs, ...textXs].sort((a, b) => a - b);
  const textYs = ruledYs.slice(1).flatMap((bottom, index) => {
    const top = ruledYs[index] as number;
    const rowLines = inside.filter((line) => centerY(line.box) > top && centerY(line.box) <= bottom);
    return rowLines.every((line) => !line.isVertical) ? textRowBoundaries(rowLines, xs) : [];
  });
  const ys = [...ruledYs, ...textYs].sort((a, b) => a - b);
  const { cellLines, filledCells } = placeInCells(inside, ruledXs, xs, ys);
  const grid = { box, ruledXs, ruledYs, horizontals, verticals, pageLines: lines, inside };
  if (isChartGrid({ ...grid, columns: xs.length - 1, rows: ys.length - 1, filledCells })) return null;
  const rows = buildRows({ xs, ys, isTextX: new Set(textXs), horizontals, verticals, cellLines, fills });
  markVerticalMerges(rows, new Set(textYs), (at, from, to) => covered(horizontals, at, from, to));
  return {
    table: { box, xs, ys, rows, borderColor: mostCommon(cluster.map((segment) => segment.color)) },
    lines: within,
  };
}

/**
 * The lines of a grid's text by row and column: each by its left end among the text's columns (a header over two of
 * them starts in the first), never across a rule; and how many cells hold text.
 */
function placeInCells(
  inside: readonly Line[],
  ruledXs: readonly number[],
  xs: readonly number[],
  ys: readonly number[],
): { cellLines: Line[][][]; filledCells: number } {
  const cellLines: Line[][][] = Array.from({ length: ys.length - 1 }, () =>
    Array.from({ length: xs.length - 1 }, () => []),
  );
  let filledCells = 0;
  for (const line of inside) {
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
  return { cellLines, filledCells };
}

/** Whether a rule of `segments` runs along `at` over at least `minEdgeCoverShare` (half) of `from`–`to`. */
function covered(segments: readonly Segment[], at: number, from: number, to: number): boolean {
  return segments.some(
    (segment) =>
      Math.abs(segment.at - at) <= SETTINGS.tables.snap &&
      Math.min(segment.to, to) - Math.max(segment.from, from) >=
        (to - from) * SETTINGS.tables.minEdgeCoverShare,
  );
}

/**
 * The grid's cells row by row: a cell spans the next column where the text crosses a column of its own making, or
 * where a ruled column's rule is missing; each with its rules along its sides, its shading and its text's flow.
 */
function buildRows({
  xs,
  ys,
  isTextX,
  horizontals,
  verticals,
  cellLines,
  fills,
}: {
  xs: readonly number[];
  ys: readonly number[];
  isTextX: ReadonlySet<number>;
  horizontals: readonly Segment[];
  verticals: readonly Segment[];
  cellLines: readonly Line[][][];
  fills: readonly Fill[];
}): TableCell[][] {
  const columns = xs.length - 1;
  const rowCount = ys.length - 1;
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
  return rows;
}

/**
 * A line that MuPDF read across a cell's rule (a figure and the name beside it), cut at the rule into one line per
 * cell, where the rule falls between two of its style runs or at a space; else the line as it is.
 */
function splitAtRules(line: Line, verticals: readonly Segment[]): Line[] {
  const y = centerY(line.box);
  const cuts = verticals
    .filter(
      (v) =>
        v.at > line.box.x0 + SETTINGS.tables.snap &&
        v.at < line.box.x1 - SETTINGS.tables.snap &&
        v.from < y &&
        v.to > y,
    )
    .map((v) => v.at)
    .sort((a, b) => a - b);
  if (cuts.length === 0 || line.isVertical) return [line];
  const sideOf = (x0: number, x1: number) => {
    const side = cuts.findIndex((cut) => x1 <= cut + SETTINGS.tables.snap);
    const start = cuts.findIndex((cut) => x0 < cut - SETTINGS.tables.snap);
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
 * equally wide, so within `maxCutShiftChars` characters of it); the run whole when a rule falls on no space.
 */
function splitSpanAt(span: Line['spans'][number], cut: number): Line['spans'] {
  const { box } = span;
  if (cut <= box.x0 + SETTINGS.tables.snap || cut >= box.x1 - SETTINGS.tables.snap) return [span];
  const chars = [...span.text];
  const width = (box.x1 - box.x0) / chars.length;
  const estimate = Math.round((cut - box.x0) / width);
  const spaces = chars
    .map((char, index) =>
      char === ' ' && Math.abs(index - estimate) <= SETTINGS.tables.maxCutShiftChars ? index : -1,
    )
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

/** The colour of the fill behind a cell (covering at least `minShadingShare` of it), when not white. */
export function findShading(cell: Box, fills: readonly Fill[]): string | undefined {
  const x = centerX(cell);
  const y = centerY(cell);
  const cellArea = (cell.x1 - cell.x0) * (cell.y1 - cell.y0);
  const candidates = fills.filter((fill) => {
    const { box } = fill;
    const area = (box.x1 - box.x0) * (box.y1 - box.y0);
    return (
      !fill.isHighlight &&
      x >= box.x0 &&
      x <= box.x1 &&
      y >= box.y0 &&
      y <= box.y1 &&
      area >= cellArea * SETTINGS.tables.minShadingShare
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
