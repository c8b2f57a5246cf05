import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AppError,
  CONVERT_PAGE_TIMEOUT_MS,
  JOB_TIMEOUT_MS,
  OCR_PAGE_TIMEOUT_MS,
  TOOLS,
  type OcrLanguage,
} from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import {
  isScannedPage,
  refuseTooManyScans,
  surveyPages,
  type PageSurvey,
} from '../ocr/find-scanned-pages.ts';
import { readScans } from '../ocr/read-scans.ts';
import { recognitionReport } from '../ocr/recognition-report.ts';
import { detectNotation } from '../pdf-to-excel/cell-values.ts';
import { findDocumentTables } from '../pdf-to-excel/find-document-tables.ts';
import type { SheetTable } from '../pdf-to-excel/sheet-table.ts';
import { writeXlsx, type SheetPlan } from '../pdf-to-excel/write-xlsx.ts';
import type { RecognisedScan } from '../pdf-to-word/convert-document.ts';
import { isReadableScan } from '../pdf-to-word/scan/scan-page-layout.ts';
import { stopError } from '../process/stop-error.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { chosenPages } from './chosen-pages.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';
import { removeTree } from '../process/remove-tree.ts';

/** The time a document gets before its pages are counted; each page adds `CONVERT_PAGE_TIMEOUT_MS`. */
const BASE_TIMEOUT_MS = 2 * JOB_TIMEOUT_MS;

/**
 * What a job of this tool costs (`estimateWork`): each page's content parsed and its tables looked for, as PDF to
 * Word reads a page (without writing it), and each scanned page read with OCR.
 */
export const WORK_RATES: WorkRates = {
  ...NO_WORK,
  baseMs: 300,
  perPageMs: 250,
  perContentMiBMs: 2000,
  perScannedPageMs: 3200,
};

/** A sheet per page on which a table starts, named for its page; its tables top to bottom. */
export function planSheets(tables: readonly SheetTable[]): SheetPlan[] {
  const sheets: SheetPlan[] = [];
  for (const table of tables) {
    const name = `Page ${table.pageNumber}`;
    const sheet = sheets.find((candidate) => candidate.name === name);
    if (sheet) sheet.tables.push(table);
    else sheets.push({ name, tables: [table] });
  }
  return sheets;
}

/**
 * PDF to Excel: the tables of the chosen pages (all by default) as cells of an .xlsx. Tables are found as PDF to
 * Word finds them (`findDocumentTables`): ruled, partly ruled, on shaded stripes or without rules, on pages turned
 * upright when their text runs sideways, a table running on over the next page joined into one; scanned pages (among
 * those with almost no text, `isScannedPage`) are read with OCR as PDF to Word reads them, in the languages asked.
 * Each cell's text becomes a number, a percentage or a date in the document's own notation where it is one
 * (`detectNotation`). A sheet per page where a table starts; no table at all is `NO_TABLES_FOUND`, never an empty
 * workbook.
 */
export const pdfToExcel: EngineOp<'pdf-to-excel'> = async ({ file, options }, ctx) => {
  const startedAt = Date.now();
  ctx.setTimeLimit?.(BASE_TIMEOUT_MS);
  const details = { fileIndex: 0, fileName: file.name };
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['pdf-to-excel'].maxPages);
  const pages = chosenPages(options.pages, info.pageCount);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const setLimit = (scannedPages: number) => {
    const limitMs = Math.min(
      ctx.timeoutMs,
      BASE_TIMEOUT_MS + pages.length * CONVERT_PAGE_TIMEOUT_MS + scannedPages * OCR_PAGE_TIMEOUT_MS,
    );
    ctx.setTimeLimit?.(limitMs);
    return limitMs;
  };
  setLimit(0);
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
    if (document.countPages() !== info.pageCount) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
    }
    const readScannedCandidates = async (candidates: readonly number[]) => {
      const scanned = surveyPages(mupdf, document, candidates).filter(isScannedPage);
      refuseTooManyScans(scanned.length, file.name, 'PDF to Excel');
      ctx.onProgress?.('processing', { done: pages.length - scanned.length, total: pages.length });
      if (scanned.length > 0) await declarePdfWork(WORK_RATES, [info], ctx, { scannedPages: scanned.length });
      const timeoutMs = setLimit(scanned.length);
      return readScannedPages(file, info, scanned, options.language, pages.length, {
        ...ctx,
        timeoutMs: startedAt + timeoutMs - Date.now(),
      });
    };
    const found = await findDocumentTables(
      mupdf,
      document,
      pages,
      (pagesRead, pagesWaiting) => {
        if (ctx.signal.aborted) throw stopError(ctx.signal);
        ctx.onProgress?.('processing', { done: pagesRead - pagesWaiting, total: pages.length });
      },
      readScannedCandidates,
    ).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('CONVERSION_FAILED', `"${file.name}" could not be converted to Excel.`, details);
    });
    if (found.tables.length === 0) {
      throw new AppError('NO_TABLES_FOUND', `No table was found in "${file.name}".`, {
        ...details,
        pages: pages.length,
      });
    }
    ctx.onProgress?.('writing');
    const sheets = planSheets(found.tables);
    const notation = detectNotation(found.tables.flatMap((table) => table.cells.map((cell) => cell.text)));
    const outputPath = join(ctx.workDir, 'converted.xlsx');
    await writeFile(outputPath, writeXlsx(sheets, notation));
    const recognised = [...found.scans].filter(([, scan]) => isReadableScan(scan));
    return {
      path: outputPath,
      report: {
        values: {
          pageCount: pages.length,
          tableCount: found.tables.length,
          sheetCount: sheets.length,
          ...recognitionReport(recognised.map(([pageNumber, scan]) => ({ ...scan, pageNumber }))),
        },
        notices: [
          ...repairNotices(info.wasRepaired),
          // A workbook has no password, whatever the PDF had.
          ...passwordNotices([info]),
        ],
      },
    };
  } finally {
    document.destroy();
  }
};

/** Reads the scanned pages (`readScans`, for layout) from a decrypted copy; none when there is no scan. */
async function readScannedPages(
  file: InputFile,
  info: PdfInfo,
  scanned: readonly PageSurvey[],
  languages: readonly OcrLanguage[] | 'auto',
  total: number,
  ctx: JobContext,
): Promise<Map<number, RecognisedScan>> {
  if (scanned.length === 0) return new Map();
  const deadline = Date.now() + ctx.timeoutMs;
  const sourcePath = await prepareRenderSource(file, 0, info, ctx);
  const workDir = join(ctx.workDir, 'ocr');
  try {
    const { results } = await readScans(sourcePath, file, scanned, languages, {
      wants: 'layout',
      workDir,
      signal: ctx.signal,
      timeLeft: () => deadline - Date.now(),
      onPage: (done) => ctx.onProgress?.('processing', { done: total - scanned.length + done, total }),
    });
    return results;
  } finally {
    await removeTree(workDir);
  }
}
