import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { convertDocument } from '../pdf-to-word/convert-document.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';
import { stopError } from '../process/stop-error.ts';

/**
 * Converts one PDF to an editable Word document with our own converter: MuPDF reads each page's text (with font,
 * size, weight, style, colour and position), images and rules; the pdf-to-word modules rebuild flowing paragraphs,
 * headings, lists, columns, tables, headers and footers; the `docx` library writes the file. Body text is never put
 * in text boxes or frames. Scanned pages keep their image; the report says how many there were.
 */
export const pdfToWord: EngineOp<'pdf-to-word'> = async ({ files }, ctx) => {
  const [file] = files;
  if (!file || files.length !== 1) {
    throw new AppError('INVALID_REQUEST', 'PDF to Word converts exactly one PDF file.', { maxFiles: 1 });
  }
  const details = { fileIndex: 0, fileName: file.name };
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['pdf-to-word'].maxPages);
  const mupdf = await loadMupdf();
  let document: InstanceType<typeof mupdf.Document>;
  try {
    document = mupdf.Document.openDocument(await readFile(info.path), 'application/pdf');
  } catch {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  }
  try {
    if (!document.isPDF()) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is not a readable PDF.`, details);
    }
    if (document.needsPassword() && !(info.password && document.authenticatePassword(info.password))) {
      throw new AppError('PASSWORD_INCORRECT', `The password for "${file.name}" is not correct.`, details);
    }
    // The converter goes through MuPDF's page count: it must be the one the page cap was checked against.
    if (document.countPages() !== info.pageCount) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
    }
    const conversion = await convertDocument(mupdf, document, (pagesRead) => {
      if (ctx.signal.aborted) throw stopError(ctx.signal);
      ctx.onProgress?.('processing', { done: pagesRead, total: info.pageCount });
    }).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('CONVERSION_FAILED', `"${file.name}" could not be converted to Word.`, details);
    });
    ctx.onProgress?.('writing');
    const outputPath = join(ctx.workDir, 'converted.docx');
    await writeFile(outputPath, conversion.docx);
    const { pageCount, pagesWithoutText } = conversion;
    return {
      path: outputPath,
      report: {
        values: { pageCount, pagesWithoutText },
        notices: [
          ...repairNotices(info.wasRepaired),
          // Kept as pictures, without text recognition.
          ...(pagesWithoutText > 0
            ? [{ code: 'PAGES_ARE_SCANS' as const, fileIndex: 0, pages: pagesWithoutText }]
            : []),
        ],
      },
    };
  } finally {
    document.destroy();
  }
};
