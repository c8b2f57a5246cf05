import { describe, expect, it } from 'vitest';
import { detectTables } from './detect-tables.ts';
import type { Rule } from '../model/layout-model.ts';
import { line } from '../model/test-layout.ts';

const horizontal = (y: number, x0: number, x1: number): Rule => ({
  box: { x0, y0: y - 0.25, x1, y1: y + 0.25 },
  color: '000000',
});
const vertical = (x: number, y0: number, y1: number): Rule => ({
  box: { x0: x - 0.25, y0, x1: x + 0.25, y1 },
  color: '000000',
});

describe('detectTables', () => {
  it('turns a ruled 2×3 grid into a table and moves its lines into the cells', () => {
    const rules = [
      ...[100, 120, 140].map((y) => horizontal(y, 50, 350)),
      ...[50, 150, 250, 350].map((x) => vertical(x, 100, 140)),
    ];
    const lines = [line('a', 60, 114), line('b', 160, 114), line('c', 260, 134), line('outside', 60, 200)];
    const { tables, lines: rest } = detectTables(lines, rules, []);
    expect(tables).toHaveLength(1);
    expect(
      tables[0]?.rows.map((row) => row.map((cell) => cell.lines.map((item) => item.text).join(''))),
    ).toEqual([
      ['a', 'b', ''],
      ['', '', 'c'],
    ]);
    expect(rest.map((item) => item.text)).toEqual(['outside']);
  });

  it('reads a grid of rules with a few one-letter labels as a drawing, not a table', () => {
    // Axes and a right angle marked on a 2×4 grid, with P, X and 0 in three of its eight cells.
    const rules = [
      ...[100, 150, 200].map((y) => horizontal(y, 50, 450)),
      ...[50, 150, 250, 350, 450].map((x) => vertical(x, 100, 200)),
    ];
    const labels = [line('P', 60, 114), line('X', 260, 164), line('0', 360, 190)];
    const { tables, drawings, lines: rest } = detectTables(labels, rules, []);
    expect(tables).toEqual([]);
    expect(drawings).toEqual([{ x0: 50, y0: 100, x1: 450, y1: 200 }]);
    expect(rest).toHaveLength(3);
    // The same grid with a word or a number in most cells is a table.
    const filled = [50, 150, 250, 350].flatMap((x, column) =>
      [114, 164].map((y, row) => line(column + row === 0 ? '' : `Row ${row} ${column}`, x + 10, y)),
    );
    expect(detectTables(filled, rules, []).tables).toHaveLength(1);
  });

  it('reads a small grid of labels as a drawing when a shape is drawn in it (an axis with its arrowhead)', () => {
    const rules = [
      ...[100, 120, 140].map((y) => horizontal(y, 50, 350)),
      ...[50, 150, 250, 350].map((x) => vertical(x, 100, 140)),
    ];
    const labels = [line('X', 60, 114), line('P', 160, 114), line('g1', 260, 134)];
    const arrowhead = { x0: 340, y0: 117, x1: 346, y1: 123 };
    expect(detectTables(labels, rules, [], [arrowhead]).drawings).toHaveLength(1);
    // Without it, six cells are too few to tell from a form's boxes: a table.
    expect(detectTables(labels, rules, []).tables).toHaveLength(1);
  });

  it('merges cells where a rule is missing', () => {
    const rules = [
      ...[100, 120, 140].map((y) => horizontal(y, 50, 350)),
      vertical(50, 100, 140),
      vertical(200, 120, 140),
      vertical(350, 100, 140),
    ];
    const { tables } = detectTables(
      [line('header', 60, 114), line('x', 60, 134), line('y', 210, 134)],
      rules,
      [],
    );
    expect(tables[0]?.rows[0]).toHaveLength(1);
    expect(tables[0]?.rows[0]?.[0]?.colSpan).toBe(2);
  });

  it('leaves a frame around one paragraph alone', () => {
    const rules = [
      horizontal(100, 50, 350),
      horizontal(140, 50, 350),
      vertical(50, 100, 140),
      vertical(350, 100, 140),
    ];
    const { tables, lines } = detectTables([line('boxed text', 60, 120)], rules, []);
    expect(tables).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('cuts a line read across a cell rule at the space where the rule falls', () => {
    const rules = [
      ...[100, 120, 140].map((y) => horizontal(y, 50, 150)),
      ...[50, 72, 150].map((x) => vertical(x, 100, 140)),
    ];
    // "12 34" is one run, 5 points a character from x 60: the rule at 72 falls on its space.
    const { tables } = detectTables(
      [line('12 34', 60, 114), line('a', 60, 134), line('b', 80, 134)],
      rules,
      [],
    );
    expect(
      tables[0]?.rows.map((row) => row.map((cell) => cell.lines.map((item) => item.text).join(''))),
    ).toEqual([
      ['12', '34'],
      ['a', 'b'],
    ]);
  });
});
