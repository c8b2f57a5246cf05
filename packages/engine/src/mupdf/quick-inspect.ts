import { MAX_PAGES } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { readPageTree } from './read-page-tree.ts';

/**
 * The page count of an ordinary PDF, read in process by MuPDF: no program started, which on a merge of two small
 * files is most of the time qpdf took. The pages are counted from the page tree itself (`walkPageTree`), never
 * from /Count. Returns null for anything out of the ordinary (a file MuPDF cannot open or had to repair, a password
 * it needs and was not given or that does not fit, no pages, too many, a page tree engines could read differently):
 * the caller then asks `inspectPdf`, whose answer and error messages are the reference.
 */
export async function quickInspect(file: InputFile, maxPages: number = MAX_PAGES): Promise<PdfInfo | null> {
  const reading = await readPageTree(file.path, file.password || undefined, maxPages);
  if (reading.status !== 'counted' || !reading.isSound || reading.pageCount < 1) return null;
  return {
    pageCount: reading.pageCount,
    wasRepaired: false,
    password: reading.isPasswordNeeded ? file.password : undefined,
    wasProtected: reading.isPasswordNeeded,
    path: file.path,
  };
}
