import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, MAX_IMAGE_PAGES, type ToolOptions } from '@quire/shared';
import type { PDFDocument } from 'mupdf';
import { chooseImageDpi } from '../images/choose-image-dpi.ts';
import { embedPicture } from '../images/embed-picture.ts';
import type { EmbeddedImage } from '../images/embedded-image.ts';
import { computeOrientationMatrix, isQuarterTurn } from '../images/orientation-matrix.ts';
import { planPageLayout } from '../images/plan-page-layout.ts';
import { readPictureHeader, type PictureHeader } from '../images/read-picture-header.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { estimateWork, NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';

const POINTS_PER_INCH = 72;

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): Each image decoded (or copied)
 * onto its page.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 150, perInputMiBMs: 100 };

/**
 * Turns images into a PDF, one page per image in the order given, every page of a multi-page TIFF in turn. JPEGs
 * keep their bytes; PNGs keep theirs when PDF can read them as they are, else are re-compressed losslessly with an
 * SMask for transparency; WebP, TIFF, GIF (its first frame), AVIF, HEIC and BMP are decoded losslessly with their
 * colour profile applied (`embedPicture`). EXIF orientation becomes the page's drawing matrix, not re-encoded
 * pixels. Every header is read first, so a pixel bomb or an unreadable file anywhere in the list is refused before
 * any decoding.
 */
export const jpgToPdf: EngineOp<'jpg-to-pdf'> = async ({ files, options }, ctx) => {
  ctx.onProgress?.('reading');
  const inspections = await Promise.allSettled(
    files.map((file, index) => readPictureHeader(file.path, { name: file.name, index })),
  );
  const headers = inspections.map((inspection) => {
    if (inspection.status === 'rejected') throw inspection.reason;
    return inspection.value;
  });
  const pageCount = headers.reduce((sum, header) => sum + header.pages, 0);
  if (pageCount > MAX_IMAGE_PAGES) {
    throw new AppError(
      'DOCUMENT_TOO_COMPLEX',
      `These images make ${pageCount} pages, more than ${MAX_IMAGE_PAGES}.`,
      { pageCount, maxPages: MAX_IMAGE_PAGES },
    );
  }
  await declarePictureWork(files, pageCount, ctx);

  const mupdf = await loadMupdf();
  const pdf = new mupdf.PDFDocument();
  try {
    let done = 0;
    for (const [index, file] of files.entries()) {
      const header = headers[index] as PictureHeader;
      const source = { name: file.name, index };
      for (let pageIndex = 0; pageIndex < header.pages; pageIndex += 1) {
        ctx.signal.throwIfAborted();
        ctx.onProgress?.('processing', { done, total: pageCount });
        const image = await embedPicture(mupdf, pdf, file.path, header, pageIndex, source, ctx);
        addImagePage(pdf, image, header.orientation, options);
        done += 1;
      }
    }
    ctx.signal.throwIfAborted();
    ctx.onProgress?.('writing');
    const outputPath = join(ctx.workDir, 'converted.pdf');
    // Image streams are already compressed; `compress` deflates the small page content streams.
    pdf.save(outputPath, 'compress');
    return { path: outputPath, report: { values: { pageCount }, notices: [] } };
  } finally {
    pdf.destroy();
  }
};

function addImagePage(
  pdf: PDFDocument,
  image: EmbeddedImage,
  orientation: number,
  options: ToolOptions<'jpg-to-pdf'>,
): void {
  const layout = planPageLayout(displayedSizePt(image, orientation), options.pageSize, options.margin);
  const matrix = computeOrientationMatrix(orientation, layout.placement);
  const contents = `q ${matrix.map(formatNumber).join(' ')} cm /Im0 Do Q`;
  const page = pdf.addPage([0, 0, layout.width, layout.height], 0, { XObject: { Im0: image.ref } }, contents);
  pdf.insertPage(-1, page);
}

/** Tells the pool the job's work: a page for each picture (each page of a TIFF), and the bytes read. */
async function declarePictureWork(
  files: readonly InputFile[],
  pages: number,
  ctx: JobContext,
): Promise<void> {
  if (!ctx.declareWork) return;
  let inputBytes = 0;
  for (const file of files) inputBytes += (await stat(file.path)).size;
  await ctx.declareWork(estimateWork(WORK_RATES, { pages, inputBytes }));
}

/** The image's size on paper at its own resolution, after the EXIF orientation has turned it. */
function displayedSizePt(image: EmbeddedImage, orientation: number): { width: number; height: number } {
  const dpi = chooseImageDpi(image.dpi);
  const width = (image.width * POINTS_PER_INCH) / dpi.x;
  const height = (image.height * POINTS_PER_INCH) / dpi.y;
  return isQuarterTurn(orientation) ? { width: height, height: width } : { width, height };
}

/** Content-stream numbers: four decimals are far below a device pixel, and PDF has no exponent notation. */
function formatNumber(value: number): string {
  return String(Number(value.toFixed(4)));
}
