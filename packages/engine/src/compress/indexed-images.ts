import { inflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import { filterNames, isResizableSoftMask, MAX_DECODED_IMAGE_PIXELS } from './image-objects.ts';
import type { PixelSize } from './encode-image.ts';

/**
 * A colour other than the image's background is kept in a resampled pixel when it covers at least this share of
 * the pixels it stands for: a line one pixel wide survives a reduction to a half or a third.
 */
const MIN_INK_SHARE = 0.25;

/** A palette image of one byte per pixel (`/Indexed`, 8 bits), which compression may resample keeping its palette. */
export type IndexedImage = {
  ref: Mupdf.PDFObject;
  width: number;
  height: number;
  storedBytes: number;
  resizableSoftMask: Mupdf.PDFObject | null;
};

/**
 * Reads an indexed image that can be resampled on its palette: 8 bits per index, stored raw or deflated (as nearly
 * all are), no /Decode, no colour-key or stencil mask. Its colours stay exactly those of its palette, so diagrams,
 * charts and screenshots keep their flat colours and sharp edges (JPEG would ring, and rarely be smaller).
 */
export function readIndexedImage(ref: Mupdf.PDFObject): IndexedImage | null {
  const width = ref.get('Width').asNumber();
  const height = ref.get('Height').asNumber();
  if (!(width > 0 && height > 0) || width * height > MAX_DECODED_IMAGE_PIXELS) return null;
  const colorSpace = ref.get('ColorSpace');
  if (!colorSpace.isArray() || colorSpace.get(0).asName() !== 'Indexed') return null;
  if (ref.get('BitsPerComponent').asNumber() !== 8 || ref.get('ImageMask').asBoolean()) return null;
  if (!ref.get('Decode').isNull() || ref.get('Mask').isArray()) return null;
  const filters = filterNames(ref.get('Filter'));
  if (filters.length > 1 || (filters.length === 1 && filters[0] !== 'FlateDecode')) return null;
  // A predictor works on whole pixels: more than one component per pixel is not an indexed image's.
  const parameters = ref.get('DecodeParms');
  if (parameters.isDictionary() && parameters.get('Colors').asNumber() > 1) return null;
  const softMask = ref.get('SMask');
  return {
    ref,
    width,
    height,
    storedBytes: ref.get('Length').asNumber(),
    resizableSoftMask: softMask.isStream() && isResizableSoftMask(softMask, width, height) ? softMask : null,
  };
}

/** Bytes a stream may hold past its image's samples (padding some writers add) and still be read. */
const TRAILING_BYTES = 65_536;

/**
 * The image's palette indices, one byte per pixel row after row, or null when its stream holds too few, or far
 * too many: a stream that inflates far beyond its image (item 24 of the hardening list) is inflated here only up to
 * just past the image's size, before MuPDF decodes it whole (predictors included).
 */
export function readIndices(image: IndexedImage): Uint8Array | null {
  const pixels = image.width * image.height;
  if (!image.ref.get('Filter').isNull()) {
    // With a PNG predictor each row carries one more byte, its filter type.
    const bound = image.height * (image.width + 1) + TRAILING_BYTES;
    try {
      inflateSync(image.ref.readRawStream().asUint8Array(), { maxOutputLength: bound });
    } catch {
      return null;
    }
  }
  const indices = image.ref.readStream().asUint8Array();
  return indices.length >= pixels ? indices.subarray(0, pixels) : null;
}

/**
 * Brings palette indices down to `size`. Each new pixel takes the index most of its source pixels have. On a
 * drawing on paper (one index, the background, covers half the image or more), a new pixel that would be
 * background takes instead another index that covers at least `MIN_INK_SHARE` of its source pixels, so thin lines
 * and small text stay drawn rather than fading into the paper.
 */
export function resampleIndices(indices: Uint8Array, from: PixelSize, to: PixelSize): Uint8Array {
  const background = paperIndex(indices, from.width * from.height);
  const resampled = new Uint8Array(to.width * to.height);
  const counts = new Uint32Array(256);
  const seen: number[] = [];
  for (let row = 0; row < to.height; row += 1) {
    const y0 = Math.floor((row * from.height) / to.height);
    const y1 = Math.max(y0 + 1, Math.floor(((row + 1) * from.height) / to.height));
    for (let column = 0; column < to.width; column += 1) {
      const x0 = Math.floor((column * from.width) / to.width);
      const x1 = Math.max(x0 + 1, Math.floor(((column + 1) * from.width) / to.width));
      for (let y = y0; y < y1; y += 1) {
        for (let x = x0; x < x1; x += 1) {
          const index = indices[y * from.width + x] as number;
          if (counts[index] === 0) seen.push(index);
          counts[index] = (counts[index] as number) + 1;
        }
      }
      let mode = seen[0] as number;
      let ink = -1;
      for (const index of seen) {
        const count = counts[index] as number;
        if (count > (counts[mode] as number)) mode = index;
        if (index !== background && (ink < 0 || count > (counts[ink] as number))) ink = index;
      }
      const area = (y1 - y0) * (x1 - x0);
      const keepsInk =
        background >= 0 &&
        (counts[background] as number) >= (counts[mode] as number) &&
        ink >= 0 &&
        (counts[ink] as number) >= MIN_INK_SHARE * area;
      resampled[row * to.width + column] = keepsInk ? ink : mode;
      for (const index of seen) counts[index] = 0;
      seen.length = 0;
    }
  }
  return resampled;
}

/** The index that covers at least half of the image (its paper), or -1 when none does. */
function paperIndex(indices: Uint8Array, length: number): number {
  const counts = new Uint32Array(256);
  for (let at = 0; at < length; at += 1) {
    const index = indices[at] as number;
    counts[index] = (counts[index] as number) + 1;
  }
  let best = 0;
  for (let index = 1; index < 256; index += 1) {
    if ((counts[index] as number) > (counts[best] as number)) best = index;
  }
  return (counts[best] as number) * 2 >= length ? best : -1;
}

/** Replaces the image's indices (written unencoded: the save's `compress` option deflates them) and its size. */
export function writeIndices(image: IndexedImage, indices: Uint8Array, size: PixelSize): void {
  const { ref } = image;
  ref.writeStream(indices);
  ref.delete('Filter');
  ref.delete('DecodeParms');
  ref.put('Width', size.width);
  ref.put('Height', size.height);
}
