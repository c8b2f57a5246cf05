import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { writePdf, type PdfObject } from './hostile-pdfs.ts';

/**
 * Small PDFs that are costly to process (issue 11): cheap to send, expensive in memory, CPU or output for whoever
 * renders or converts them. Built by the tests that use them; none is copied.
 */

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * One page whose content stream shows `operatorCount` one-letter strings, each moved a step from the last: a
 * file of a few hundred KB that asks a layout engine for millions of characters.
 */
export function createTextOperatorBomb(operatorCount = 2_000_000): Buffer {
  // A regular pattern (a letter, a step right; a new row every 600 letters) compresses to almost nothing.
  const row = Array.from(
    { length: 600 },
    (_, index) => `(${String.fromCharCode(97 + (index % 26))}) Tj 1 0 Td`,
  );
  const lines: string[] = ['BT /F1 1 Tf 0 790 Td'];
  for (let done = 0; done < operatorCount; done += row.length) lines.push(...row, '-600 -1 Td');
  lines.push('ET');
  const content = deflateSync(Buffer.from(lines.join('\n'), 'latin1'), { level: 9 });
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    { dict: '<< /Filter /FlateDecode >>', stream: content },
    HELVETICA,
  ]);
}

/**
 * `pageCount` pages each covered with one tile of random noise drawn over and over (a few KB of image, stored
 * once): every rendered page is a large JPEG, since noise does not compress.
 */
export function createNoiseTiledPdf(pageCount = 10, tilePixels = 256): Buffer {
  const tile = deflateSync(randomBytes(tilePixels * tilePixels * 3));
  const draws: string[] = [];
  for (let y = 0; y < 792; y += 36)
    for (let x = 0; x < 612; x += 36) draws.push(`q 36 0 0 36 ${x} ${y} cm /T Do Q`);
  const content = deflateSync(Buffer.from(draws.join('\n'), 'latin1'));
  const kids = Array.from({ length: pageCount }, (_, index) => `${5 + index} 0 R`).join(' ');
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`,
    { dict: '<< /Filter /FlateDecode >>', stream: content },
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${tilePixels} /Height ${tilePixels} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode >>`,
      stream: tile,
    },
  ];
  for (let page = 0; page < pageCount; page += 1) {
    objects.push(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /XObject << /T 4 0 R >> >> >>',
    );
  }
  return writePdf(objects);
}

/**
 * A tagged report as word processors export them: `pageCount` pages of 40 marked lines, and `elementsPerPage`
 * structure elements per page, each its own small object (tens of thousands in all). Whatever compares every
 * object with every other (MuPDF's merging of duplicates) spends minutes on it.
 */
export function createTaggedReportPdf(pageCount = 206, elementsPerPage = 100): Buffer {
  const objects: PdfObject[] = [];
  const add = (object: PdfObject): number => objects.push(object);
  const catalog = add('');
  const pagesRoot = add('');
  const font = add(HELVETICA);
  const treeRoot = add('');
  const pageIds: number[] = [];
  const elements: number[] = [];
  for (let page = 0; page < pageCount; page += 1) {
    const lines = Array.from(
      { length: 40 },
      (_, row) =>
        `/P << /MCID ${row} >> BDC BT /F1 10 Tf 72 ${740 - row * 16} Td (Page ${page + 1}, line ${row + 1} of a tagged report.) Tj ET EMC`,
    );
    const content = add({ dict: '<< >>', stream: Buffer.from(lines.join('\n')) });
    const pageId = add('');
    objects[pageId - 1] =
      `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R ` +
      `/StructParents ${page} /Resources << /Font << /F1 ${font} 0 R >> >> >>`;
    pageIds.push(pageId);
    for (let element = 0; element < elementsPerPage; element += 1) {
      elements.push(
        add(`<< /Type /StructElem /S /Span /P ${treeRoot} 0 R /Pg ${pageId} 0 R /K ${element % 40} >>`),
      );
    }
  }
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pagesRoot} 0 R /StructTreeRoot ${treeRoot} 0 R /MarkInfo << /Marked true >> >>`;
  objects[pagesRoot - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[treeRoot - 1] = `<< /Type /StructTreeRoot /K [${elements.map((id) => `${id} 0 R`).join(' ')}] >>`;
  return writePdf(objects);
}
