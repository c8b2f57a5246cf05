import { detectOpenTables } from './detect-open-tables.ts';
import { detectTextTables } from './detect-text-tables.ts';
import { centerX, centerY, type Box, type Fill, type Line, type Rule } from '../model/layout-model.ts';
import { isLabelledDrawing } from './chart-or-table.ts';
import { buildRuledTable } from './ruled-table.ts';
import { contains, type OpenRule, type Segment } from './segments.ts';
import { splitMergedCells } from './split-merged-cells.ts';
import type { Table } from './table-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Finds ruled tables: clusters of touching horizontal and vertical rules whose ends and crossings make a grid of at
 * least two cells. Lines of text inside a table are moved into its cells; the rest are returned untouched. With
 * `withoutRules` (PDF to Excel, where a visitor wants every table as cells), tables that only their text's columns
 * make are found too; PDF to Word keeps such text as text, its reading order unchanged.
 */
export function detectTables(
  lines: readonly Line[],
  rules: readonly Rule[],
  fills: readonly Fill[],
  shapes: readonly Box[] = [],
  { withoutRules = false }: { withoutRules?: boolean } = {},
): { tables: Table[]; lines: Line[]; drawings: Box[] } {
  if (rules.length > SETTINGS.tables.maxRules) return { tables: [], lines: [...lines], drawings: [] };
  const segments = rules
    .map(toSegment)
    .filter((segment) => segment.to - segment.from >= SETTINGS.tables.snap);
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
  // Tables with no rules, or a rule under the header only, in the text that is left.
  const text = withoutRules
    ? detectTextTables(open.lines, loose, fills, [...tables, ...open.tables])
    : { tables: [], lines: open.lines };
  return {
    tables: nestTables([...tables, ...open.tables, ...text.tables]),
    lines: text.lines,
    drawings,
  };
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

function toSegment(rule: Rule): Segment {
  const { box } = rule;
  const isHorizontal = box.x1 - box.x0 >= box.y1 - box.y0;
  return isHorizontal
    ? { isHorizontal, at: centerY(box), from: box.x0, to: box.x1, color: rule.color }
    : { isHorizontal, at: centerX(box), from: box.y0, to: box.y1, color: rule.color };
}

function touches(a: Segment, b: Segment): boolean {
  if (a.isHorizontal === b.isHorizontal) {
    return (
      Math.abs(a.at - b.at) <= SETTINGS.tables.snap &&
      a.from <= b.to + SETTINGS.tables.snap &&
      b.from <= a.to + SETTINGS.tables.snap
    );
  }
  return (
    b.at >= a.from - SETTINGS.tables.snap &&
    b.at <= a.to + SETTINGS.tables.snap &&
    a.at >= b.from - SETTINGS.tables.snap &&
    a.at <= b.to + SETTINGS.tables.snap
  );
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
