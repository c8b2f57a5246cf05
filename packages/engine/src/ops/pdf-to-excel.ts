import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, CONVERT_PAGE_TIMEOUT_MS, JOB_TIMEOUT_MS, OCR_PAGE_TIMEOUT_MS, TOOLS } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { recognitionReport } from '../ocr/recognition-report.ts';
import { detectNotation } from '../pdf-to-excel/cell-values.ts';
import { findDocumentTables } from '../pdf-to-excel/find-document-tables.ts';
import type { SheetTable } from '../pdf-to-excel/sheet-table.ts';
import { writeXlsx, type SheetPlan } from '../pdf-to-excel/write-xlsx.ts';
import { isReadableScan } from '../pdf-to-word/scan/scan-page-layout.ts';
import { stopError } from '../process/stop-error.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { chosenPages } from './chosen-pages.ts';
import { openReadablePdf } from './open-readable-pdf.ts';
import { passwordNotices } from './password-notices.ts';
import { scanReader } from './read-scanned-pages.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

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
  const document = await openReadablePdf(mupdf, info, file);
  try {
    const readScannedCandidates = scanReader({ mupdf, document, file, info, startedAt, setLimit }, ctx, {
      toolName: 'PDF to Excel',
      total: pages.length,
      languages: options.language,
      workRates: WORK_RATES,
    });
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
