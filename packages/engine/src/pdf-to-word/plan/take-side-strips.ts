import type { Table, TableCell } from '../tables/table-model.ts';
import { centerY, type Box, type Line } from '../model/layout-model.ts';
import type { Gutter } from './reading-order.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Takes the lines standing beside a table, within its height and in the same column of the page, into the table: a
 * column of its own on that side, one cell merged down all its rows, with no rules. Word sets a paragraph above or
 * below a table, never beside it, so left in the flow they would push the table down by their whole height (a
 * form's "PRINT CLEARLY" spelled down the side of its name and address grid, one letter a line, moved the grid 80
 * points down and spilled the page onto a second one). Only a narrow strip is taken (`SETTINGS.plan.maxStripShare`), never
 * across a gutter or another table: text in the next column, or a paragraph wrapped around a small table, stays.
 */
export function takeSideStrips(
  tables: readonly Table[],
  lines: readonly Line[],
  gutters: readonly Gutter[],
): { tables: Table[]; lines: Line[] } {
  const taken = new Set<Line>();
  const result = tables.map((table) => {
    let widened = table;
    for (const side of ['left', 'right'] as const) {
      const strip = stripBeside(widened, side, lines, tables, gutters).filter((line) => !taken.has(line));
      if (strip.length === 0) continue;
      for (const line of strip) taken.add(line);
      widened = withSideColumn(widened, side, strip);
    }
    return widened;
  });
  return { tables: result, lines: lines.filter((line) => !taken.has(line)) };
}

function stripBeside(
  table: Table,
  side: 'left' | 'right',
  lines: readonly Line[],
  tables: readonly Table[],
  gutters: readonly Gutter[],
): Line[] {
  const { box } = table;
  // The gutter nearest the table on that side bounds its column: lines past its middle are the next column's.
  const middles = gutters.map((gutter) => (gutter.x0 + gutter.x1) / 2);
  const bound =
    side === 'left'
      ? Math.max(-Infinity, ...middles.filter((middle) => middle < box.x0))
      : Math.min(Infinity, ...middles.filter((middle) => middle > box.x1));
  const isBeside = (line: Line) =>
    centerY(line.box) > box.y0 &&
    centerY(line.box) < box.y1 &&
    (side === 'left'
      ? line.box.x1 <= box.x0 && line.box.x1 > bound
      : line.box.x0 >= box.x1 && line.box.x0 < bound);
  const candidates = lines.filter(isBeside);
  if (candidates.length === 0) return [];
  const reach: Box = {
    x0: side === 'left' ? Math.min(...candidates.map((line) => line.box.x0)) : box.x1,
    x1: side === 'left' ? box.x0 : Math.max(...candidates.map((line) => line.box.x1)),
    y0: box.y0,
    y1: box.y1,
  };
  const isApart =
    reach.x1 - reach.x0 > SETTINGS.plan.maxStripShare * (box.x1 - box.x0) ||
    (side === 'left' ? reach.x0 < bound : reach.x1 > bound) ||
    tables.some(
      (other) =>
        other !== table &&
        other.box.x0 < reach.x1 &&
        other.box.x1 > reach.x0 &&
        other.box.y0 < reach.y1 &&
        other.box.y1 > reach.y0,
    );
  return isApart ? [] : candidates;
}

/** The table with a column added on `side` holding `strip` in one cell merged down its rows. */
function withSideColumn(table: Table, side: 'left' | 'right', strip: readonly Line[]): Table {
  const edge =
    side === 'left'
      ? Math.min(...strip.map((line) => line.box.x0)) - SETTINGS.plan.stripPadding
      : Math.max(...strip.map((line) => line.box.x1)) + SETTINGS.plan.stripPadding;
  const [x0, x1] = side === 'left' ? [edge, table.box.x0] : [table.box.x1, edge];
  const isMerged = table.rows.length > 1;
  const rows = table.rows.map((cells, rowIndex): TableCell[] => {
    const isFirst = rowIndex === 0;
    const cell: TableCell = {
      col: side === 'left' ? 0 : table.xs.length - 1,
      colSpan: 1,
      ...(isMerged ? { verticalMerge: isFirst ? ('restart' as const) : ('continue' as const) } : {}),
      lines: isFirst ? [...strip] : [],
      // The first cell of the merge holds the text, set from the table's top.
      box: isFirst
        ? { x0, y0: table.box.y0, x1, y1: table.box.y1 }
        : { x0, y0: table.ys[rowIndex] as number, x1, y1: table.ys[rowIndex + 1] as number },
      edges: { top: false, bottom: false, left: false, right: false },
    };
    return side === 'left'
      ? [cell, ...cells.map((other) => ({ ...other, col: other.col + 1 }))]
      : [...cells, cell];
  });
  return {
    ...table,
    box: { ...table.box, x0: Math.min(table.box.x0, x0), x1: Math.max(table.box.x1, x1) },
    xs: side === 'left' ? [x0, ...table.xs] : [...table.xs, x1],
    rows,
  };
}
