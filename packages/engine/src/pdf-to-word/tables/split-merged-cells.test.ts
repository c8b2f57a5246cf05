import { describe, expect, it } from 'vitest';
import type { Table, TableCell } from './table-model.ts';
import type { Line } from '../model/layout-model.ts';
import { splitMergedCells } from './split-merged-cells.ts';
import { ALL_EDGES, line } from '../model/test-layout.ts';

/** A table of one row: a cell merged over the first three of four columns, then a cell of its own. */
function tableWith(lines: Line[], merge: Partial<TableCell> = {}): Table {
  const xs = [36, 100, 200, 274, 330];
  const merged: TableCell = {
    col: 0,
    colSpan: 3,
    lines,
    box: { x0: 36, y0: 646, x1: 274, y1: 673 },
    edges: ALL_EDGES,
    ...merge,
  };
  const date: TableCell = {
    col: 3,
    colSpan: 1,
    lines: [],
    box: { x0: 274, y0: 646, x1: 330, y1: 673 },
    edges: ALL_EDGES,
  };
  return {
    box: { x0: 36, y0: 646, x1: 330, y1: 673 },
    xs,
    ys: [646, 673],
    rows: [[merged, date]],
    borderColor: '000000',
  };
}

describe('splitMergedCells', () => {
  const label = [line('Joint return?', 36, 655, { x1: 78 }), line('See page 12.', 36, 664, { x1: 80 })];
  const caption = line('Your signature', 101, 653, { x1: 146 });

  it("splits a merged cell where a form's label and a field's caption stand side by side", () => {
    const [row] = splitMergedCells(tableWith([...label, caption])).rows;
    expect(row?.map((cell) => [cell.col, cell.colSpan])).toEqual([
      [0, 1],
      [1, 2],
      [3, 1],
    ]);
    expect(row?.[0]?.lines).toEqual(label);
    expect(row?.[1]?.lines).toEqual([caption]);
    // No rule between the parts, the cell's own rules outside them.
    expect(row?.[0]?.edges).toEqual({ ...ALL_EDGES, right: false });
    expect(row?.[1]?.edges).toEqual({ ...ALL_EDGES, left: false });
  });

  it('leaves a cell merged when a line runs over the boundary, or the cell is merged over rows', () => {
    const across = line('Spouse’s signature. If a joint return, both must sign.', 60, 680, { x1: 263 });
    const table = tableWith([...label, across]);
    expect(splitMergedCells(table)).toBe(table);
    const overRows = tableWith([...label, caption], { verticalMerge: 'restart' });
    expect(splitMergedCells(overRows)).toBe(overRows);
  });
});
