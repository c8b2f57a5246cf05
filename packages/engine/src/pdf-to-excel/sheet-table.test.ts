import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ALL_EDGES, box, line } from '../pdf-to-word/model/test-layout.ts';
import type { Table, TableCell } from '../pdf-to-word/tables/table-model.ts';
import { joinAcrossPages } from './join-across-pages.ts';
import { toSheetTable, toTextGrid, type SheetCell, type SheetTable } from './sheet-table.ts';
import { columnName, sheetWidth, writeXlsx } from './write-xlsx.ts';

/** A table of one-line cells on a grid of columns 100 points wide and rows 20 high, from (0, top). */
function grid(texts: readonly (readonly string[])[], top = 0, bold = false): Table {
  const xs = texts[0]?.map((_, col) => col * 100) ?? [];
  xs.push(xs.length * 100);
  const ys = [...texts.map((_, row) => top + row * 20), top + texts.length * 20];
  const rows = texts.map((row, r) =>
    row.map((text, col): TableCell => ({
      col,
      colSpan: 1,
      lines: text === '' ? [] : [line(text, col * 100 + 2, top + r * 20 + 14, { style: { isBold: bold } })],
      box: box(col * 100, top + r * 20, col * 100 + 100, top + r * 20 + 20),
      edges: ALL_EDGES,
    })),
  );
  return { box: box(0, top, xs.at(-1) as number, ys.at(-1) as number), xs, ys, rows, borderColor: '000000' };
}

describe('toSheetTable', () => {
  it('takes the rows above the first of figures for the header, bold', () => {
    const table = toSheetTable(
      grid([
        ['Model', 'Layers'],
        ['Tiny', '4'],
        ['Base', '6'],
      ]),
      1,
      800,
    );
    expect(table.headerRows).toBe(1);
    expect(table.cells.filter((cell) => cell.bold).map((cell) => cell.text)).toEqual(['Model', 'Layers']);
    expect(table.colWidths).toEqual([100, 100]);
  });

  it('makes one row of a header whose cells wrap over two lines beside the row labels’ title', () => {
    const texts = [
      ['', 'wav2vec 2.0', 'RER'],
      ['Dataset', 'Large (no LM)', '(%)'],
      ['Artie', '24.5', '74.7'],
    ];
    expect(toTextGrid(toSheetTable(grid(texts), 1, 800))).toEqual([
      ['Dataset', 'wav2vec 2.0 Large (no LM)', 'RER (%)'],
      ['Artie', '24.5', '74.7'],
    ]);
    // A first row of figures is no header: the rows stay apart.
    const figures = [
      ['', '1', '2'],
      ['Total', '3', '4'],
    ];
    expect(toTextGrid(toSheetTable(grid(figures), 1, 800))).toEqual(figures);
  });

  it('cuts a column whose cells each hold as many figures, one space apart, into that many columns', () => {
    const texts = [
      ['', 'TED Rev16', 'Average'],
      ['Greedy', '3.95 11.7', '11.0'],
      ['+ Beam', '4.16 11.5', '10.6'],
    ];
    const table = toSheetTable(grid(texts), 1, 800);
    expect(toTextGrid(table)).toEqual([
      ['', 'TED', 'Rev16', 'Average'],
      ['Greedy', '3.95', '11.7', '11.0'],
      ['+ Beam', '4.16', '11.5', '10.6'],
    ]);
    expect(table.colWidths).toEqual([100, 50, 50, 100]);
    // Groups of three digits make one number.
    const grouped = toSheetTable(
      grid([
        ['Total', 'Count'],
        ['a', '12 345'],
        ['b', '1 234'],
      ]),
      1,
      800,
    );
    expect(grouped.colCount).toBe(2);
  });
});

describe('joinAcrossPages', () => {
  const at = (table: Table, page: number): SheetTable => toSheetTable(table, page, 800);

  it('joins a table continued on the next page under its repeated header, dropping the repeat', () => {
    const first = at(
      grid(
        [
          ['Year', 'Total'],
          ['2001', '12'],
          ['2002', '13'],
        ],
        600,
      ),
      3,
    );
    const second = at(
      grid(
        [
          ['Year', 'Total'],
          ['2003', '14'],
        ],
        50,
      ),
      4,
    );
    const [joined, ...rest] = joinAcrossPages([first, second]);
    expect(rest).toEqual([]);
    expect(joined).toMatchObject({ pageNumber: 3, lastPage: 4, rowCount: 4 });
    expect(toTextGrid(joined as SheetTable).map((row) => row[0])).toEqual(['Year', '2001', '2002', '2003']);
  });

  it('keeps apart tables of other columns, and tables that are not at a page’s foot and the next one’s head', () => {
    const first = at(
      grid(
        [
          ['Year', 'Total'],
          ['2001', '12'],
        ],
        100,
      ),
      3,
    );
    const second = at(grid([['2003', '14']], 50), 4);
    expect(joinAcrossPages([first, second])).toHaveLength(2);
    const wider = at(
      grid(
        [
          ['Year', 'Total', 'Share'],
          ['2003', '14', '3%'],
        ],
        50,
      ),
      4,
    );
    expect(
      joinAcrossPages([
        at(
          grid(
            [
              ['Year', 'Total'],
              ['2001', '12'],
            ],
            600,
          ),
          3,
        ),
        wider,
      ]),
    ).toHaveLength(2);
  });
});

describe('writeXlsx', () => {
  it('names columns as spreadsheets do and sizes them from the PDF’s points', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
    expect(sheetWidth(100)).toBe(19.05);
    expect(sheetWidth(1)).toBe(4);
  });

  it('writes a sheet per plan, tables a blank row apart, merged cells merged, text escaped', () => {
    const table = toSheetTable(
      grid([
        ['A & B', '<x>'],
        ['1', '2'],
      ]),
      2,
      800,
    );
    const bytes = writeXlsx(
      [
        {
          name: 'Page 2',
          tables: [table, { ...table, cells: [{ ...(table.cells[0] as SheetCell), colSpan: 2 }] }],
        },
      ],
      { decimal: '.', dateOrder: null },
    );
    const parts = unzipSync(bytes);
    expect(Object.keys(parts)[0]).toBe('[Content_Types].xml');
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('<t xml:space="preserve">A &amp; B</t>');
    expect(sheet).toContain('&lt;x&gt;');
    expect(sheet).toContain('<row r="4">');
    expect(sheet).not.toContain('<row r="3">');
    expect(sheet).toContain('<mergeCell ref="A4:B4"/>');
    expect(strFromU8(parts['xl/workbook.xml'] ?? new Uint8Array())).toContain('<sheet name="Page 2"');
  });
});
