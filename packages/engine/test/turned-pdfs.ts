import { writeLetterPage } from '@quire/test-kit/hostile-pdfs';

/** The lines of `createSidewaysPagePdf`, top to bottom as the reader sees them once the page is turned. */
export const SIDEWAYS_LINES = Array.from(
  { length: 12 },
  (_, index) => `Row ${index + 1}: the quick brown fox jumps over the lazy dog`,
);

/**
 * A portrait page (no /Rotate) whose content is a landscape form drawn sideways: everything turned a quarter turn
 * anticlockwise, so its text runs up the page, as a scanner-less office prints a wide table.
 */
export function createSidewaysPagePdf(): Buffer {
  const lines = SIDEWAYS_LINES.map(
    (text, index) => `BT /F1 12 Tf 60 ${540 - index * 30} Td (${text}) Tj ET`,
  ).join('\n');
  // [0 1 -1 0 612 0]: landscape x runs up the page, landscape y to the left.
  const content = `q 0 1 -1 0 612 0 cm\n${lines}\n0.5 w 50 150 m 700 150 l S\nQ`;
  return writeLetterPage(content);
}

/** The header words of `createTableWithTurnedHeadersPdf`, each written up its column. */
export const TURNED_HEADERS = ['Revenue', 'Expenses', 'Margin'];

/**
 * A ruled table of 3 columns and 4 rows whose header cells hold their words turned a quarter anticlockwise (running
 * up the page, as narrow columns of a report do), and figures under them.
 */
export function createTableWithTurnedHeadersPdf(): Buffer {
  const columns = [100, 160, 220, 280];
  const rows = [700, 600, 580, 560, 540];
  const grid = [
    ...columns.map((x) => `${x} ${rows.at(-1)} m ${x} ${rows[0]} l S`),
    ...rows.map((y) => `${columns[0]} ${y} m ${columns.at(-1)} ${y} l S`),
  ].join('\n');
  const headers = TURNED_HEADERS.map(
    (word, index) => `BT /F1 11 Tf 0 1 -1 0 ${(columns[index] ?? 0) + 35} 608 Tm (${word}) Tj ET`,
  ).join('\n');
  const figures = [1, 2, 3]
    .flatMap((row) =>
      [0, 1, 2].map(
        (col) =>
          `BT /F1 10 Tf ${(columns[col] ?? 0) + 8} ${(rows[row] ?? 0) - 14} Td (${row * 100 + col * 7}) Tj ET`,
      ),
    )
    .join('\n');
  const content = `0.8 w\n${grid}\n${headers}\n${figures}\nBT /F1 12 Tf 100 740 Td (Figures of the year) Tj ET`;
  return writeLetterPage(content);
}
