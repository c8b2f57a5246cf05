import type { PDFDocument, PDFObject } from 'mupdf';
import type { EmbeddedImage } from './embedded-image.ts';
import { createImageDamagedError, type ImageSource } from './image-errors.ts';
import { compareInflatedSize, computePngDataBytes } from './png-data-size.ts';
import { readPngChunks, type PngChunks } from './read-png-chunks.ts';
import { reencodePng, type PngPlane } from './reencode-png.ts';

/**
 * Adds a PNG to the PDF as a Flate image with PNG predictors. A plain grey or RGB PNG (no alpha, palette,
 * transparency chunk, interlacing or ICC profile) goes in with its compressed data unchanged, as img2pdf does:
 * no decoding, same size. Every other PNG is decoded and re-compressed, its alpha becoming an SMask that viewers
 * composite over the white page. Compressed data is only copied once it has been inflated (counted, never held)
 * to exactly the bytes the header's pixels need: data that goes on past the last row (a flate bomb behind a small
 * picture: 1 GiB in 1 MB) or stops short is decoded instead, libvips reading the rows the header declares and
 * no more, so the PDF never carries more than the picture.
 */
export async function embedPng(pdf: PDFDocument, bytes: Buffer, source: ImageSource): Promise<EmbeddedImage> {
  let chunks: PngChunks;
  let planes: Awaited<ReturnType<typeof reencodePng>>;
  try {
    chunks = readPngChunks(bytes);
    planes = (await isPdfReady(chunks))
      ? {
          colour: { data: chunks.data, channels: chunks.colourType === 2 ? 3 : 1, bitDepth: chunks.bitDepth },
          alpha: undefined,
        }
      : await reencodePng(bytes);
  } catch (error) {
    throw createImageDamagedError(source, error);
  }
  const { width, height } = chunks;
  const mask = planes.alpha && addImageStream(pdf, planes.alpha, width, height);
  const ref = addImageStream(pdf, planes.colour, width, height, mask);
  return { ref, width, height, dpi: chunks.dpi };
}

/**
 * PDF's Flate filter with `/Predictor 15` reads PNG's IDAT stream for grey and RGB samples of any PNG depth, when
 * that stream holds the picture and nothing else.
 */
async function isPdfReady(chunks: PngChunks): Promise<boolean> {
  return (
    (chunks.colourType === 0 || chunks.colourType === 2) &&
    !chunks.isInterlaced &&
    !chunks.hasTransparencyChunk &&
    !chunks.hasIccProfile &&
    (await compareInflatedSize(chunks.data, computePngDataBytes(chunks))) === 'exact'
  );
}

function addImageStream(
  pdf: PDFDocument,
  plane: PngPlane,
  width: number,
  height: number,
  mask?: PDFObject,
): PDFObject {
  return pdf.addRawStream(plane.data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: plane.channels === 3 ? 'DeviceRGB' : 'DeviceGray',
    BitsPerComponent: plane.bitDepth,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: plane.channels, BitsPerComponent: plane.bitDepth, Columns: width },
    ...(mask ? { SMask: mask } : {}),
  });
}
