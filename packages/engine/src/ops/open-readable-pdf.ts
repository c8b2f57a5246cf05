import { readFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import { AppError } from '@quire/shared';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import type { InputFile } from './types.ts';

/**
 * Opens an inspected PDF (`inspectPdf`) in MuPDF for a converter that reads its pages (PDF to Word, Excel and
 * PowerPoint): a file MuPDF cannot open or that is not a PDF is `FILE_DAMAGED`, a protected one without its right
 * password `PASSWORD_INCORRECT`, and MuPDF's page count must be the one the tool's page cap was checked against
 * (`FILE_DAMAGED` otherwise). The caller destroys the document.
 */
export async function openReadablePdf(
  mupdf: typeof Mupdf,
  info: PdfInfo,
  file: InputFile,
): Promise<Mupdf.Document> {
  const details = { fileIndex: 0, fileName: file.name };
  const damaged = () =>
    new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  let document: Mupdf.Document;
  try {
    document = mupdf.Document.openDocument(await readFile(info.path), 'application/pdf');
  } catch {
    throw damaged();
  }
  try {
    if (!document.isPDF()) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is not a readable PDF.`, details);
    }
    if (document.needsPassword() && !(info.password && document.authenticatePassword(info.password))) {
      throw new AppError('PASSWORD_INCORRECT', `The password for "${file.name}" is not correct.`, details);
    }
    if (document.countPages() !== info.pageCount) throw damaged();
    return document;
  } catch (error) {
    document.destroy();
    throw error;
  }
}
