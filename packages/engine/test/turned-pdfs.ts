import { writePdf } from './hostile-pdfs.ts';

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
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from(content) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
