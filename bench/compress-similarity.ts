// Helpers of compress.bench.ts: page renders at a fixed resolution, a structural similarity score (SSIM) between
// two renders, and the number of form fields (widgets) in a PDF. Written for the benchmark; not used by the server.
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import sharp from 'sharp';

export const SIMILARITY_DPI = 150;

/** One page rendered in grey, one byte per pixel, row after row. */
export type GreyRender = { width: number; height: number; pixels: Uint8Array };

/** SSIM works on small windows; 8×8 without overlap is the usual cheap variant. */
const WINDOW_PIXELS = 8;
/** Stabilising constants of SSIM for 8-bit samples: (0.01·255)² and (0.03·255)². */
const SSIM_C1 = (0.01 * 255) ** 2;
const SSIM_C2 = (0.03 * 255) ** 2;

export function openPdf(path: string, password?: string): mupdf.PDFDocument {
  const pdf = new mupdf.PDFDocument(readFileSync(path));
  if (pdf.needsPassword()) pdf.authenticatePassword(password ?? '');
  return pdf;
}

/** The first `maxPages` pages rendered in grey at SIMILARITY_DPI, annotations and form fields included. */
export function renderPages(path: string, maxPages: number, password?: string): GreyRender[] {
  const pdf = openPdf(path, password);
  const scale = mupdf.Matrix.scale(SIMILARITY_DPI / 72, SIMILARITY_DPI / 72);
  const renders: GreyRender[] = [];
  try {
    for (let index = 0; index < Math.min(maxPages, pdf.countPages()); index += 1) {
      const page = pdf.loadPage(index);
      const pixmap = page.toPixmap(scale, mupdf.ColorSpace.DeviceGray, false, true);
      renders.push({
        width: pixmap.getWidth(),
        height: pixmap.getHeight(),
        pixels: packRows(pixmap.getPixels(), pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride()),
      });
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    pdf.destroy();
  }
  return renders;
}

/** Widgets (form fields as drawn on pages) over the whole document. */
export function countFormFields(path: string, password?: string): number {
  const pdf = openPdf(path, password);
  let count = 0;
  try {
    for (let index = 0; index < pdf.countPages(); index += 1) {
      const page = pdf.loadPage(index);
      count += page.getWidgets().length;
      page.destroy();
    }
  } finally {
    pdf.destroy();
  }
  return count;
}

/**
 * The share of the file's bytes in images that are not bilevel (CCITT, JBIG2 and 1-bit images are at their
 * smallest already): the files where quality levels can differ.
 */
export function colourImageShare(path: string, fileBytes: number, password?: string): number {
  const pdf = openPdf(path, password);
  let bytes = 0;
  try {
    for (let num = 1; num < pdf.countObjects(); num += 1) {
      const object = pdf.newIndirect(num);
      if (!object.isStream() || object.get('Subtype').asName() !== 'Image') continue;
      if (object.get('BitsPerComponent').asNumber() === 1 || object.get('ImageMask').asBoolean()) continue;
      bytes += object.get('Length').asNumber();
    }
  } finally {
    pdf.destroy();
  }
  return bytes / fileBytes;
}

/** True when any page draws an image (or an image mask). */
export function hasImages(path: string, password?: string): boolean {
  const pdf = openPdf(path, password);
  let found = false;
  const device = new mupdf.Device({
    fillImage: () => {
      found = true;
    },
    fillImageMask: () => {
      found = true;
    },
  });
  try {
    for (let index = 0; index < pdf.countPages() && !found; index += 1) {
      const page = pdf.loadPage(index);
      page.run(device, mupdf.Matrix.identity);
      page.destroy();
    }
    device.close();
  } finally {
    device.destroy();
    pdf.destroy();
  }
  return found;
}

/**
 * Mean SSIM of `candidate` against `reference` (1 = identical). A candidate of another size (Ghostscript rounds
 * page boxes) is first resampled to the reference's size.
 */
export async function scoreSimilarity(reference: GreyRender, candidate: GreyRender): Promise<number> {
  const other =
    candidate.width === reference.width && candidate.height === reference.height
      ? candidate.pixels
      : await sharp(candidate.pixels, {
          raw: { width: candidate.width, height: candidate.height, channels: 1 },
        })
          .resize(reference.width, reference.height, { fit: 'fill' })
          .raw()
          .toBuffer();
  let total = 0;
  let windows = 0;
  for (let top = 0; top + WINDOW_PIXELS <= reference.height; top += WINDOW_PIXELS) {
    for (let left = 0; left + WINDOW_PIXELS <= reference.width; left += WINDOW_PIXELS) {
      total += windowSsim(reference.pixels, other, reference.width, left, top);
      windows += 1;
    }
  }
  return windows === 0 ? 1 : total / windows;
}

function windowSsim(a: Uint8Array, b: Uint8Array, width: number, left: number, top: number): number {
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let y = top; y < top + WINDOW_PIXELS; y += 1) {
    for (let x = left; x < left + WINDOW_PIXELS; x += 1) {
      const va = a[y * width + x] ?? 0;
      const vb = b[y * width + x] ?? 0;
      sumA += va;
      sumB += vb;
      sumAA += va * va;
      sumBB += vb * vb;
      sumAB += va * vb;
    }
  }
  const n = WINDOW_PIXELS * WINDOW_PIXELS;
  const meanA = sumA / n;
  const meanB = sumB / n;
  const varianceA = sumAA / n - meanA * meanA;
  const varianceB = sumBB / n - meanB * meanB;
  const covariance = sumAB / n - meanA * meanB;
  return (
    ((2 * meanA * meanB + SSIM_C1) * (2 * covariance + SSIM_C2)) /
    ((meanA * meanA + meanB * meanB + SSIM_C1) * (varianceA + varianceB + SSIM_C2))
  );
}

function packRows(pixels: Uint8ClampedArray, width: number, height: number, stride: number): Uint8Array {
  if (stride === width) return new Uint8Array(pixels);
  const packed = new Uint8Array(width * height);
  for (let row = 0; row < height; row += 1) {
    packed.set(pixels.subarray(row * stride, row * stride + width), row * width);
  }
  return packed;
}
