import { writeLetterPage, writePdf, type PdfObject } from '@quire/test-kit/hostile-pdfs';

/** Text at (x, y) in Helvetica of `size` points, in grey level `gray` (0 black, 1 white). */
const text = (x: number, y: number, value: string, size = 10, gray = 0) =>
  `BT ${gray} g /F1 ${size} Tf ${x} ${y} Td (${value}) Tj ET`;

/** The rows of the built tables: a header and four rows of three cells. */
export const TABLE_ROWS = [
  ['Item', 'Qty', 'Price'],
  ['Apples', '3', '1.20'],
  ['Pears', '12', '2.10'],
  ['Plums', '8', '0.90'],
  ['Cherries', '250', '14.75'],
] as const;

const COLUMN_X = [80, 170, 220];

/**
 * A page of two columns of running text with, at the top of the left column, "TABLE I" and a table of the style of
 * scientific papers: a rule above it, one under its header and one under it, and no other rule.
 */
export function createThreeRuleTablePdf(): Buffer {
  const prose = (x: number, top: number, count: number) =>
    Array.from({ length: count }, (_, index) =>
      text(x, top - index * 13, 'Running text of the column goes on here, line', 10),
    );
  const rows = TABLE_ROWS.flatMap((row, index) =>
    row.map((cell, col) => text(COLUMN_X[col] as number, 686 - index * 16 - (index > 0 ? 4 : 0), cell)),
  );
  const content = [
    text(150, 720, 'TABLE I', 10),
    '0 g 72 700 200 0.8 re f',
    '0 g 72 680 200 0.5 re f',
    '0 g 72 610 200 0.8 re f',
    ...rows,
    ...prose(72, 580, 20),
    ...prose(320, 720, 31),
  ].join('\n');
  return writeLetterPage(content);
}

/**
 * A table drawn only with shading: a dark blue header (336699) with white text, then rows on light blue stripes
 * (DDEEFF) every other row, no rule at all; a paragraph above and one below.
 */
export function createShadedTablePdf(): Buffer {
  const top = 660;
  const pitch = 18;
  const stripes = TABLE_ROWS.map((_, index) => {
    const y = top - index * pitch - 5;
    if (index === 0) return `0.2 0.4 0.6 rg 72 ${y} 220 ${pitch} re f`;
    return index % 2 === 0 ? `0.867 0.933 1 rg 72 ${y} 220 ${pitch} re f` : '';
  });
  const rows = TABLE_ROWS.flatMap((row, index) =>
    row.map((cell, col) => text(COLUMN_X[col] as number, top - index * pitch, cell, 10, index === 0 ? 1 : 0)),
  );
  return writeLetterPage(
    [
      text(72, 700, 'The prices of the week are these:', 12),
      ...stripes.filter(Boolean),
      ...rows,
      text(72, 540, 'Prices are per kilogram.', 12),
    ].join('\n'),
  );
}

/** Stroked grid lines at `xs` (top to bottom between `y0` and `y1`) and `ys` (left to right between `x0` and `x1`). */
function grid(xs: readonly number[], ys: readonly number[]): string {
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  return [
    '0 G 0.8 w',
    ...xs.map((x) => `${x} ${y0} m ${x} ${y1} l S`),
    ...ys.map((y) => `${x0} ${y} m ${x1} ${y} l S`),
  ].join('\n');
}

/** The cells of the table nested in the top right cell of a 2 × 2 table, whose other cells say where they are. */
export const NESTED_ROWS = [
  ['A1', 'B1'],
  ['A2', 'B2'],
] as const;

/**
 * A ruled 2 × 2 table ("North west", its nested table, "South west", "South east") whose top right cell holds a
 * ruled 2 × 2 table of its own, drawn inside the cell with a margin.
 */
export function createNestedTablePdf(): Buffer {
  return writeLetterPage(
    [
      grid([72, 272, 472], [500, 600, 700]),
      grid([292, 372, 452], [620, 650, 680]),
      text(80, 685, 'North west'),
      text(80, 585, 'South west'),
      text(280, 585, 'South east'),
      text(300, 665, 'A1'),
      text(380, 665, 'B1'),
      text(300, 635, 'A2'),
      text(380, 635, 'B2'),
    ].join('\n'),
  );
}

/** The counts of the report pages of `createCountsReportPdf`: per page, rows of a county and four figures. */
export const REPORT_PAGES = [
  [
    ['Apache', '44', '27,462', '10,808', '52,297'],
    ['Cochise', '55', '19,023', '30,069', '76,985'],
    ['Coconino', '75', '35,334', '22,701', '87,807'],
    ['Maricopa', '906', '733,721', '852,888', '2,493,350'],
  ],
  [
    ['Mohave', '24', '19,140', '75,767', '143,624'],
    ['Navajo', '14', '23,795', '25,770', '69,975'],
    ['Pima', '278', '245,367', '176,430', '638,819'],
    ['Yuma', '47', '31,798', '32,479', '106,625'],
  ],
] as const;

/**
 * A report of registration counts as a state's election office prints one (a reporting tool, no grid): on each of
 * its pages the same title, the same header row (labels set from the left of their column, wider than the figures
 * set flush right under them) with a rule under it and no other, and rows of counts grouped in thousands by commas.
 */
export function createCountsReportPdf(): Buffer {
  // Helvetica's advance widths at 8 points: digits 4.448, a comma 2.224.
  const width = (value: string) => [...value].reduce((sum, char) => sum + (char === ',' ? 2.224 : 4.448), 0);
  const header = [
    ['County', 40],
    ['Precincts', 80],
    ['Democratic', 130],
    ['Republican', 200],
    ['Total', 290],
  ] as const;
  const rightEdges = [0, 112, 180, 250, 320];
  const pageObjects: PdfObject[] = [];
  const kids: string[] = [];
  const fontObject = 3 + REPORT_PAGES.length * 2;
  REPORT_PAGES.forEach((rows, page) => {
    const content = [
      text(220, 760, 'STATE REGISTRATION REPORT', 11),
      text(520, 760, `Page: ${page + 1}`, 8),
      ...header.map(([label, x]) => text(x, 720, label, 8)),
      '0 g 36 716 294 0.8 re f',
      ...rows.flatMap((row, index) =>
        row.map((cell, col) =>
          text(col === 0 ? 40 : (rightEdges[col] as number) - width(cell), 700 - index * 12, cell, 8),
        ),
      ),
    ].join('\n');
    const pageObject = 3 + page * 2;
    kids.push(`${pageObject} 0 R`);
    pageObjects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageObject + 1} 0 R /Resources << /Font << /F1 ${fontObject} 0 R >> >> >>`,
      { dict: '<< >>', stream: Buffer.from(content) },
    );
  });
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${REPORT_PAGES.length} >>`,
    ...pageObjects,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
