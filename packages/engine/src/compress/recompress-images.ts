import { deflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import {
  decodeImageSamples,
  encodeJpeg,
  resizeSamples,
  type PixelSize,
  type Samples,
} from './encode-image.ts';
import { findMaskObjects, forEachImageStream, readImageObject, type ImageObject } from './image-objects.ts';
import { imageSizeKey, measureImagePlacements } from './image-placements.ts';
import {
  readIndexedImage,
  readIndices,
  resampleIndices,
  writeIndices,
  type IndexedImage,
} from './indexed-images.ts';
import { LOWEST_DOWNSAMPLE_ABOVE_DPI, type ImagePolicy } from './quality-levels.ts';

/** Images stored in fewer bytes are not worth decoding unless they must be resampled. */
const MIN_REENCODED_STORED_BYTES = 4096;
/**
 * A losslessly stored image becomes a JPEG only when the JPEG is this much smaller than the lossless form.
 * Photographs shrink five to ten times; line art, screenshots and text shrink little and would ring, so they
 * stay lossless (this is the decision Ghostscript's automatic filter choice makes, by a different test).
 */
const MAX_LOSSY_TO_LOSSLESS_SIZE_RATIO = 0.5;
/** zlib level used only to estimate the lossless size; MuPDF compresses the stream for real when saving. */
const ESTIMATE_DEFLATE_LEVEL = 6;

/**
 * Images rewritten, by kind, and `adjustable`: the drawn images that some quality level could resample or re-encode
 * (large enough to be decoded, or above the lowest level's resampling threshold). With none, every level gives the
 * same file.
 */
export type ImageRewriteCounts = { jpeg: number; lossless: number; adjustable: number };

/**
 * Brings every drawn image down to the policy's resolution and re-encodes it where that pays, in place in `pdf`.
 * Images shared by several pages are rewritten once (they are one object), at the resolution their largest
 * placement needs. Images not drawn on any page are left for garbage collection to drop or keep.
 */
export async function recompressImages(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  policy: ImagePolicy,
  signal: AbortSignal,
): Promise<ImageRewriteCounts> {
  dropOverriddenColorKeyMasks(pdf);
  const placements = measureImagePlacements(mupdf, pdf, signal);
  const masks = findMaskObjects(pdf);
  const images: ImageObject[] = [];
  const indexed: IndexedImage[] = [];
  forEachImageStream(pdf, (ref, num) => {
    if (masks.has(num)) return;
    const image = readImageObject(ref);
    if (image) images.push(image);
    const palette = image ? null : readIndexedImage(ref);
    if (palette) indexed.push(palette);
  });

  const counts: ImageRewriteCounts = { jpeg: 0, lossless: 0, adjustable: 0 };
  for (const image of images) {
    if (signal.aborted) throw signal.reason;
    const dpi = placements.get(imageSizeKey(image.width, image.height));
    if (dpi === undefined) continue;
    if (dpi > LOWEST_DOWNSAMPLE_ABOVE_DPI || image.storedBytes >= MIN_REENCODED_STORED_BYTES)
      counts.adjustable += 1;
    const outcome = await rewriteImage(mupdf, pdf, image, targetSize(image, dpi, policy), policy);
    if (outcome !== null) counts[outcome] += 1;
  }
  for (const image of indexed) {
    if (signal.aborted) throw signal.reason;
    const dpi = placements.get(imageSizeKey(image.width, image.height));
    if (dpi === undefined) continue;
    if (dpi > LOWEST_DOWNSAMPLE_ABOVE_DPI) counts.adjustable += 1;
    if (await resampleIndexedImage(mupdf, pdf, image, targetSize(image, dpi, policy))) counts.lossless += 1;
  }
  return counts;
}

/**
 * An oversampled palette image is brought down to the policy's resolution on its own palette, and kept when that
 * makes it smaller; one that is not oversampled stays as it is.
 */
async function resampleIndexedImage(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  image: IndexedImage,
  size: PixelSize,
): Promise<boolean> {
  if (size.width === image.width && size.height === image.height) return false;
  const indices = readIndices(image);
  if (indices === null) return false;
  const resampled = resampleIndices(indices, image, size);
  if (deflateSync(resampled, { level: ESTIMATE_DEFLATE_LEVEL }).length >= image.storedBytes) return false;
  await resizeSoftMask(mupdf, pdf, image, size);
  writeIndices(image, resampled, size);
  return true;
}

function targetSize(image: PixelSize, dpi: number, policy: ImagePolicy): PixelSize {
  if (dpi <= policy.downsampleAboveDpi) return { width: image.width, height: image.height };
  const scale = policy.targetDpi / dpi;
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

async function rewriteImage(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  image: ImageObject,
  size: PixelSize,
  policy: ImagePolicy,
): Promise<'jpeg' | 'lossless' | null> {
  const isResized = size.width !== image.width || size.height !== image.height;
  if (!isResized && image.storedBytes < MIN_REENCODED_STORED_BYTES) return null;
  const decoded = decodeImageSamples(mupdf, pdf, image.ref, true);
  if (decoded === null || (decoded.channels !== 1 && decoded.channels !== 3)) return null;
  const samples = isResized ? await resizeSamples(decoded, size) : decoded;
  if (samples === null) return null;
  const jpeg = await encodeJpeg(samples, policy.jpegQuality);

  if (image.isLossy) {
    const limit = isResized ? image.storedBytes : image.storedBytes * policy.maxLossyReencodeRatio;
    if (jpeg.length >= limit) return null;
    await resizeSoftMask(mupdf, pdf, image, size);
    writeImage(pdf, image, samples, jpeg);
    return 'jpeg';
  }
  const losslessBytes = isResized
    ? deflateSync(samples.pixels, { level: ESTIMATE_DEFLATE_LEVEL }).length
    : image.storedBytes;
  if (jpeg.length <= losslessBytes * MAX_LOSSY_TO_LOSSLESS_SIZE_RATIO && jpeg.length < image.storedBytes) {
    await resizeSoftMask(mupdf, pdf, image, size);
    writeImage(pdf, image, samples, jpeg);
    return 'jpeg';
  }
  if (isResized && losslessBytes < image.storedBytes) {
    await resizeSoftMask(mupdf, pdf, image, size);
    writeImage(pdf, image, samples, null);
    return 'lossless';
  }
  return null;
}

/** Replaces the image's stream and the dictionary entries that describe it; `jpeg` null means raw samples. */
function writeImage(pdf: Mupdf.PDFDocument, image: ImageObject, samples: Samples, jpeg: Buffer | null) {
  const { ref } = image;
  if (jpeg) {
    ref.writeRawStream(jpeg);
    ref.put('Filter', pdf.newName('DCTDecode'));
  } else {
    // Written unencoded; the save's `compress` option deflates it.
    ref.writeStream(samples.pixels);
    ref.delete('Filter');
  }
  ref.delete('DecodeParms');
  ref.put('Width', samples.width);
  ref.put('Height', samples.height);
  ref.put('BitsPerComponent', 8);
  // Decoding converted CMYK to RGB; grey and RGB keep their colour space, ICC profile included. A JPEG 2000
  // image's colour came from its codestream: the JPEG's is what it decoded to.
  if (image.components === 4) ref.put('ColorSpace', pdf.newName('DeviceRGB'));
  if (image.components === null) {
    ref.put('ColorSpace', pdf.newName(samples.channels === 1 ? 'DeviceGray' : 'DeviceRGB'));
  }
}

/** Resamples the soft mask with its image so both keep matching sizes; it stays lossless. */
async function resizeSoftMask(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  image: Pick<ImageObject, 'width' | 'height' | 'resizableSoftMask'>,
  size: PixelSize,
) {
  const mask = image.resizableSoftMask;
  if (mask === null || (size.width === image.width && size.height === image.height)) return;
  const decoded = decodeImageSamples(mupdf, pdf, mask, false);
  // A soft mask that cannot be decoded as grey keeps its size: it still covers the same area.
  if (decoded === null || decoded.channels !== 1) return;
  const resized = await resizeSamples(decoded, size);
  if (resized === null) return;
  mask.writeStream(resized.pixels);
  mask.delete('Filter');
  mask.delete('DecodeParms');
  mask.put('Width', size.width);
  mask.put('Height', size.height);
}

/**
 * A colour-key /Mask beside a /SMask is ignored by the specification, but MuPDF applies it while decoding (it
 * becomes alpha, which hides the true colours); removing it first changes nothing a conforming viewer shows.
 */
function dropOverriddenColorKeyMasks(pdf: Mupdf.PDFDocument) {
  forEachImageStream(pdf, (ref) => {
    if (ref.get('Mask').isArray() && ref.get('SMask').isStream()) ref.delete('Mask');
  });
}
