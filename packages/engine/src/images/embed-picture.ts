import { readFile } from 'node:fs/promises';
import { MAX_IMAGE_PIXELS } from '@quire/shared';
import type { PDFDocument } from 'mupdf';
import sharp from 'sharp';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import type { JobContext } from '../ops/types.ts';
import { decodeHeic } from './decode-heic.ts';
import { embedJpeg } from './embed-jpeg.ts';
import { embedPng } from './embed-png.ts';
import type { EmbeddedImage } from './embedded-image.ts';
import { createImageDamagedError, type ImageSource } from './image-errors.ts';
import type { PictureHeader } from './read-picture-header.ts';

/** Adaptive row filters at zlib level 3, as `reencodePng` writes: lossless, about the size of the source's PNG. */
const PNG_ENCODE_OPTIONS = { adaptiveFiltering: true, compressionLevel: 3 } as const;

/**
 * Adds page `page` of a picture to the PDF as an image XObject. JPG keeps its bytes, PNG its data where PDF reads
 * it as it is; the other formats are decoded to PNG losslessly (libvips for WebP, TIFF, GIF and AVIF: a TIFF's
 * page, a GIF's first frame; `heif-convert` for HEIC) with their colour profile applied (converted to sRGB, as
 * `reencodePng` does for a PNG with a profile), and BMP is decoded by MuPDF. The stored pixels are not turned: the
 * EXIF orientation stays the page's drawing matrix.
 */
export async function embedPicture(
  mupdf: MupdfModule,
  pdf: PDFDocument,
  path: string,
  header: PictureHeader,
  page: number,
  source: ImageSource,
  ctx: JobContext,
): Promise<EmbeddedImage> {
  switch (header.decoder) {
    case 'jpeg':
      return embedJpeg(mupdf, pdf, await readFile(path), source);
    case 'png':
      return embedPng(pdf, await readFile(path), source);
    case 'bmp':
      return {
        ...(await embedPng(pdf, decodeBmp(mupdf, await readFile(path), source), source)),
        dpi: header.dpi,
      };
    case 'heic':
      return embedPng(pdf, await decodeHeic(path, header.primaryPage, source, ctx), source);
    case 'libvips':
      return { ...(await embedPng(pdf, await decodePage(path, page, source), source)), dpi: header.dpi };
  }
}

/** One page (TIFF) or the first frame (GIF) as PNG, colour-managed to sRGB by its embedded profile. */
async function decodePage(path: string, page: number, source: ImageSource): Promise<Buffer> {
  try {
    return await sharp(path, { page, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .png(PNG_ENCODE_OPTIONS)
      .toBuffer();
  } catch (error) {
    throw createImageDamagedError(source, error);
  }
}

/** A BMP decoded by MuPDF (libvips reads none), as PNG: PNG's row filters make a third smaller streams. */
function decodeBmp(mupdf: MupdfModule, bytes: Buffer, source: ImageSource): Buffer {
  let image: InstanceType<MupdfModule['Image']> | undefined;
  let pixmap: ReturnType<InstanceType<MupdfModule['Image']>['toPixmap']> | undefined;
  try {
    image = new mupdf.Image(bytes);
    pixmap = image.toPixmap();
    return Buffer.from(pixmap.asPNG());
  } catch (error) {
    throw createImageDamagedError(source, error);
  } finally {
    pixmap?.destroy();
    image?.destroy();
  }
}
