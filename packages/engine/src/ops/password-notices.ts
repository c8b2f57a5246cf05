import type { Notice } from '@quire/shared';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';

/**
 * `PASSWORD_REMOVED` for each file, by its position, that opened only with the visitor's password: the tools write
 * what they make of it without one (qpdf and MuPDF decrypt as they write; pictures and Word files have none), so
 * whoever gets the result can open it, and the visitor is told beside it.
 */
export function passwordNotices(files: readonly Pick<PdfInfo, 'wasProtected'>[]): Notice[] {
  return files.flatMap((file, fileIndex) =>
    file.wasProtected ? [{ code: 'PASSWORD_REMOVED' as const, fileIndex }] : [],
  );
}
