import { describe, expect, it } from 'vitest';
import { detectTables } from './detect-tables.ts';
import type { Fill, Line, Rule } from '../model/layout-model.ts';
import { line } from '../model/test-layout.ts';

const rule = (y: number, x0 = 50, x1 = 350): Rule => ({
  box: { x0, y0: y - 0.3, x1, y1: y + 0.3 },
  color: '000000',
});
const stripe = (y0: number, y1: number, color = 'DDEEFF'): Fill => ({
  box: { x0: 50, y0, x1: 350, y1 },
  color,
});

/** A row of short cells at x 60, 200 and 280 on baseline `y`. */
const row = (y: number, ...texts: string[]): Line[] =>
  texts
    .map((text, index) => line(text, [60, 200, 280][index] as number, y))
    .filter((item) => item.text !== '');

const texts = (tables: ReturnType<typeof detectTables>['tables']) =>
  tables[0]?.rows.map((cells) => cells.map((cell) => cell.lines.map((item) => item.text).join(' ')));

describe('tables without a grid', () => {
  it('reads a table of three rules (top, under the header, bottom) into rows and columns', () => {
    const lines = [
      ...row(112, 'Model', 'High', 'Low'),
      ...row(130, 'XLS-R', '36.1', '15.1'),
      ...row(145, 'Maestro', '38.2', '18.4'),
      ...row(160, 'Whisper', '36.2', '25.2'),
      line('A paragraph after the table, running across the whole column.', 50, 200),
    ];
    const { tables, lines: rest } = detectTables(lines, [rule(100), rule(117), rule(166)], []);
    expect(tables).toHaveLength(1);
    expect(texts(tables)).toEqual([
      ['Model', 'High', 'Low'],
      ['XLS-R', '36.1', '15.1'],
      ['Maestro', '38.2', '18.4'],
      ['Whisper', '36.2', '25.2'],
    ]);
    // The rules are the borders: above and below the header, and at the bottom; no side is ruled.
    const edges = tables[0]?.rows.map((cells) => cells[0]?.edges);
    expect(edges?.map((edge) => [edge?.top, edge?.bottom])).toEqual([
      [true, true],
      [true, false],
      [false, false],
      [false, true],
    ]);
    expect(tables[0]?.rows.flat().some((cell) => cell.edges.left || cell.edges.right)).toBe(false);
    expect(rest.map((item) => item.text)).toEqual([
      'A paragraph after the table, running across the whole column.',
    ]);
  });

  it('gives a header over two columns a cell that spans them', () => {
    const lines = [
      line('Word error rate', 200, 112, { x1: 330 }),
      ...row(130, 'Model', 'High', 'Low'),
      ...row(145, 'XLS-R', '36.1', '15.1'),
      ...row(160, 'Whisper', '36.2', '25.2'),
      ...row(175, 'Maestro', '38.2', '18.4'),
    ];
    const { tables } = detectTables(lines, [rule(100), rule(117), rule(181)], []);
    expect(tables[0]?.rows[0]?.map((cell) => [cell.col, cell.colSpan])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('leaves running text between two rules alone, in one column or two', () => {
    const prose = [112, 124, 136, 148].map((y) =>
      line('Running text of a paragraph that fills its column', 50, y, { x1: 350 }),
    );
    expect(detectTables(prose, [rule(100), rule(160)], []).tables).toEqual([]);
    const twoColumns = [112, 124, 136, 148].flatMap((y) => [
      line('Left column words of running text', 50, y, { x1: 190 }),
      line('Right column words of running text', 210, y, { x1: 350 }),
    ]);
    const result = detectTables(twoColumns, [rule(100), rule(160)], []);
    expect(result.tables).toEqual([]);
    expect(result.lines).toHaveLength(8);
  });

  it('reads a table drawn on shaded stripes, every other row, with its shading', () => {
    const lines = [
      ...row(112, 'Name', 'Qty', 'Price'),
      ...row(127, 'Apples', '3', '1.20'),
      ...row(142, 'Pears', '5', '2.10'),
      ...row(157, 'Plums', '8', '0.90'),
    ];
    const fills = [stripe(103, 116, '336699'), stripe(133, 146)];
    const { tables } = detectTables(lines, [], fills);
    expect(texts(tables)).toEqual([
      ['Name', 'Qty', 'Price'],
      ['Apples', '3', '1.20'],
      ['Pears', '5', '2.10'],
      ['Plums', '8', '0.90'],
    ]);
    expect(tables[0]?.rows.map((cells) => cells[0]?.shading)).toEqual([
      '336699',
      undefined,
      'DDEEFF',
      undefined,
    ]);
  });

  it('leaves one coloured bar behind a heading alone', () => {
    const { tables } = detectTables([line('Section title', 60, 112)], [], [stripe(103, 116, '336699')]);
    expect(tables).toEqual([]);
  });
});
