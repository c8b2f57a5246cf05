import type * as Mupdf from 'mupdf';

/** Images larger than this are left as they are rather than decoded: a bound on memory, not a quality choice. */
export const MAX_DECODED_IMAGE_PIXELS = 50_000_000;

/** Filters whose images are left alone: bilevel codecs beat JPEG on scans. */
const KEPT_FILTERS = new Set(['JBIG2Decode', 'CCITTFaxDecode']);

export type ImageObject = {
  ref: Mupdf.PDFObject;
  width: number;
  height: number;
  /**
   * Colour components of the stored samples: 1 (grey), 3 (RGB) or 4 (CMYK), device or ICC-based; null for a JPEG
   * 2000 image without /ColorSpace, whose codestream says (its decoded samples tell).
   */
  components: 1 | 3 | 4 | null;
  /** Bytes of the stream as stored in the file. */
  storedBytes: number;
  /** Stored lossy: JPEG or JPEG 2000. Re-encoding costs a generation and must buy a real saving. */
  isLossy: boolean;
  isJpeg2000: boolean;
  /**
   * The soft mask when it has the image's size and can be resampled with it (8-bit, no /Matte or /Decode). Any
   * other soft mask is kept as it is: a soft mask need not match its image's size, it covers the same area.
   */
  resizableSoftMask: Mupdf.PDFObject | null;
};

/** Object numbers of every image used as another image's /SMask or /Mask: they are handled with their image. */
export function findMaskObjects(pdf: Mupdf.PDFDocument): Set<number> {
  const masks = new Set<number>();
  forEachImageStream(pdf, (ref) => {
    for (const key of ['SMask', 'Mask']) {
      const mask = ref.get(key);
      if (mask.isIndirect()) masks.add(mask.asIndirect());
    }
  });
  return masks;
}

export function forEachImageStream(
  pdf: Mupdf.PDFDocument,
  visit: (ref: Mupdf.PDFObject, num: number) => void,
) {
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const ref = pdf.newIndirect(num);
    if (ref.isStream() && ref.get('Subtype').asName() === 'Image') visit(ref, num);
  }
}

/**
 * Reads an image dictionary and returns what re-encoding needs, or null for images that are left exactly as they
 * are because a lossy re-encoding could change how they look: stencil masks, colour-key masks, /Decode arrays,
 * indexed, spot and Lab colour, fewer than 8 bits per sample, bilevel codecs, JPEG 2000 with its own alpha, and
 * huge images.
 */
export function readImageObject(ref: Mupdf.PDFObject): ImageObject | null {
  const width = ref.get('Width').asNumber();
  const height = ref.get('Height').asNumber();
  if (!(width > 0 && height > 0) || width * height > MAX_DECODED_IMAGE_PIXELS) return null;
  if (ref.get('ImageMask').asBoolean()) return null;
  const filters = filterNames(ref.get('Filter'));
  if (filters.some((filter) => KEPT_FILTERS.has(filter))) return null;
  // JPEG 2000 may leave its depth and colour to the codestream; an alpha channel in it (/SMaskInData) stays.
  const isJpeg2000 = filters.at(-1) === 'JPXDecode';
  const bitsPerComponent = ref.get('BitsPerComponent').asNumber();
  if (
    !(isJpeg2000 && ref.get('BitsPerComponent').isNull()) &&
    bitsPerComponent !== 8 &&
    bitsPerComponent !== 16
  )
    return null;
  if (!ref.get('Decode').isNull() || !ref.get('SMaskInData').isNull()) return null;
  const hasColorSpace = !ref.get('ColorSpace').isNull();
  const components = hasColorSpace || !isJpeg2000 ? colorComponents(ref.get('ColorSpace')) : null;
  if (components === null && (hasColorSpace || !isJpeg2000)) return null;

  const softMask = ref.get('SMask');
  const hasSoftMask = softMask.isStream();
  // A colour-key mask (an array of ranges) needs exact sample values, which JPEG does not keep; with a soft mask
  // present it is ignored by viewers anyway.
  if (ref.get('Mask').isArray() && !hasSoftMask) return null;
  const isSoftMaskResizable = hasSoftMask && isResizableSoftMask(softMask, width, height);

  return {
    ref,
    width,
    height,
    components,
    storedBytes: ref.get('Length').asNumber(),
    isLossy: isJpeg2000 || filters.at(-1) === 'DCTDecode',
    isJpeg2000,
    resizableSoftMask: isSoftMaskResizable ? softMask : null,
  };
}

export function isResizableSoftMask(mask: Mupdf.PDFObject, width: number, height: number): boolean {
  return (
    mask.get('Width').asNumber() === width &&
    mask.get('Height').asNumber() === height &&
    mask.get('BitsPerComponent').asNumber() === 8 &&
    mask.get('Matte').isNull() &&
    mask.get('Decode').isNull() &&
    !filterNames(mask.get('Filter')).some((filter) => KEPT_FILTERS.has(filter))
  );
}

export function filterNames(filter: Mupdf.PDFObject): string[] {
  if (filter.isName()) return [filter.asName()];
  if (!filter.isArray()) return [];
  return Array.from({ length: filter.length }, (_, index) => filter.get(index).asName());
}

function colorComponents(colorSpace: Mupdf.PDFObject): 1 | 3 | 4 | null {
  if (colorSpace.isName()) {
    const name = colorSpace.asName();
    if (name === 'DeviceGray') return 1;
    if (name === 'DeviceRGB') return 3;
    if (name === 'DeviceCMYK') return 4;
    return null;
  }
  if (colorSpace.isArray() && colorSpace.get(0).asName() === 'ICCBased') {
    const count = colorSpace.get(1).get('N').asNumber();
    return count === 1 || count === 3 || count === 4 ? count : null;
  }
  return null;
}
