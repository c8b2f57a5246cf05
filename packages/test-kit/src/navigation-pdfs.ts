import { writePdf, type PdfObject } from './hostile-pdfs.ts';

/**
 * A letter-size PDF of `pageCount` pages with every kind of navigation a page tool must carry or drop, built byte by
 * byte. Page n (from 1) says `Page n of N` and holds:
 * - a form text field `field-n` (its widget on that page, value `value n`);
 * - a link to the next page by an explicit destination, and one to the first page by the named destination `p1`
 *   (the last page links back to page 1 twice: it has no next page);
 * and the outline has one bookmark `Chapter n` per page, with a child `Section n.1` pointing lower on the same page.
 * Every page has a named destination `p<n>` in the catalog's /Dests name tree.
 */
export function createNavigationPdf(
  pageCount: number,
  /** The page each `Section n.1` points at (by default its chapter's, n). */
  sectionPage: (chapter: number) => number = (chapter) => chapter,
): Buffer {
  // Objects: 1 catalog, 2 page tree, 3 font, 4 outline root, 5 AcroForm, 6 dests name tree; then per page seven.
  const PER_PAGE = 7;
  const base = 7;
  const pageRef = (page: number) => `${base + (page - 1) * PER_PAGE} 0 R`;
  const objects: PdfObject[] = [];
  const pages: PdfObject[] = [];
  const fields: string[] = [];
  const dests: string[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    const first = base + (page - 1) * PER_PAGE;
    const [content, nextLink, namedLink, widget, chapter, section] = [1, 2, 3, 4, 5, 6].map(
      (offset) => first + offset,
    ) as [number, number, number, number, number, number];
    const next = page < pageCount ? page + 1 : 1;
    fields.push(`${widget} 0 R`);
    dests.push(`(p${page}) [${pageRef(page)} /XYZ 0 792 0]`);
    const previousChapter = page > 1 ? `/Prev ${chapter - PER_PAGE} 0 R` : '';
    const nextChapter = page < pageCount ? `/Next ${chapter + PER_PAGE} 0 R` : '';
    pages.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 3 0 R >> >> /Annots [${nextLink} 0 R ${namedLink} 0 R ${widget} 0 R] >>`,
      {
        dict: '<< >>',
        stream: Buffer.from(
          `BT /F1 24 Tf 72 700 Td (Page ${page} of ${pageCount}) Tj ET BT /F1 12 Tf 72 400 Td (Section ${page}.1) Tj ET`,
        ),
      },
      `<< /Type /Annot /Subtype /Link /Rect [72 600 300 630] /Border [0 0 0] /Dest [${pageRef(next)} /XYZ 0 792 0] >>`,
      `<< /Type /Annot /Subtype /Link /Rect [72 560 300 590] /Border [0 0 0] /A << /S /GoTo /D (p1) >> >>`,
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T (field-${page}) /V (value ${page}) /Rect [72 500 300 530] /P ${pageRef(page)} /F 4 /DA (/Helv 12 Tf 0 g) >>`,
      `<< /Title (Chapter ${page}) /Parent 4 0 R ${previousChapter} ${nextChapter} /First ${section} 0 R /Last ${section} 0 R /Count 1 /Dest [${pageRef(page)} /XYZ 0 792 0] >>`,
      `<< /Title (Section ${page}.1) /Parent ${chapter} 0 R /Dest [${pageRef(sectionPage(page))} /XYZ 0 420 0] >>`,
    );
  }
  const firstChapter = base + 5;
  const lastChapter = base + (pageCount - 1) * PER_PAGE + 5;
  objects.push(
    '<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R /AcroForm 5 0 R /Names << /Dests 6 0 R >> /PageMode /UseOutlines >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pageCount }, (_, index) => pageRef(index + 1)).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Outlines /First ${firstChapter} 0 R /Last ${lastChapter} 0 R /Count ${pageCount * 2} >>`,
    `<< /Fields [${fields.join(' ')}] /NeedAppearances true /DA (/Helv 12 Tf 0 g) /DR << /Font << /Helv 3 0 R >> >> >>`,
    `<< /Names [${dests.sort().join(' ')}] >>`,
    ...pages,
  );
  return writePdf(objects);
}
