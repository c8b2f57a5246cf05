import { describe, expect, it } from 'vitest';
import type { Table, TableCell } from '../tables/table-model.ts';
import { takeSideStrips } from './take-side-strips.ts';
import { ALL_EDGES, line } from '../model/test-layout.ts';

/** A ruled grid from x 110 to 580 of three rows 24 points high from y 72, its cells holding `texts`. */
function grid(texts: readonly string[]): Table {
  const xs = [110, 280, 580];
  const ys = [72, 96, 120, 144];
  const rows = ys.slice(1).map((bottom, row): TableCell[] =>
    xs.slice(1).map((right, col) => {
      const box = { x0: xs[col] as number, y0: ys[row] as number, x1: right, y1: bottom };
      const text = texts[row * 2 + col];
      return {
        col,
        colSpan: 1,
        lines: text ? [line(text, box.x0 + 4, box.y0 + 10)] : [],
        box,
        edges: ALL_EDGES,
      };
    }),
  );
  return { box: { x0: 110, y0: 72, x1: 580, y1: 144 }, xs, ys, rows, borderColor: '000000' };
}

/** "PRINT" spelled down the page, one letter a line, from y 80. */
const lettersAt = (x: number) => [...'PRINT'].map((letter, index) => line(letter, x, 80 + index * 8));

describe('takeSideStrips', () => {
  it("takes a form's lettering down the side of its grid into a column of the grid, merged down its rows", () => {
    const letters = lettersAt(96);
    const above = line('For the year 2010', 112, 66);
    const { tables, lines } = takeSideStrips([grid(['First name', 'Last name'])], [above, ...letters], []);
    expect(lines).toEqual([above]);
    const [table] = tables;
    expect(table?.xs).toEqual([95, 110, 280, 580]);
    expect(table?.box.x0).toBe(95);
    const firstColumn = table?.rows.map((cells) => cells[0]);
    expect(firstColumn?.map((cell) => cell?.verticalMerge)).toEqual(['restart', 'continue', 'continue']);
    expect(firstColumn?.[0]?.lines).toEqual(letters);
    expect(firstColumn?.[0]?.box).toEqual({ x0: 95, y0: 72, x1: 110, y1: 144 });
    expect(firstColumn?.every((cell) => cell && !Object.values(cell.edges).some(Boolean))).toBe(true);
    // The grid's own cells move one column right.
    expect(table?.rows[0]?.slice(1).map((cell) => [cell.col, cell.lines[0]?.text])).toEqual([
      [1, 'First name'],
      [2, 'Last name'],
    ]);
  });

  it('takes a narrow strip on the right too', () => {
    const notes = [line('Boxes', 584, 84), line('checked', 584, 96)];
    const table = { ...grid(['a', 'b']), box: { x0: 110, y0: 72, x1: 500, y1: 144 }, xs: [110, 280, 500] };
    const { tables, lines } = takeSideStrips([table], notes, []);
    expect(lines).toEqual([]);
    expect(tables[0]?.xs.at(-1)).toBe(620);
    expect(tables[0]?.rows[0]?.at(-1)?.lines).toEqual(notes);
  });

  it('leaves the next column of the page, text wider than a strip and a line above the grid where they are', () => {
    const labels = [line('Name,', 36, 84), line('Address', 36, 96)];
    const gutters = [{ x0: 83, x1: 94 }];
    expect(takeSideStrips([grid(['a', 'b'])], labels, gutters).lines).toEqual(labels);
    // A paragraph wrapped around a small grid is as wide as the grid.
    const small = { ...grid(['a', 'b']), box: { x0: 110, y0: 72, x1: 280, y1: 144 }, xs: [110, 200, 280] };
    const prose = [line('text that wraps around the small table here', 290, 84, { x1: 580 })];
    expect(takeSideStrips([small], prose, []).lines).toEqual(prose);
    const over = line('Title', 112, 60);
    expect(takeSideStrips([grid(['a', 'b'])], [over], []).tables[0]?.xs).toEqual([110, 280, 580]);
  });
});
