import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chooseImageDpi } from '../images/choose-image-dpi.ts';
import { embedJpeg } from '../images/embed-jpeg.ts';
import { embedPng } from '../images/embed-png.ts';
import type { EmbeddedImage } from '../images/embedded-image.ts';
import { computeOrientationMatrix, isQuarterTurn } from '../images/orientation-matrix.ts';
import { planPageLayout } from '../images/plan-page-layout.ts';
import { readImageHeader, type ImageHeader } from '../images/read-image-header.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { declareFileWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

const POINTS_PER_INCH = 72;

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): Each image decoded (or copied)
 * onto its page.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 150, perInputMiBMs: 100 };

/**
 * Turns JPG and PNG images into a PDF, one page per image in the order given. JPEGs keep their bytes; PNGs keep
 * theirs when PDF can read them as they are, else are re-compressed losslessly with an SMask for transparency. EXIF
 * orientation becomes the page's drawing matrix, not re-encoded pixels. Every header is read first, so a pixel bomb
 * or an unreadable file anywhere in the list is refused before any decoding.
 */
export const jpgToPdf: EngineOp<'jpg-to-pdf'> = async ({ files, options }, ctx) => {
  ctx.onProgress?.('reading');
  const inspections = await Promise.allSettled(
    files.map((file, index) => readImageHeader(file.path, { name: file.name, index })),
  );
  const headers = inspections.map((inspection) => {
    if (inspection.status === 'rejected') throw inspection.reason;
    return inspection.value;
  });
  await declareFileWork(WORK_RATES, files, ctx);

  const mupdf = await loadMupdf();
  const pdf = new mupdf.PDFDocument();
  try {
    for (const [index, file] of files.entries()) {
      ctx.signal.throwIfAborted();
      ctx.onProgress?.('processing', { done: index, total: files.length });
      const header = headers[index] as ImageHeader;
      const source = { name: file.name, index };
      const bytes = await readFile(file.path);
      const image =
        header.format === 'jpeg' ? embedJpeg(mupdf, pdf, bytes, source) : await embedPng(pdf, bytes, source);
      const layout = planPageLayout(
        displayedSizePt(image, header.orientation),
        options.pageSize,
        options.margin,
      );
      const matrix = computeOrientationMatrix(header.orientation, layout.placement);
      const contents = `q ${matrix.map(formatNumber).join(' ')} cm /Im0 Do Q`;
      const page = pdf.addPage(
        [0, 0, layout.width, layout.height],
        0,
        { XObject: { Im0: image.ref } },
        contents,
      );
      pdf.insertPage(-1, page);
    }
    ctx.signal.throwIfAborted();
    ctx.onProgress?.('writing');
    const outputPath = join(ctx.workDir, 'converted.pdf');
    // Image streams are already compressed; `compress` deflates the small page content streams.
    pdf.save(outputPath, 'compress');
    return { path: outputPath, report: { values: { pageCount: files.length }, notices: [] } };
  } finally {
    pdf.destroy();
  }
};

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
