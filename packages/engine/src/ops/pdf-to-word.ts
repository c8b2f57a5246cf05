import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, CONVERT_PAGE_TIMEOUT_MS, JOB_TIMEOUT_MS, OCR_PAGE_TIMEOUT_MS, TOOLS } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { recognitionReport } from '../ocr/recognition-report.ts';
import { convertDocument } from '../pdf-to-word/convert-document.ts';
import { isReadableScan } from '../pdf-to-word/scan/scan-page-layout.ts';
import { stopError } from '../process/stop-error.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { passwordNotices } from './password-notices.ts';
import { openReadablePdf } from './open-readable-pdf.ts';
import { scanReader } from './read-scanned-pages.ts';
import { repairNotices } from './repair-notices.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/** The time a document gets before its pages are counted; each page adds `CONVERT_PAGE_TIMEOUT_MS`. */
const BASE_TIMEOUT_MS = 2 * JOB_TIMEOUT_MS;

/**
 * The wall-clock limit of a document of `pages` pages, `scannedPages` of them read as scans: it grows with both,
 * and the tool's own limit (`TOOLS['pdf-to-word'].timeoutMs`) is that of the largest document it takes.
 */
export function pdfToWordTimeLimit(pages: number, scannedPages: number): number {
  return BASE_TIMEOUT_MS + pages * CONVERT_PAGE_TIMEOUT_MS + scannedPages * OCR_PAGE_TIMEOUT_MS;
}

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): Every page's content parsed
 * and laid out, and each scanned page read with OCR.
 */
export const WORK_RATES: WorkRates = {
  ...NO_WORK,
  baseMs: 400,
  perPageMs: 350,
  perContentMiBMs: 2000,
  perScannedPageMs: 3200,
};

/**
 * Converts one PDF to an editable Word document with our own converter: MuPDF reads each page's text (with font,
 * size, weight, style, colour and position), images and rules; the pdf-to-word modules rebuild flowing paragraphs,
 * headings, lists, columns, tables, headers and footers; the `docx` library writes the file. Body text is never put
 * in text boxes or frames. Scanned pages (`isScannedPage`, among the pages with almost no text) are then read as
 * OCR PDF reads them and go through the same reconstruction; the report says which were read, with what
 * confidence, and how many stayed pictures. Progress counts the pages done, once over the document: a page with
 * text once read, a scan once its text is read (the long part), so it never starts again for the scans. The job's
 * time grows with its pages and its scans (`pdfToWordTimeLimit`), within the tool's own limit.
 */
export const pdfToWord: EngineOp<'pdf-to-word'> = async ({ file, options }, ctx) => {
  const startedAt = Date.now();
  ctx.setTimeLimit?.(BASE_TIMEOUT_MS);
  const details = { fileIndex: 0, fileName: file.name };
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['pdf-to-word'].maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  // The time of this document's own pages; scanned pages, once found, add theirs.
  const setLimit = (scannedPages: number) => {
    const limitMs = Math.min(ctx.timeoutMs, pdfToWordTimeLimit(info.pageCount, scannedPages));
    ctx.setTimeLimit?.(limitMs);
    return limitMs;
  };
  setLimit(0);
  const mupdf = await loadMupdf();
  // The converter goes through MuPDF's page count: `openReadablePdf` checks it is the one the page cap was checked
  // against.
  const document = await openReadablePdf(mupdf, info, file);
  try {
    // The pages with almost no text are surveyed, and the scans among them read, once every page has been read.
    const readScans = scanReader({ mupdf, document, file, info, startedAt, setLimit }, ctx, {
      toolName: 'PDF to Word',
      total: info.pageCount,
      languages: options.language,
      workRates: WORK_RATES,
    });
    const conversion = await convertDocument(
      mupdf,
      document,
      (pagesRead, pagesWaiting) => {
        if (ctx.signal.aborted) throw stopError(ctx.signal);
        ctx.onProgress?.('processing', { done: pagesRead - pagesWaiting, total: info.pageCount });
      },
      readScans,
    ).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('CONVERSION_FAILED', `"${file.name}" could not be converted to Word.`, details);
    });
    ctx.onProgress?.('writing');
    const outputPath = join(ctx.workDir, 'converted.docx');
    await writeFile(outputPath, conversion.docx);
    const { pageCount, pagesWithoutText, scans } = conversion;
    // The pages read well enough to become text: the others stay pictures, counted in `pagesWithoutText`.
    const recognised = [...scans].filter(([, scan]) => isReadableScan(scan));
    return {
      path: outputPath,
      report: {
        values: {
          pageCount,
          pagesWithoutText,
          ...recognitionReport(recognised.map(([pageNumber, scan]) => ({ ...scan, pageNumber }))),
        },
        notices: [
          ...repairNotices(info.wasRepaired),
          // Kept as pictures: no text was found in them, or they are pictures only.
          ...(pagesWithoutText > 0
            ? [{ code: 'PAGES_ARE_SCANS' as const, fileIndex: 0, pages: pagesWithoutText }]
            : []),
          // A Word file has no password, whatever the PDF had.
          ...passwordNotices([info]),
        ],
      },
    };
  } finally {
    document.destroy();
  }
};
