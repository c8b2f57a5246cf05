import { centerX, centerY, overlap, type Box, type Fill, type Line } from '../model/layout-model.ts';
import { boxOf, columnAt, columnGaps, isRunningText, rowsOf } from './text-grid.ts';
import type { Table, TableCell } from './table-model.ts';
import { areChartBars, isCrossedByRule } from './chart-or-table.ts';
import { findShading } from './ruled-table.ts';
import { type OpenRule } from './segments.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Tables without a grid: rows between horizontal rules of the same width (the three rules of a scientific paper's
 * table, or a rule under every row), and rows on stripes of shading of the same width. The columns are where the
 * rows' text leaves a gap all the way down; a table must have at least two columns and two rows, and most of its
 * rows must use two columns or more, so that running text between two rules, or on a coloured band, is never taken
 * for a table. The rules and fills become the cells' borders and shading.
 */
export function detectOpenTables(
  lines: readonly Line[],
  rules: readonly OpenRule[],
  fills: readonly Fill[],
  ruled: readonly Table[] = [],
): { tables: Table[]; lines: Line[] } {
  const tables: Table[] = [];
  const taken = () => [...ruled, ...tables].map((table) => table.box);
  let remaining = [...lines];
  for (const region of [...ruleRegions(rules, remaining), ...fillRegions(fills)]) {
    const isTaken = taken().some(
      (box) =>
        overlap(box.y0, box.y1, region.y0, region.y1) > 0 &&
        overlap(box.x0, box.x1, region.x0, region.x1) > 0,
    );
    if (isTaken) continue;
    const table = buildOpenTable(region, remaining, rules, fills);
    if (!table) continue;
    tables.push(table);
    const inside = new Set(table.rows.flatMap((row) => row.flatMap((cell) => cell.lines)));
    remaining = remaining.filter((line) => !inside.has(line));
  }
  return { tables, lines: remaining };
}

/** Stacks of horizontal rules of one width, split where running text stands between two of them. */
function ruleRegions(rules: readonly OpenRule[], lines: readonly Line[]): Box[] {
  const regions: Box[] = [];
  for (const stack of stacks(rules.filter((rule) => rule.x1 - rule.x0 >= SETTINGS.tables.minTableWidth))) {
    let start = stack[0] as OpenRule;
    for (let index = 1; index < stack.length; index += 1) {
      const previous = stack[index - 1] as OpenRule;
      const next = stack[index] as OpenRule;
      const between = rowsOf(linesIn(lines, { x0: start.x0, y0: previous.y, x1: start.x1, y1: next.y }));
      const proseRows = between.filter(
        (row) =>
          row.length === 1 &&
          boxOf(row).x1 - boxOf(row).x0 >= SETTINGS.tables.proseWidthShare * (start.x1 - start.x0),
      ).length;
      if (proseRows >= SETTINGS.tables.minProseRows) {
        if (previous !== start) regions.push({ x0: start.x0, y0: start.y, x1: start.x1, y1: previous.y });
        start = next;
      }
    }
    const last = stack.at(-1) as OpenRule;
    if (last !== start) regions.push({ x0: start.x0, y0: start.y, x1: start.x1, y1: last.y });
  }
  return regions;
}

/** Stripes of shading of one width, each within about a row of the next. */
function fillRegions(fills: readonly Fill[]): Box[] {
  const stripes = fills
    .filter(
      (fill) =>
        !fill.isHighlight &&
        fill.color !== 'FFFFFF' &&
        fill.box.x1 - fill.box.x0 >= SETTINGS.tables.minTableWidth,
    )
    .map((fill) => ({ y: fill.box.y0, y1: fill.box.y1, x0: fill.box.x0, x1: fill.box.x1 }));
  type Stripe = (typeof stripes)[number];
  const regions: Box[] = [];
  const addRun = (run: readonly Stripe[]) => {
    const first = run[0];
    const second = run[1];
    const last = run.at(-1);
    if (!first || !second || !last || areChartBars(stripes, first, last)) return;
    // A stripe on every other row: the unshaded row after the last stripe belongs to the table too.
    const pitch = second.y - first.y;
    const isAlternate = pitch > SETTINGS.tables.minAlternatePitch * (first.y1 - first.y);
    regions.push({ x0: first.x0, y0: first.y, x1: first.x1, y1: isAlternate ? last.y + pitch : last.y1 });
  };
  for (const stack of stacks(stripes)) {
    let run: Stripe[] = [];
    for (const stripe of stack) {
      const previous = run.at(-1);
      if (previous && stripe.y - previous.y1 > SETTINGS.tables.maxFillGap * (stripe.y1 - stripe.y)) {
        addRun(run);
        run = [];
      }
      run.push(stripe);
    }
    addRun(run);
  }
  return regions;
}

/** Rules grouped by their left and right ends, each group top to bottom. */
function stacks<T extends { y: number; x0: number; x1: number }>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const item of [...items].sort((a, b) => a.y - b.y)) {
    const group = groups.find(
      (candidate) =>
        Math.abs((candidate[0] as T).x0 - item.x0) <= SETTINGS.tables.align &&
        Math.abs((candidate[0] as T).x1 - item.x1) <= SETTINGS.tables.align,
    );
    if (group) {
      if (item.y - (group.at(-1) as T).y > SETTINGS.tables.align * SETTINGS.tables.sameHeightShare)
        group.push(item);
    } else groups.push([item]);
  }
  return groups.filter((group) => group.length >= 2);
}

function linesIn(lines: readonly Line[], box: Box): Line[] {
  return lines.filter((line) => {
    const x = centerX(line.box);
    const y = centerY(line.box);
    return (
      !line.isVertical &&
      line.text.trim() !== '' &&
      x >= box.x0 - SETTINGS.tables.align &&
      x <= box.x1 + SETTINGS.tables.align &&
      y > box.y0 &&
      y < box.y1 &&
      line.box.x0 >= box.x0 - SETTINGS.tables.overhangAligns * SETTINGS.tables.align &&
      line.box.x1 <= box.x1 + SETTINGS.tables.overhangAligns * SETTINGS.tables.align
    );
  });
}

/** The table whose rows and columns the text of `region` makes, rules and fills giving its borders; or null. */
export function buildOpenTable(
  region: Box,
  lines: readonly Line[],
  rules: readonly OpenRule[],
  fills: readonly Fill[],
): Table | null {
  // Text that starts inside and runs out of the region is running text beside it, or the region is no table.
  const isStray = (line: Line) =>
    centerY(line.box) > region.y0 &&
    centerY(line.box) < region.y1 &&
    overlap(line.box.x0, line.box.x1, region.x0, region.x1) > 0 &&
    (line.box.x0 < region.x0 - SETTINGS.tables.overhangAligns * SETTINGS.tables.align ||
      line.box.x1 > region.x1 + SETTINGS.tables.overhangAligns * SETTINGS.tables.align);
  if (lines.some(isStray)) return null;
  if (linesIn(lines, region).some((line) => isCrossedByRule(line, rules))) return null;
  const rows = rowsOf(linesIn(lines, region));
  if (rows.length < 2) return null;
  const gaps = columnGaps(rows, region.x0, region.x1);
  if (gaps.length === 0) return null;
  const xs = [region.x0, ...gaps, region.x1];
  const columnOf = (x: number) => columnAt(xs, x);
  const multiColumnRows = rows.filter(
    (row) => new Set(row.map((line) => columnOf(centerX(line.box)))).size >= 2,
  );
  if (
    multiColumnRows.length < 2 ||
    multiColumnRows.length < rows.length * SETTINGS.tables.minMultiColumnShare
  )
    return null;
  if (isRunningText(rows, xs)) return null;

  const ys = [region.y0];
  for (let index = 1; index < rows.length; index += 1) {
    const above = boxOf(rows[index - 1] as Line[]).y1;
    const below = boxOf(rows[index] as Line[]).y0;
    const rule = rules.find(
      (candidate) =>
        candidate.y >= above - SETTINGS.tables.rowRuleSlack &&
        candidate.y <= below + SETTINGS.tables.rowRuleSlack &&
        overlap(candidate.x0, candidate.x1, region.x0, region.x1) > 0,
    );
    ys.push(rule ? rule.y : (above + below) / 2);
  }
  ys.push(region.y1);
  const hasRuleAt = (y: number, from: number, to: number) =>
    rules.some(
      (rule) =>
        Math.abs(rule.y - y) <= SETTINGS.tables.align * SETTINGS.tables.sameHeightShare &&
        overlap(rule.x0, rule.x1, from, to) >= (to - from) * SETTINGS.tables.minEdgeCoverShare,
    );
  const tableRows = rows.map((row, rowIndex): TableCell[] => {
    const top = ys[rowIndex] as number;
    const bottom = ys[rowIndex + 1] as number;
    const cells: TableCell[] = [];
    // A piece starts in the column where it begins, unless another piece of the row belongs there (a header wider
    // than the right-aligned figures under it begins in the column to their left): then in the next column toward
    // the one it overlaps most. It reaches over the columns to its end where no other piece belongs.
    const homes = new Map(row.map((line) => [line, homeColumn(line, xs)]));
    const isOthers = (col: number, line: Line) =>
      row.some((other) => other !== line && homes.get(other) === col);
    const starts = new Map(
      row.map((line) => {
        const home = homes.get(line) ?? 0;
        let start = Math.min(home, line.box.x0 < region.x0 ? 0 : columnOf(line.box.x0 + 1));
        while (start < home && isOthers(start, line)) start += 1;
        return [line, start];
      }),
    );
    for (let col = 0; col < xs.length - 1; col += 1) {
      const inCell = row.filter((line) => starts.get(line) === col);
      const reach = Math.max(col, ...inCell.map((line) => columnOf(line.box.x1 - 1)));
      let spanEnd = col;
      while (spanEnd < reach && !inCell.some((line) => isOthers(spanEnd + 1, line))) spanEnd += 1;
      const covering = cells.at(-1);
      if (covering && covering.col + covering.colSpan > col) continue;
      const box = { x0: xs[col] as number, y0: top, x1: xs[spanEnd + 1] as number, y1: bottom };
      const shading = findShading(box, fills);
      cells.push({
        col,
        colSpan: spanEnd - col + 1,
        lines: inCell,
        box,
        edges: {
          top: hasRuleAt(top, box.x0, box.x1),
          bottom: hasRuleAt(bottom, box.x0, box.x1),
          left: false,
          right: false,
        },
        ...(shading ? { shading } : {}),
      });
    }
    return cells;
  });
  return { box: region, xs, ys, rows: tableRows, borderColor: ruleColor(rules, region) };
}

/** The column a piece of text overlaps most, among the column edges `xs`. */
function homeColumn(line: Line, xs: readonly number[]): number {
  let home = columnAt(xs, centerX(line.box));
  let most = 0;
  for (let col = 0; col < xs.length - 1; col += 1) {
    const shared = overlap(line.box.x0, line.box.x1, xs[col] as number, xs[col + 1] as number);
    if (shared > most) [home, most] = [col, shared];
  }
  return home;
}

/** The colour of the first rule along the region (the table's rules are one colour). */
function ruleColor(rules: readonly OpenRule[], region: Box): string {
  const inside = rules.filter(
    (rule) =>
      rule.y >= region.y0 - 1 &&
      rule.y <= region.y1 + 1 &&
      overlap(rule.x0, rule.x1, region.x0, region.x1) > 0,
  );
  return inside[0]?.color ?? '000000';
}
