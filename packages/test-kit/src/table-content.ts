/**
 * A small table for a page that uses Helvetica as /F1: two rows of two figures (12, 34 / 56, 78) in a grid of
 * stroked rules, at the middle of a US Letter page. PDF to Excel refuses a PDF without a table: its rows of the
 * tables that run every tool on one file give it one.
 */
export const TABLE_CONTENT = [
  '0.5 w 72 420 m 272 420 l 72 396 m 272 396 l 72 372 m 272 372 l 72 420 m 72 372 l 172 420 m 172 372 l 272 420 m 272 372 l S',
  'BT /F1 10 Tf 80 404 Td (12) Tj 100 0 Td (34) Tj -100 -24 Td (56) Tj 100 0 Td (78) Tj ET',
].join('\n');

/** A page's content stream, with the small table after it when `table`. */
export const withTable = (content: string, table: boolean): Buffer =>
  Buffer.from(table ? `${content}\n${TABLE_CONTENT}` : content);
