import type { PDFDocument } from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import type { EmbeddedImage } from './embedded-image.ts';
import { createImageDamagedError, type ImageSource } from './image-errors.ts';
import { isJpegComplete } from './is-jpeg-complete.ts';

/**
 * Adds a JPEG to the PDF byte for byte (DCTDecode, no re-encoding, no quality loss). MuPDF reads the header and
 * writes the matching colour space: an embedded ICC profile as ICCBased, and for Adobe CMYK JPEGs (APP14) the
 * inverted `/Decode [1 0 1 0 1 0 1 0]` that keeps their colours.
 */
export function embedJpeg(
  mupdf: MupdfModule,
  pdf: PDFDocument,
  bytes: Uint8Array,
  source: ImageSource,
): EmbeddedImage {
  if (!isJpegComplete(bytes)) throw createImageDamagedError(source);
  let image: InstanceType<MupdfModule['Image']>;
  try {
    image = new mupdf.Image(bytes);
  } catch (error) {
    throw createImageDamagedError(source, error);
  }
  try {
    return {
      ref: pdf.addImage(image),
      width: image.getWidth(),
      height: image.getHeight(),
      // MuPDF reads JFIF, then EXIF, and answers 96 when neither gives a resolution.
      dpi: { x: image.getXResolution(), y: image.getYResolution() },
    };
  } catch (error) {
    throw createImageDamagedError(source, error);
  } finally {
    image.destroy();
  }
}
