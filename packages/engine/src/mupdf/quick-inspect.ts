import { readFile } from 'node:fs/promises';
import { MAX_PAGES } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { loadMupdf } from './load-mupdf.ts';

/**
 * The page count of an ordinary PDF, read in process by MuPDF: no program started, which on a merge of two small
 * files is most of the time qpdf took. Returns null for anything out of the ordinary (a file MuPDF cannot open or
 * had to repair, a password it needs and was not given or that does not fit, no pages, too many): the caller then
 * asks qpdf (`inspectPdf`), whose answer and error messages are the reference.
 */
export async function quickInspect(file: InputFile, maxPages: number = MAX_PAGES): Promise<PdfInfo | null> {
  const mupdf = await loadMupdf();
  let doc: InstanceType<typeof mupdf.PDFDocument> | null = null;
  try {
    doc = new mupdf.PDFDocument(await readFile(file.path));
    let password: string | undefined;
    if (doc.needsPassword()) {
      if (!file.password || doc.authenticatePassword(file.password) === 0) return null;
      password = file.password;
    }
    const pageCount = doc.countPages();
    if (doc.wasRepaired() || pageCount < 1 || pageCount > maxPages) return null;
    return { pageCount, wasRepaired: false, password };
  } catch {
    return null;
  } finally {
    doc?.destroy();
  }
}
