import { createInflate } from 'node:zlib';
import type { PngChunks } from './read-png-chunks.ts';

/** Samples per pixel and the bit depths PNG allows, by colour type. */
const COLOUR_TYPES: Record<number, { channels: number; bitDepths: readonly number[] }> = {
  0: { channels: 1, bitDepths: [1, 2, 4, 8, 16] },
  2: { channels: 3, bitDepths: [8, 16] },
  3: { channels: 1, bitDepths: [1, 2, 4, 8] },
  4: { channels: 2, bitDepths: [8, 16] },
  6: { channels: 4, bitDepths: [8, 16] },
};
/** Adam7's seven passes: first column and row, then the step between columns and rows. */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Bytes a PNG's image data inflates to, as its header describes it: every scanline (of each Adam7 pass when
 * interlaced, empty passes having none) is one filter-type byte and its packed samples. Throws a plain Error for a
 * colour type and bit depth PNG does not allow.
 */
export function computePngDataBytes(
  header: Pick<PngChunks, 'width' | 'height' | 'bitDepth' | 'colourType' | 'isInterlaced'>,
): number {
  const colourType = COLOUR_TYPES[header.colourType];
  if (!colourType || !colourType.bitDepths.includes(header.bitDepth)) {
    throw new Error(`PNG colour type ${header.colourType} with bit depth ${header.bitDepth}`);
  }
  const bitsPerPixel = colourType.channels * header.bitDepth;
  const scanlines = (width: number, height: number) =>
    width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  if (!header.isInterlaced) return scanlines(header.width, header.height);
  return ADAM7_PASSES.reduce((sum, [column, row, columnStep, rowStep]) => {
    const width = Math.max(0, Math.ceil((header.width - column) / columnStep));
    const height = Math.max(0, Math.ceil((header.height - row) / rowStep));
    return sum + scanlines(width, height);
  }, 0);
}

/**
 * Inflates a zlib stream only to count its bytes, a chunk at a time, stopping as soon as it passes
 * `expectedBytes`: a few kilobytes that inflate to gigabytes cost a few kilobytes of memory and `expectedBytes` of
 * work. `exact` when it inflates to exactly that many bytes; `excess` when to more; `short` when to fewer or when
 * the stream is broken.
 */
export async function compareInflatedSize(
  data: Buffer,
  expectedBytes: number,
): Promise<'exact' | 'excess' | 'short'> {
  const inflate = createInflate();
  inflate.end(data);
  let inflatedBytes = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      inflatedBytes += chunk.length;
      if (inflatedBytes > expectedBytes) return 'excess';
    }
  } catch {
    return 'short';
  } finally {
    inflate.destroy();
  }
  return inflatedBytes === expectedBytes ? 'exact' : 'short';
}
