import { renderJpegPages } from '../poppler/render-jpeg-pages.ts';
import { readJpegSize } from '../render/read-jpeg-size.ts';
import { NO_WORK } from '../work/estimate-work.ts';
import { pdfToImages, type PageImageFormat } from './pdf-to-images.ts';
import type { EngineOp } from './types.ts';

/** PDF to JPG's pictures: pdftoppm's JPEGs, whose pixels cost little to encode. */
const JPEG_FORMAT = {
  toolId: 'pdf-to-jpg',
  extension: '.jpg',
  // Each page's content parsed and drawn, and its pixels encoded (`npm run bench work-estimates`).
  workRates: { ...NO_WORK, baseMs: 60, perPageMs: 10, perContentMiBMs: 350, perMegapixelMs: 15 },
  render: renderJpegPages,
  readSize: readJpegSize,
} as const satisfies PageImageFormat;

/** Every page of one PDF as a JPEG at 300, 150 or 72 DPI (`pdfToImages`). */
export const pdfToJpg: EngineOp<'pdf-to-jpg'> = ({ file, options }, ctx) =>
  pdfToImages(JPEG_FORMAT, file, options.quality, ctx);
