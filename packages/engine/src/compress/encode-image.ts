import type * as Mupdf from 'mupdf';
import sharp, { type Sharp } from 'sharp';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { MAX_DECODED_IMAGE_PIXELS } from './image-objects.ts';

export type PixelSize = { width: number; height: number };

/** 8-bit samples without alpha, row after row, copied out of WebAssembly memory. */
export type Samples = PixelSize & { pixels: Buffer; channels: number };

/**
 * Decodes an image object with MuPDF, which knows every PDF filter and colour space. CMYK is converted to RGB
 * when asked (as Ghostscript's screen and ebook settings do): it makes smaller JPEGs and renders the same on
 * screen. Returns null for samples with alpha: MuPDF's alpha is premultiplied, so dropping it would darken them.
 */
export function decodeImageSamples(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  ref: Mupdf.PDFObject,
  shouldConvertCmyk: boolean,
): Samples | null {
  const image = pdf.loadImage(ref);
  const pixmaps: Mupdf.Pixmap[] = [];
  try {
    let pixmap = image.toPixmap();
    pixmaps.push(pixmap);
    if (pixmap.getAlpha()) return null;
    if (shouldConvertCmyk && pixmap.getNumberOfComponents() === 4) {
      pixmap = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB);
      pixmaps.push(pixmap);
    }
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const channels = pixmap.getNumberOfComponents();
    if (pixmap.getStride() !== width * channels) return null;
    // Copied, because WebAssembly memory can move when it grows while sharp works asynchronously.
    return { width, height, channels, pixels: Buffer.from(pixmap.getPixels()) };
  } finally {
    for (const pixmap of pixmaps) pixmap.destroy();
    image.destroy();
  }
}

/**
 * Lanczos resampling to `size`. sharp widens one-channel input to three on its way through unless told to keep
 * grey, so the colour space is pinned and the layout checked; null (image left as it is) if it still differs.
 */
export async function resizeSamples(samples: Samples, size: PixelSize): Promise<Samples | null> {
  const { data, info } = await readRaw(samples)
    .resize(size.width, size.height, { kernel: 'lanczos3', fit: 'fill' })
    .toColourspace(samples.channels === 1 ? 'b-w' : 'srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== samples.channels || data.length !== size.width * size.height * samples.channels) {
    return null;
  }
  return { ...size, channels: samples.channels, pixels: data };
}

/** mozjpeg encoding of grey or RGB samples. */
export function encodeJpeg(samples: Samples, jpegQuality: number): Promise<Buffer> {
  const pipeline = readRaw(samples);
  return (samples.channels === 1 ? pipeline.toColourspace('b-w') : pipeline)
    .jpeg({ quality: jpegQuality, mozjpeg: true })
    .toBuffer();
}

function readRaw(samples: Samples): Sharp {
  const channels = samples.channels as 1 | 2 | 3 | 4;
  return sharp(samples.pixels, {
    raw: { width: samples.width, height: samples.height, channels },
    limitInputPixels: MAX_DECODED_IMAGE_PIXELS,
  });
}
