import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, type OcrLanguage } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { openPdfFile } from '../mupdf/open-pdf-file.ts';
import { openScannedSource } from './open-scanned-source.ts';
import type { InputFile, JobContext } from '../ops/types.ts';
import { assemblePages } from '../qpdf/assemble-pages.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { deflateJpegStreams } from './deflate-jpeg-streams.ts';
import { isScannedPage, surveyPages, type PageSurvey } from './find-scanned-pages.ts';
import { levelPage } from './level-page.ts';
import { readScans, type ScanResult } from './read-scans.ts';
import { isReadableScan } from './readable-scan.ts';
import { shareLayerFont } from './share-layer-font.ts';
import { removeTree } from '../process/remove-tree.ts';

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
  /** The PDF with a text layer over each scanned page that could be read. */
  path: string;
  pageCount: number;
  /** The pages that were read and given a text layer, in page order. */
  pages: RecognisedPage[];
  /**
   * The scanned pages in which no text could be read (`isReadableScan`: no word, or words too unsure to trust, as
   * handwriting or noise give), in page order: they are left as they were, without a text layer (their `turn` and
   * `skew` are those read, not given).
   */
  unreadPages: RecognisedPage[];
  /** The Tesseract models used (`eng+fra`). */
  models: string;
};

/**
 * Gives every scanned page of a PDF an invisible, selectable text layer, placed word by word: the pages whose text
 * is a picture are found (`isScannedPage`), drawn in grey at 300 DPI (`drawScanPage`), levelled when skewed
 * (`deskewPgm`: by interpolation and by shears, each read, the surer kept), read by Tesseract (two pages at once,
 * one thread each), and Tesseract's text-only pages, sharing one font, are laid over the original pages by qpdf
 * (`--overlay`). The pages' images are never re-encoded: a skewed scan is straightened by a turn in its drawing
 * instructions (`levelPage`), a page scanned sideways or upside down gets the /Rotate that puts it upright, and
 * JPEGs are only wrapped in lossless deflate. Pages that have text are not touched, nor are scans in which no text
 * could be read (`isReadableScan`, the rule PDF to Word keeps a scan as a picture by): a layer of wrong words would
 * only mislead a search. Progress: `processing` with pages done of the scans, then `writing`.
 */
export async function recognisePdf(
  file: InputFile,
  info: PdfInfo,
  languages: readonly OcrLanguage[] | 'auto',
  outputPath: string,
  ctx: JobContext,
): Promise<PdfRecognition> {
  const deadline = Date.now() + ctx.timeoutMs;
  const sourcePath = await prepareRenderSource(file, 0, info, ctx);
  const workDir = join(ctx.workDir, 'ocr');
  const scanned = (await surveySource(sourcePath, file)).filter(isScannedPage);
  if (scanned.length === 0) {
    await copyFile(sourcePath, outputPath);
    return { path: outputPath, pageCount: info.pageCount, pages: [], unreadPages: [], models: '' };
  }
  ctx.onProgress?.('processing', { done: 0, total: scanned.length });
  const { results: recognised, models } = await readScans(sourcePath, file, scanned, languages, {
    wants: 'text-layer',
    workDir,
    signal: ctx.signal,
    timeLeft: () => deadline - Date.now(),
    onPage: (done) => ctx.onProgress?.('processing', { done, total: scanned.length }),
  });

  ctx.onProgress?.('writing');
  const readings = scanned.map((page) => ({ page, reading: recognised.get(page.pageNumber) as ScanResult }));
  const pages = readings.filter(({ reading }) => isReadableScan(reading));
  if (pages.length > 0) await overlayTextLayers(sourcePath, pages, workDir, outputPath, ctx, file);
  else await copyFile(sourcePath, outputPath);
  await removeTree(workDir);
  const described = ({ page, reading }: ReadScan): RecognisedPage => ({
    pageNumber: page.pageNumber,
    confidence: reading.confidence,
    words: reading.words,
    turn: reading.uprightTurn,
    skew: reading.skew,
    text: reading.text,
  });
  return {
    path: outputPath,
    pageCount: info.pageCount,
    models,
    pages: pages.map(described),
    unreadPages: readings.filter((read) => !pages.includes(read)).map(described),
  };
}

type ReadScan = { page: PageSurvey; reading: ScanResult };

/**
 * Writes `outputPath`: the source with Tesseract's text-only pages of the scans read laid over them, each scan's
 * JPEG deflated, a skewed one drawn level and a turned one put upright.
 */
async function overlayTextLayers(
  sourcePath: string,
  pages: readonly ReadScan[],
  workDir: string,
  outputPath: string,
  ctx: JobContext,
  file: InputFile,
): Promise<void> {
  const layerPath = join(workDir, 'text-layer.pdf');
  const joined = await assemblePages(
    pages.map(({ reading }) => ({ file: reading.textPdfPath ?? '', pages: 'all' })),
    layerPath,
    ctx,
    // The layer is only text: compressing its streams harder than Tesseract does costs little and saves bytes.
    ['--recompress-flate', '--compression-level=9'],
  );
  if (!joined.ok) throw new AppError('CONVERSION_FAILED', 'The text layer could not be written.');
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
  const opened = openScannedSource(mupdf, path, file);
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
