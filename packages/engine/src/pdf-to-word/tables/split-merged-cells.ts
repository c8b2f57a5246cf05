import { cellFlow, type Table, type TableCell } from './table-model.ts';
import type { Line } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The table with each cell merged across columns split where its text falls into separate columns: a form's label
 * beside a field's caption with no rule between them ("Joint return? See page 12." left of "Your signature"). Merged,
 * Word sets the two one under the other in one cell and the row grows by the label's height; split at the grid's
 * column boundary no line crosses, they stay side by side, with no rule drawn between them. A boundary with no text
 * on one side is left merged, as is a cell merged over rows, holding a table, or written turned.
 */
export function splitMergedCells(table: Table): Table {
  const rows = table.rows.map((row) => row.flatMap((cell) => splitCell(cell, table.xs)));
  return rows.every((row, index) => row.length === table.rows[index]?.length) ? table : { ...table, rows };
}

function splitCell(cell: TableCell, xs: readonly number[]): TableCell[] {
  if (cell.colSpan < 2 || cell.verticalMerge || cell.tables || cell.flow || cell.lines.length < 2)
    return [cell];
  const inside = xs.slice(cell.col + 1, cell.col + cell.colSpan);
  const isCrossed = (x: number) =>
    cell.lines.some(
      (line) => line.box.x0 < x - SETTINGS.tables.crossing && line.box.x1 > x + SETTINGS.tables.crossing,
    );
  // Column indexes where a new part starts: open boundaries with text on both sides of them.
  const starts = [cell.col];
  for (const [index, x] of inside.entries()) {
    const column = cell.col + index + 1;
    const previous = xs[starts.at(-1) as number] as number;
    const hasLeft = cell.lines.some(
      (line) => (starts.length === 1 || middle(line) > previous) && middle(line) < x,
    );
    const hasRight = cell.lines.some((line) => middle(line) > x);
    if (!isCrossed(x) && hasLeft && hasRight) starts.push(column);
  }
  if (starts.length === 1) return [cell];
  const end = cell.col + cell.colSpan;
  return starts.map((col, index): TableCell => {
    const next = starts[index + 1] ?? end;
    const x0 = xs[col] as number;
    const x1 = xs[next] as number;
    const isLast = next === end;
    const lines = cell.lines.filter(
      (line) => (index === 0 || middle(line) >= x0) && (isLast || middle(line) < x1),
    );
    // A part whose text is turned is written turned (the tax form's "Form" up the side of "1040"): set across its
    // narrow cell, it broke into lines of two letters and made the row taller than the page's.
    const flow = cellFlow(lines);
    return {
      ...cell,
      col,
      colSpan: next - col,
      lines,
      box: { ...cell.box, x0, x1 },
      edges: { ...cell.edges, left: index === 0 && cell.edges.left, right: isLast && cell.edges.right },
      ...(flow ? { flow } : {}),
    };
  });
}

function middle(line: Line): number {
  return (line.box.x0 + line.box.x1) / 2;
}
