import { writePdf, type PdfObject } from '@quire/test-kit/hostile-pdfs';

/** The web address of the first link of `createLinkedPdf`: a query with characters XML must escape. */
export const LINKED_PDF_ADDRESS = 'https://example.org/guide?topic=links&lang="en"';

const line = (y: number, text: string) => `BT /F1 14 Tf 72 ${y} Td (${text}) Tj ET`;

/**
 * A two-page PDF with three link annotations on page 1, each over a line of its own: "Read the guide online" to
 * `LINKED_PDF_ADDRESS`, "Jump to the results" to the point of page 2 where "Results" stands, and "Run the script"
 * to a JavaScript action (which no converter should make into a link). Page 2 holds three headings, with the
 * destination just above the second.
 */
export function createLinkedPdf(): Buffer {
  const page1 = [
    line(720, 'Read the guide online'),
    line(690, 'Jump to the results'),
    line(660, 'Run the script'),
    line(630, 'Nothing links here'),
  ].join('\n');
  const page2 = [line(720, 'Introduction'), line(500, 'Results'), line(300, 'Closing words')].join('\n');
  const uri = LINKED_PDF_ADDRESS.replace(/[()\\]/g, '\\$&');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> /Annots [8 0 R 9 0 R 10 0 R] >>',
    { dict: '<< >>', stream: Buffer.from(page1) },
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from(page2) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Annot /Subtype /Link /Rect [70 715 240 735] /Border [0 0 0] /A << /S /URI /URI (${uri}) >> >>`,
    '<< /Type /Annot /Subtype /Link /Rect [70 685 240 705] /Border [0 0 0] /Dest [5 0 R /XYZ 72 520 null] >>',
    '<< /Type /Annot /Subtype /Link /Rect [70 655 240 675] /Border [0 0 0] /A << /S /JavaScript /JS (app.alert(1)) >> >>',
  ]);
}

/**
 * A long text document made the way LaTeX with hyperref makes one: `pageCount` pages of 40 lines, each page with
 * `linksPerPage` links (half to web addresses, half to named destinations on other pages), a named destination per
 * page and a bookmark per page. The links and bookmarks are thousands of small objects.
 */
export function createLinkedBookPdf(pageCount = 206, linksPerPage = 20): Buffer {
  const objects: PdfObject[] = [];
  const add = (object: PdfObject): number => objects.push(object);
  const catalog = add('');
  const pagesRoot = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>');
  const outlines = add('');
  const pageIds: number[] = [];
  const items: number[] = [];
  for (let page = 0; page < pageCount; page += 1) {
    const lines = Array.from(
      { length: 40 },
      (_, row) =>
        `BT /F1 10 Tf 72 ${740 - row * 16} Td (Page ${page + 1}, line ${row + 1}: the text of a long report.) Tj ET`,
    );
    const content = add({ dict: '<< >>', stream: Buffer.from(lines.join('\n')) });
    const annots: number[] = [];
    for (let link = 0; link < linksPerPage; link += 1) {
      const y = 736 - (link % 40) * 16;
      const action =
        link % 2 === 0
          ? `/A << /S /URI /URI (https://example.org/reference/${page}/${link}) >>`
          : `/Dest (page.${((page + link) % pageCount) + 1})`;
      annots.push(
        add(`<< /Type /Annot /Subtype /Link /Rect [72 ${y} 300 ${y + 12}] /Border [0 0 0] ${action} >>`),
      );
    }
    const pageId = add('');
    objects[pageId - 1] =
      `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R ` +
      `/Resources << /Font << /F1 ${font} 0 R >> >> /Annots [${annots.map((id) => `${id} 0 R`).join(' ')}] >>`;
    pageIds.push(pageId);
  }
  for (let page = 0; page < pageCount; page += 1) items.push(add(''));
  items.forEach((id, index) => {
    const siblings = `${index > 0 ? `/Prev ${items[index - 1]} 0 R ` : ''}${index < items.length - 1 ? `/Next ${items[index + 1]} 0 R ` : ''}`;
    objects[id - 1] =
      `<< /Title (Section ${index + 1}) /Parent ${outlines} 0 R ${siblings}/Dest [${pageIds[index]} 0 R /XYZ 72 760 null] >>`;
  });
  const dests = pageIds.map((id, index) => `/page.${index + 1} [${id} 0 R /XYZ 72 760 null]`).join(' ');
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pagesRoot} 0 R /Outlines ${outlines} 0 R /Dests << ${dests} >> /PageMode /UseOutlines >>`;
  objects[pagesRoot - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[outlines - 1] =
    `<< /Type /Outlines /First ${items[0]} 0 R /Last ${items.at(-1)} 0 R /Count ${items.length} >>`;
  return writePdf(objects);
}
