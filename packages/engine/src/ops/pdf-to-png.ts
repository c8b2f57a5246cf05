import { PNG_MEGAPIXEL_TIMEOUT_MS } from '@quire/shared';
import { renderPngPages } from '../poppler/render-png-pages.ts';
import { readPngSize } from '../render/read-png-size.ts';
import { NO_WORK } from '../work/estimate-work.ts';
import { pdfToImages, type PageImageFormat } from './pdf-to-images.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job costs: as PDF to JPG, but each megapixel deflated. On white, that is our own PNG writing of
 * pdftoppm's rasters, which `npm run bench to-png` measured at 0.28 of the time of pdftoppm's PNG writer (whose rate
 * was 165 ms per megapixel, 11 times JPEG's); transparent, a page drawn and written by cairo (16 times JPEG's).
 */
const WORK_RATES = { ...NO_WORK, baseMs: 60, perPageMs: 10, perContentMiBMs: 350, perMegapixelMs: 50 };
const TRANSPARENT_WORK_RATES = { ...WORK_RATES, perMegapixelMs: 240 };

/**
 * Every page of one PDF as a lossless PNG at 300, 150 or 72 DPI (`pdfToImages`, as PDF to JPG), on the page's
 * white or, with `transparent=true`, on nothing: what the page does not paint is transparent.
 */
export const pdfToPng: EngineOp<'pdf-to-png'> = ({ file, options }, ctx) => {
  const transparent = options.transparent === 'true';
  const format = {
    toolId: 'pdf-to-png',
    extension: '.png',
    workRates: transparent ? TRANSPARENT_WORK_RATES : WORK_RATES,
    megapixelTimeoutMs: PNG_MEGAPIXEL_TIMEOUT_MS,
    render: (...args) => renderPngPages(transparent, ...args),
    readSize: readPngSize,
  } as const satisfies PageImageFormat;
  return pdfToImages(format, file, options.quality, ctx);
};
