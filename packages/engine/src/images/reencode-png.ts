import { MAX_IMAGE_PIXELS } from '@quire/shared';
import sharp from 'sharp';
import { readPngChunks } from './read-png-chunks.ts';

/** One PNG-predicted zlib stream of 8-bit samples, ready to be an image XObject with `/Predictor 15`. */
export type PngPlane = { data: Buffer; channels: number; bitDepth: number };

/** Adaptive row filters at zlib level 3: about the original PNG's size, several times faster than level 6. */
const PNG_ENCODE_OPTIONS = { adaptiveFiltering: true, compressionLevel: 3 } as const;

/**
 * For PNGs a PDF cannot take as they are (alpha, palette, interlacing, 16-bit with alpha, ICC profiles): libvips
 * decodes them (to 8 bits, colour-managed to sRGB) with the pixel cap as a second guard, the alpha channel is split
 * off into its own plane for an SMask, and each plane is re-compressed as PNG so the PDF stream keeps PNG's row
 * filters. Lossless for 8-bit images. A fully opaque alpha channel is dropped.
 */
export async function reencodePng(bytes: Buffer): Promise<{ colour: PngPlane; alpha: PngPlane | undefined }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const hasAlpha = channels === 2 || channels === 4;
  if (!hasAlpha) return { colour: await encodePlane(data, width, height, channels), alpha: undefined };

  const colourChannels = channels - 1;
  const pixels = width * height;
  const colour = Buffer.allocUnsafe(pixels * colourChannels);
  const alpha = Buffer.allocUnsafe(pixels);
  let isOpaque = true;
  for (let pixel = 0, from = 0, to = 0; pixel < pixels; pixel += 1) {
    for (let channel = 0; channel < colourChannels; channel += 1) colour[to++] = data[from++] as number;
    const value = data[from++] as number;
    alpha[pixel] = value;
    if (value !== 255) isOpaque = false;
  }
  return {
    colour: await encodePlane(colour, width, height, colourChannels),
    alpha: isOpaque ? undefined : await encodePlane(alpha, width, height, 1),
  };
}

async function encodePlane(
  samples: Buffer,
  width: number,
  height: number,
  channels: number,
): Promise<PngPlane> {
  // Without the explicit colour space, libvips writes one-channel raw input as an RGB PNG.
  const png = await sharp(samples, { raw: { width, height, channels: channels as 1 | 3 } })
    .toColourspace(channels === 1 ? 'b-w' : 'srgb')
    .png(PNG_ENCODE_OPTIONS)
    .toBuffer();
  const chunks = readPngChunks(png);
  if (chunks.colourType !== (channels === 1 ? 0 : 2) || chunks.bitDepth !== 8) {
    throw new Error(`libvips wrote PNG colour type ${chunks.colourType}, depth ${chunks.bitDepth}`);
  }
  return { data: chunks.data, channels, bitDepth: chunks.bitDepth };
}
