import { writeLetterPage } from './hostile-pdfs.ts';

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
