import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOB_TIMEOUT_MS, OCR_PAGE_TIMEOUT_MS, TOOLS, type OcrLanguage } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import {
  isScannedPage,
  mayBeScanned,
  refuseTooManyScans,
  surveyPages,
  type PageSurvey,
} from '../ocr/find-scanned-pages.ts';
import { openScannedSource } from '../ocr/open-scanned-source.ts';
import { readScans } from '../ocr/read-scans.ts';
import { isReadableScan } from '../ocr/readable-scan.ts';
import { recognitionReport } from '../ocr/recognition-report.ts';
import { readPageTexts } from '../poppler/read-page-texts.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';
import { removeTree } from '../process/remove-tree.ts';

/** The time a document gets for its text; each scanned page found adds `OCR_PAGE_TIMEOUT_MS`. */
const BASE_TIMEOUT_MS = 2 * JOB_TIMEOUT_MS;

/**
 * What a job of this tool costs (`estimateWork`): pdftotext reads a page of text in a few milliseconds (the
 * 117-page lecture notes in 0.5 s), and each scanned page is read with OCR, as PDF to Word reads it.
 */
export const WORK_RATES: WorkRates = {
  ...NO_WORK,
  baseMs: 300,
  perPageMs: 10,
  perContentMiBMs: 400,
  perScannedPageMs: 3200,
};

/**
 * Between two pages of the text file: a form feed on a line of its own (`\f`, as pdftotext and `pr` write it), so
 * that a program can split the file into its pages, and an editor shows a page break or a mark, never a blank line
 * that could be the text's own.
 */
export const PAGE_SEPARATOR = '\f\n';

/**
 * PDF to text: the text of every page in reading order (`readPageTexts`: poppler's pdftotext, columns one after
 * the other, right-to-left scripts in logical order), as one UTF-8 file, pages separated by `PAGE_SEPARATOR`. The
 * pages with almost no text that are scans (`isScannedPage`) are read with OCR as OCR PDF and PDF to Word read them
 * (`readScans`, in the languages asked, or each page's detected script), and their text takes the page's place. A
 * page with no text at the end (a scan no words could be read in, a drawing, a blank page) is counted and told
 * (`NO_TEXT_FOUND`): a file of only such pages gives an empty text file that says so, rather than a failure.
 */
export const pdfToText: EngineOp<'pdf-to-text'> = async ({ file, options }, ctx) => {
  const startedAt = Date.now();
  ctx.setTimeLimit?.(BASE_TIMEOUT_MS);
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['pdf-to-text'].maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const sourcePath = await prepareRenderSource(file, 0, info, ctx);
  const timeLeft = () => Math.max(1, startedAt + Math.min(ctx.timeoutMs, BASE_TIMEOUT_MS) - Date.now());
  const pages = await readPageTexts(sourcePath, info.pageCount, file, ctx.workDir, {
    signal: ctx.signal,
    timeoutMs: timeLeft(),
  });
  const candidates = pages.flatMap((text, index) =>
    mayBeScanned(visibleCharacters(text)) ? [index + 1] : [],
  );
  const scanned = candidates.length > 0 ? await findScans(sourcePath, file, candidates) : [];
  refuseTooManyScans(scanned.length, file.name, 'PDF to text');
  ctx.onProgress?.('processing', { done: info.pageCount - scanned.length, total: info.pageCount });
  let recognised: { pageNumber: number; confidence: number | null; words: number }[] = [];
  if (scanned.length > 0) {
    // Reading scans is the long part: the job tells it before starting, and may wait for room for long work.
    await declarePdfWork(WORK_RATES, [info], ctx, { scannedPages: scanned.length });
    const limitMs = Math.min(ctx.timeoutMs, BASE_TIMEOUT_MS + scanned.length * OCR_PAGE_TIMEOUT_MS);
    ctx.setTimeLimit?.(limitMs);
    const scans = await readScannedTexts(sourcePath, file, scanned, options.language, info.pageCount, {
      ...ctx,
      timeoutMs: startedAt + limitMs - Date.now(),
    });
    for (const [pageNumber, scan] of scans) pages[pageNumber - 1] = scan.text;
    recognised = scans.map(([pageNumber, scan]) => ({ ...scan, pageNumber }));
  }
  ctx.onProgress?.('writing');
  const outputPath = join(ctx.workDir, 'converted.txt');
  await writeFile(outputPath, joinPages(pages));
  const pagesWithoutText = pages.filter((text) => visibleCharacters(text) === 0).length;
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, pagesWithoutText, ...recognitionReport(recognised) },
      notices: [
        ...repairNotices(info.wasRepaired),
        ...(pagesWithoutText > 0
          ? [{ code: 'NO_TEXT_FOUND' as const, fileIndex: 0, pages: pagesWithoutText }]
          : []),
        // A text file has no password, whatever the PDF had.
        ...passwordNotices([info]),
      ],
    },
  };
};

/**
 * The pages' texts as one file: each page's lines end with a newline, and pages are separated by
 * `PAGE_SEPARATOR` (none after the last).
 */
export function joinPages(pages: readonly string[]): string {
  return pages.map((text) => (text === '' || text.endsWith('\n') ? text : `${text}\n`)).join(PAGE_SEPARATOR);
}

/** Characters of a page's text other than white space. */
function visibleCharacters(text: string): number {
  return text.replace(/\s+/gu, '').length;
}

/** The pages among `candidates` (almost no text) that are scans (`isScannedPage`). */
async function findScans(
  sourcePath: string,
  file: InputFile,
  candidates: readonly number[],
): Promise<PageSurvey[]> {
  const mupdf = await loadMupdf();
  const opened = openScannedSource(mupdf, sourcePath, file);
  try {
    return surveyPages(mupdf, opened.pdf, candidates).filter(isScannedPage);
  } finally {
    opened.close();
  }
}

/**
 * Reads the scanned pages with OCR (`readScans`, text only), counting each as done once read, after the pages with
 * text. Gives the pages whose reading is good enough to be their text (`isReadableScan`), in page order; the others
 * stay without text.
 */
async function readScannedTexts(
  sourcePath: string,
  file: InputFile,
  scanned: readonly PageSurvey[],
  languages: readonly OcrLanguage[] | 'auto',
  pageCount: number,
  ctx: JobContext,
): Promise<[number, { text: string; confidence: number | null; words: number }][]> {
  const deadline = Date.now() + ctx.timeoutMs;
  const workDir = join(ctx.workDir, 'ocr');
  try {
    const { results } = await readScans(sourcePath, file, scanned, languages, {
      wants: 'text',
      workDir,
      signal: ctx.signal,
      timeLeft: () => deadline - Date.now(),
      onPage: (done) =>
        ctx.onProgress?.('processing', { done: pageCount - scanned.length + done, total: pageCount }),
    });
    return [...results]
      .filter(([, scan]) => isReadableScan(scan))
      .sort(([first], [second]) => first - second);
  } finally {
    await removeTree(workDir);
  }
}
