import { writeFile } from 'node:fs/promises';
import type { InputFile } from '../ops/types.ts';
import { loadMupdf } from './load-mupdf.ts';
import { openPdfFile } from './open-pdf-file.ts';
import { ownedBytes } from './owned-bytes.ts';

/** A page's width and height in points, as a reader shows it (its /Rotate applied). */
export type PageSize = { readonly width: number; readonly height: number };

/** Writes a PDF of blank pages, one per size, in order: no content, no resources. */
export async function writeBlankPages(sizes: readonly PageSize[], path: string): Promise<void> {
  const mupdf = await loadMupdf();
  const doc = new mupdf.PDFDocument();
  try {
    for (const { width, height } of sizes) {
      const page = doc.addPage([0, 0, width, height], 0, doc.newDictionary(), '');
      doc.insertPage(-1, page);
    }
    await writeFile(path, ownedBytes(doc.saveToBuffer('compress')));
  } finally {
    doc.destroy();
  }
}

/**
 * The sizes of some pages of a PDF (from 1) as a reader shows them: the page's box with its own /Rotate applied.
 * The file is read as it goes, not copied into memory.
 */
export async function readPageSizes(
  file: InputFile,
  pages: readonly number[],
): Promise<Map<number, PageSize>> {
  const mupdf = await loadMupdf();
  const opened = openPdfFile(mupdf, file.path);
  try {
    if (opened.pdf.needsPassword()) opened.pdf.authenticatePassword(file.password ?? '');
    const sizes = new Map<number, PageSize>();
    for (const number of new Set(pages)) {
      const page = opened.pdf.loadPage(number - 1);
      try {
        const [x0, y0, x1, y1] = page.getBounds();
        sizes.set(number, { width: x1 - x0, height: y1 - y0 });
      } finally {
        page.destroy();
      }
    }
    return sizes;
  } finally {
    opened.close();
  }
}
