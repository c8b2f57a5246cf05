/**
 * Two rows of two figures under the line, in a grid of stroked rules: the smallest table PDF to Excel takes.
 */
const TABLE = [
  '0.5 w 24 300 m 184 300 l 24 276 m 184 276 l 24 252 m 184 252 l 24 300 m 24 252 l 104 300 m 104 252 l 184 300 m 184 252 l S',
  'BT /F1 10 Tf 30 284 Td (12) Tj 80 0 Td (34) Tj -80 -24 Td (56) Tj 80 0 Td (78) Tj ET',
].join('\n');

/**
 * A PDF of `pageCount` pages (A6, one line of Helvetica text each, the page's number after the first; with `table`,
 * a small ruled table under it) written byte by byte with a correct cross-reference table: the status probes' own
 * document, so a probe never depends on a file on disk or on a visitor's upload.
 */
export function createTinyPdf(text: string, pageCount = 1, { table = false } = {}): Buffer {
  const line = (page: number) => {
    const escaped = `${text}${page === 1 ? '' : ` (${page})`}`.replace(/[\\()]/g, (char) => `\\${char}`);
    return `BT /F1 12 Tf 24 360 Td (${escaped}) Tj ET${table ? `\n${TABLE}` : ''}`;
  };
  const pageRefs = Array.from({ length: pageCount }, (_, index) => `${4 + index * 2} 0 R`);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...Array.from({ length: pageCount }, (_, index) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents ${5 + index * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(line(index + 1), 'latin1')} >>\nstream\n${line(index + 1)}\nendstream`,
    ]).flat(),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
