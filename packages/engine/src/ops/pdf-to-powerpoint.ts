import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import { AppError, TOOLS } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { mayBeScanned } from '../ocr/find-scanned-pages.ts';
import { recognitionReport } from '../ocr/recognition-report.ts';
import { PptxWriter } from '../pdf-to-powerpoint/pptx-writer.ts';
import {
  completeSlide,
  readScanSlidePage,
  readSlideText,
  slideSizeOfRead,
} from '../pdf-to-powerpoint/read-slide-page.ts';
import type { SlidePage } from '../pdf-to-powerpoint/slide-model.ts';
import { placePage, slideSizeOf, type SlideSize } from '../pdf-to-powerpoint/slide-size.ts';
import { writeSlideXml } from '../pdf-to-powerpoint/slide-xml.ts';
import type { RecognisedScan } from '../pdf-to-word/convert-document.ts';
import { isReadableScan } from '../pdf-to-word/scan/scan-page-layout.ts';
import { stopError } from '../process/stop-error.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { chosenPages } from './chosen-pages.ts';
import { passwordNotices } from './password-notices.ts';
import { pdfToWordTimeLimit } from './pdf-to-word.ts';
import { openReadablePdf } from './open-readable-pdf.ts';
import { scanReader } from './read-scanned-pages.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): PDF to Word's reading of every page, and each page's drawing drawn
 * once more without its text (by hand, not measured: PDF to Word's rates with a page's drawing added).
 */
export const WORK_RATES: WorkRates = {
  ...NO_WORK,
  baseMs: 400,
  perPageMs: 500,
  perContentMiBMs: 3000,
  perScannedPageMs: 3200,
};

/**
 * Converts a PDF to a PowerPoint presentation, a slide per page (those of `pages`, or all) at the page's size:
 * PDF to Word's reading gives each page's lines of text, in style runs with their fonts, sizes, weights and colours,
 * and its pictures; each line becomes a text box where it stands, each picture a picture, and the page's vector
 * drawing (charts, rules, shading, frames) one picture behind them (`drawPageArt`). Scanned pages are read with OCR
 * as PDF to Word reads them, into text boxes of the words read and the pictures cut out of the scan. A presentation
 * has one slide size, the first page's; a page of another size is fitted whole into it, centred. Pages are written
 * to the file as they are read; the pages that may be scans (almost no text), once the scans among them are read.
 */
export const pdfToPowerpoint: EngineOp<'pdf-to-powerpoint'> = async ({ file, options }, ctx) => {
  const startedAt = Date.now();
  const details = { fileIndex: 0, fileName: file.name };
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['pdf-to-powerpoint'].maxPages);
  const pages = chosenPages(options.pages, info.pageCount);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const setLimit = (scannedPages: number) => {
    const limitMs = Math.min(ctx.timeoutMs, pdfToWordTimeLimit(pages.length, scannedPages));
    ctx.setTimeLimit?.(limitMs);
    return limitMs;
  };
  setLimit(0);
  const mupdf = await loadMupdf();
  const document = await openReadablePdf(mupdf, info, file);
  const outputPath = join(ctx.workDir, 'converted.pptx');
  const writer = new PptxWriter(outputPath);
  try {
    const readScans = scanReader({ mupdf, document, file, info, startedAt, setLimit }, ctx, {
      toolName: 'PDF to PowerPoint',
      total: pages.length,
      languages: options.language,
      workRates: WORK_RATES,
    });
    const written = await writeSlides(mupdf, document, pages, writer, {
      checkStop: (done, waiting) => {
        if (ctx.signal.aborted) throw stopError(ctx.signal);
        ctx.onProgress?.('processing', { done: done - waiting, total: pages.length });
      },
      readScans,
    }).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      if (ctx.signal.aborted) throw stopError(ctx.signal);
      throw new AppError(
        'CONVERSION_FAILED',
        `"${file.name}" could not be converted to PowerPoint.`,
        details,
      );
    });
    ctx.onProgress?.('writing');
    await writer.finish(pages.length, written.size);
    const recognised = [...written.scans].filter(([, scan]) => isReadableScan(scan));
    return {
      path: outputPath,
      report: {
        values: {
          pageCount: pages.length,
          pagesWithoutText: written.pagesWithoutText,
          ...recognitionReport(recognised.map(([pageNumber, scan]) => ({ ...scan, pageNumber }))),
        },
        notices: [
          ...repairNotices(info.wasRepaired),
          ...(written.pagesWithoutText > 0
            ? [{ code: 'PAGES_ARE_SCANS' as const, fileIndex: 0, pages: written.pagesWithoutText }]
            : []),
          // A presentation has no password, whatever the PDF had.
          ...passwordNotices([info]),
        ],
      },
    };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    document.destroy();
  }
};

type WriteSteps = {
  /** Runs between pages with the pages read and how many of them wait for `readScans`; throws to stop. */
  checkStop: (done: number, waiting: number) => void;
  readScans: (pageNumbers: readonly number[]) => Promise<ReadonlyMap<number, RecognisedScan>>;
};

/**
 * Reads each page and writes its slide; a page with almost no text waits until the scans among such pages are
 * read, and is then written from what was read (or, not a scan or read too poorly, as it is). The slide size is
 * the first page's as read.
 */
async function writeSlides(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  pages: readonly number[],
  writer: PptxWriter,
  { checkStop, readScans }: WriteSteps,
): Promise<{ size: SlideSize; pagesWithoutText: number; scans: ReadonlyMap<number, RecognisedScan> }> {
  const positions = new Map(pages.map((pageNumber, index) => [pageNumber, index + 1]));
  let size: SlideSize | null = null;
  let pagesWithoutText = 0;
  const write = async (slide: SlidePage) => {
    size ??= slideSizeOf(slide);
    const xml = writeSlideXml(
      slide,
      placePage(slide, size),
      (pageNumber) => positions.get(pageNumber),
      (type) => writer.mediaName(type),
    );
    if (!slide.lines.some((line) => line.text.trim() !== '')) pagesWithoutText += 1;
    await writer.addSlide(positions.get(slide.pageNumber) ?? 0, xml);
  };
  const withPage = async <T>(pageNumber: number, use: (page: Mupdf.Page) => Promise<T>): Promise<T> => {
    const page = document.loadPage(pageNumber - 1);
    try {
      return await use(page);
    } finally {
      page.destroy();
    }
  };
  // The pages that may be scans: read again once their scans are read (their pictures, a scan's pixels, are not
  // kept meanwhile).
  const waiting: number[] = [];
  for (const [index, pageNumber] of pages.entries()) {
    checkStop(index, waiting.length);
    await withPage(pageNumber, async (page) => {
      const { read, characters } = readSlideText(mupdf, document, page, pageNumber);
      size ??= slideSizeOf(slideSizeOfRead(read.layout));
      if (mayBeScanned(characters)) waiting.push(pageNumber);
      else await write(await completeSlide(mupdf, page, read));
    });
  }
  checkStop(pages.length, waiting.length);
  const scans = waiting.length > 0 ? await readScans(waiting) : new Map<number, RecognisedScan>();
  for (const pageNumber of waiting) {
    checkStop(pages.length, 0);
    const scan = scans.get(pageNumber);
    await withPage(pageNumber, async (page) =>
      write(
        scan && isReadableScan(scan)
          ? await readScanSlidePage(mupdf, page, pageNumber, scan)
          : await completeSlide(mupdf, page, readSlideText(mupdf, document, page, pageNumber).read),
      ),
    );
  }
  return { size: size ?? slideSizeOf({ width: 612, height: 792 }), pagesWithoutText, scans };
}
