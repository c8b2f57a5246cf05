import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { openPdfFile } from '../mupdf/open-pdf-file.ts';
import type { InputFile, JobContext } from '../ops/types.ts';
import { runPoppler } from '../poppler/run-poppler.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { runInLanes } from '../render/run-in-lanes.ts';
import { deflateJpegStreams } from './deflate-jpeg-streams.ts';
import { deskewPgm } from './deskew.ts';
import { levelPage } from './level-page.ts';
import { shareLayerFont } from './share-layer-font.ts';
import { isScannedPage, surveyPages, type PageSurvey } from './find-scanned-pages.ts';
import type { OcrLanguage } from '@quire/shared';
import { modelsFor, modelsForScript } from './ocr-languages.ts';
import { detectScript, runTesseract, type PageRecognition } from './run-tesseract.ts';
import { stopError } from '../process/stop-error.ts';

/** Tesseract reads best with capital letters 20–30 pixels high: 300 DPI for the usual 10–12 pt body text. */
const OCR_DPI = 300;
/** A page image larger than this (an A2 poster at 300 DPI) is read at a lower resolution. */
const MAX_OCR_PIXELS = 25_000_000;
/** Script detection needs far less than reading: the page at this resolution is enough, and quicker. */
const SCRIPT_DPI = 150;
/** Tesseract processes at once per job: one per core, as measured (one thread each is fastest on a busy machine). */
const MAX_OCR_PROCESSES = 2;

export type RecognisedPage = {
  pageNumber: number;
  /** Mean word confidence, 0–100; null when the page held no word. */
  confidence: number | null;
  words: number;
  /** Clockwise turn given to the page to put its text upright. */
  turn: 0 | 90 | 180 | 270;
  /** Degrees (clockwise) the page image was levelled by before reading; 0 when it was level. */
  skew: number;
  text: string;
};

export type PdfRecognition = {
  /** The PDF with a text layer over each scanned page. */
  path: string;
  pageCount: number;
  /** The pages that were read, in page order. */
  pages: RecognisedPage[];
  /** The Tesseract models used (`eng+fra`). */
  models: string;
};

/**
 * Gives every scanned page of a PDF an invisible, selectable text layer, placed word by word: the pages whose text
 * is a picture are found (`isScannedPage`), drawn in grey by poppler at 300 DPI, levelled when skewed
 * (`deskewPgm`), read by Tesseract (two pages at once, one thread each), and Tesseract's text-only pages, sharing
 * one font, are laid over the original pages by qpdf (`--overlay`). The pages' images are never re-encoded: a
 * skewed scan is straightened by a turn in its drawing instructions (`levelPage`), a page scanned sideways or upside
 * down gets the /Rotate that puts it upright, and JPEGs are only wrapped in lossless deflate. Pages that have text
 * are not touched. Progress: `processing` with pages done of the scans, then `writing`.
 */
export async function recognisePdf(
  file: InputFile,
  info: PdfInfo,
  languages: readonly OcrLanguage[] | 'auto',
  outputPath: string,
  ctx: JobContext,
): Promise<PdfRecognition> {
  const details = { fileIndex: 0, fileName: file.name };
  const deadline = Date.now() + ctx.timeoutMs;
  const controller = new AbortController();
  const signal = AbortSignal.any([ctx.signal, controller.signal]);
  const limits = () => ({ signal, timeoutMs: Math.max(1, deadline - Date.now()) });

  const sourcePath = await prepareRenderSource(file, 0, info, ctx);
  const workDir = join(ctx.workDir, 'ocr');
  await mkdir(workDir);
  const scanned = (await surveySource(sourcePath, file)).filter(isScannedPage);
  if (scanned.length === 0) {
    await copyFile(sourcePath, outputPath);
    await rm(workDir, { recursive: true, force: true });
    return { path: outputPath, pageCount: info.pageCount, pages: [], models: '' };
  }
  const imageOf = async (page: PageSurvey, dpi: number, name: string) => {
    const prefix = join(workDir, name);
    const result = await runPoppler(
      'pdftoppm',
      [
        '-gray',
        '-r',
        String(dpi),
        '-f',
        String(page.pageNumber),
        '-l',
        String(page.pageNumber),
        '-singlefile',
        sourcePath,
        prefix,
      ],
      limits(),
    );
    if (result.exitCode !== 0) {
      throw new AppError(
        'FILE_DAMAGED',
        `Page ${page.pageNumber} of "${file.name}" could not be drawn.`,
        details,
      );
    }
    return `${prefix}.pgm`;
  };

  let models: string;
  if (languages === 'auto') {
    const first = scanned[0] as PageSurvey;
    const image = await imageOf(first, Math.min(SCRIPT_DPI, dpiFor(first)), 'script');
    models = modelsForScript(await detectScript(image, Math.min(SCRIPT_DPI, dpiFor(first)), limits()));
    await rm(image, { force: true });
  } else {
    models = modelsFor(languages);
  }

  const recognised = new Map<number, PageRecognition & { skew: number }>();
  ctx.onProgress?.('processing', { done: 0, total: scanned.length });
  await runInLanes(
    scanned,
    Math.min(MAX_OCR_PROCESSES, availableParallelism()),
    async (page) => {
      if (signal.aborted) throw stopError(signal);
      const dpi = dpiFor(page);
      const image = await imageOf(page, dpi, `page-${page.pageNumber}`);
      try {
        const skew = await deskewPgm(image);
        const reading = await runTesseract(
          image,
          join(workDir, `text-${page.pageNumber}`),
          models,
          dpi,
          limits(),
        );
        recognised.set(page.pageNumber, { ...reading, skew });
      } finally {
        await rm(image, { force: true });
      }
      ctx.onProgress?.('processing', { done: recognised.size, total: scanned.length });
    },
    () => controller.abort(),
  );

  ctx.onProgress?.('writing');
  const pages = scanned.map((page) => {
    const reading = recognised.get(page.pageNumber) as PageRecognition & { skew: number };
    return { page, reading };
  });
  const layerPath = join(workDir, 'text-layer.pdf');
  const joined = await runQpdf(
    // The layer is only text: compressing its streams harder than Tesseract does costs little and saves bytes.
    [
      '--empty',
      '--pages',
      ...pages.map(({ reading }) => reading.textPdfPath),
      '--',
      '--recompress-flate',
      '--compression-level=9',
      layerPath,
    ],
    ctx,
  );
  if (!isQpdfSuccess(joined)) throw new AppError('CONVERSION_FAILED', 'The text layer could not be written.');
  await shareLayerFont(layerPath);
  const basePath = await rewriteScans(
    sourcePath,
    pages.map(({ page, reading }) => ({ pageNumber: page.pageNumber, skew: reading.skew })),
    join(workDir, 'scans.pdf'),
  );
  // The layer goes on first and the pages turn after, in a second pass: qpdf places an overlay upright on the page
  // as it is displayed, so a page turned in the same pass would get its layer turned back.
  const overlaidPath = join(workDir, 'overlaid.pdf');
  const turns = pages.filter(({ reading }) => reading.uprightTurn !== 0);
  await runQpdfOrFail(
    [
      basePath,
      '--overlay',
      layerPath,
      `--to=${pages.map(({ page }) => page.pageNumber).join(',')}`,
      `--from=1-${pages.length}`,
      '--',
      // Object streams: the text layer's small objects (fonts, forms) take less room compressed together.
      '--object-streams=generate',
      turns.length === 0 ? outputPath : overlaidPath,
    ],
    ctx,
    file,
  );
  if (turns.length > 0) {
    await runQpdfOrFail(
      [
        overlaidPath,
        ...turns.map(({ page, reading }) => `--rotate=+${reading.uprightTurn}:${page.pageNumber}`),
        '--object-streams=generate',
        outputPath,
      ],
      ctx,
      file,
    );
  }
  await rm(workDir, { recursive: true, force: true });
  return {
    path: outputPath,
    pageCount: info.pageCount,
    models,
    pages: pages.map(({ page, reading }) => ({
      pageNumber: page.pageNumber,
      confidence: reading.confidence,
      words: reading.words,
      turn: reading.uprightTurn,
      skew: reading.skew,
      text: reading.text,
    })),
  };
}

async function runQpdfOrFail(args: string[], ctx: JobContext, file: InputFile): Promise<void> {
  if (!isQpdfSuccess(await runQpdf(args, ctx))) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  }
}

async function surveySource(path: string, file: InputFile): Promise<PageSurvey[]> {
  const mupdf = await loadMupdf();
  let opened: ReturnType<typeof openPdfFile>;
  try {
    opened = openPdfFile(mupdf, path);
  } catch {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  }
  try {
    return surveyPages(mupdf, opened.pdf);
  } finally {
    opened.close();
  }
}

/**
 * The document the text layer goes onto: the source, or a copy in which the scanned pages' JPEGs are deflated
 * (`deflateJpegStreams`, lossless) and the skewed scans drawn level (`levelPage`, the image untouched), as they
 * were read.
 */
async function rewriteScans(
  sourcePath: string,
  pages: readonly { pageNumber: number; skew: number }[],
  copyPath: string,
): Promise<string> {
  const mupdf = await loadMupdf();
  const opened = openPdfFile(mupdf, sourcePath);
  try {
    const saved = deflateJpegStreams(
      opened.pdf,
      pages.map((page) => page.pageNumber),
    );
    const skewed = pages.filter((page) => page.skew !== 0);
    for (const page of skewed) levelPage(opened.pdf, page.pageNumber, page.skew);
    if (saved === 0 && skewed.length === 0) return sourcePath;
    const buffer = opened.pdf.saveToBuffer('');
    try {
      await writeFile(copyPath, buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
    return copyPath;
  } finally {
    opened.close();
  }
}

/** 300 DPI, or less for a page so large that its image would pass `MAX_OCR_PIXELS`. */
function dpiFor(page: PageSurvey): number {
  const squareInches = (page.widthPt / 72) * (page.heightPt / 72);
  if (squareInches <= 0) return OCR_DPI;
  return Math.max(1, Math.min(OCR_DPI, Math.floor(Math.sqrt(MAX_OCR_PIXELS / squareInches))));
}
