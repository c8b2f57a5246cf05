import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import type { OcrLanguage } from '@quire/shared';
import {
  isScannedPage,
  refuseTooManyScans,
  surveyPages,
  type PageSurvey,
} from '../ocr/find-scanned-pages.ts';
import { readScans } from '../ocr/read-scans.ts';
import type { RecognisedScan } from '../pdf-to-word/convert-document.ts';
import { removeTree } from '../process/remove-tree.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import type { WorkRates } from '../work/estimate-work.ts';
import type { InputFile, JobContext } from './types.ts';

/** The document a converter that reads scans as it goes (PDF to Word, Excel and PowerPoint) reads, and its job. */
export type ScanSource = {
  readonly mupdf: typeof Mupdf;
  readonly document: Mupdf.Document;
  readonly file: InputFile;
  readonly info: PdfInfo;
  /** When the job started (`Date.now()`). */
  readonly startedAt: number;
  /** Sets the job's time limit for this many scanned pages and gives it, in ms from `startedAt`. */
  readonly setLimit: (scannedPages: number) => number;
};

/** How the converter reads its scans. */
export type ScanReading = {
  /** The tool's name in messages (`PDF to Word`). */
  readonly toolName: string;
  /** The pages converted: progress counts against them. */
  readonly total: number;
  readonly languages: readonly OcrLanguage[] | 'auto';
  readonly workRates: WorkRates;
};

/**
 * The step a converter runs once every page has been read: of the pages with almost no text (`candidates`), the
 * scans (`isScannedPage`) are read with OCR (`readScannedPages`). Too many scans are refused; the pages that turned
 * out not to be scans count as done; reading scans, the long part, is declared before it starts (the job may wait
 * for room for long work) and the job's time limit grows with them.
 */
export function scanReader(
  source: ScanSource,
  ctx: JobContext,
  reading: ScanReading,
): (candidates: readonly number[]) => Promise<Map<number, RecognisedScan>> {
  const { mupdf, document, file, info } = source;
  const { total } = reading;
  return async (candidates) => {
    const scanned = surveyPages(mupdf, document, candidates).filter(isScannedPage);
    refuseTooManyScans(scanned.length, file.name, reading.toolName);
    ctx.onProgress?.('processing', { done: total - scanned.length, total });
    if (scanned.length > 0) {
      await declarePdfWork(reading.workRates, [info], ctx, { scannedPages: scanned.length });
    }
    const timeoutMs = source.setLimit(scanned.length);
    return readScannedPages(file, info, scanned, reading.languages, total, {
      ...ctx,
      timeoutMs: source.startedAt + timeoutMs - Date.now(),
    });
  };
}

/**
 * Reads the scanned pages (`readScans`, for layout: words, lines, pictures, rules) from a decrypted copy; none when
 * there is no scan. Progress counts the pages done of the `total` converted: the others, then each scan once read.
 * PDF to Word, Excel and PowerPoint read their scans so.
 */
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
      onPage: (done) =>
        ctx.onProgress?.('processing', {
          done: total - scanned.length + done,
          total,
        }),
    });
    return results;
  } finally {
    await removeTree(workDir);
  }
}
