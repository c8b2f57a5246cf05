import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePpmStreamAsPngs } from './ppm-stream-to-pngs.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-ppm-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A binary PPM of `width` × `height` whose bytes are `pixel(index)`. */
function ppm(width: number, height: number, pixel: (index: number) => number): Buffer {
  const raster = Buffer.alloc(width * height * 3);
  for (let index = 0; index < raster.length; index += 1) raster[index] = pixel(index);
  return Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1'), raster]);
}

/** The bytes as a stream cut into pieces of `size`, so headers and rasters straddle chunks. */
const inPieces = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, at) =>
      bytes.subarray(at * size, (at + 1) * size),
    ),
  );

const pathOf = (index: number) => join(dir, `page-${index + 1}.png`);

describe('writePpmStreamAsPngs', () => {
  it('writes each image of the stream as a PNG of the same pixels, whatever the chunks', async () => {
    // The first raster starts with bytes that read as whitespace (newline, space): they are pixels, not header.
    const first = ppm(5, 3, (index) => [10, 32, 9][index % 3] as number);
    const second = ppm(2, 4, (index) => (index * 37) % 256);
    for (const size of [1, 7, 4096]) {
      await rm(dir, { recursive: true, force: true });
      dir = await mkdtemp(join(tmpdir(), 'quire-ppm-'));
      expect(await writePpmStreamAsPngs(inPieces(Buffer.concat([first, second]), size), pathOf)).toBe(2);
      expect((await readdir(dir)).sort()).toEqual(['page-1.png', 'page-2.png']);
      for (const [path, source] of [
        [pathOf(0), first],
        [pathOf(1), second],
      ] as const) {
        const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
        expect(info.format).toBe('raw');
        expect(data.equals(source.subarray(source.length - data.length))).toBe(true);
      }
    }
  });

  it('refuses a stream that is not PPM, and one that stops inside an image', async () => {
    await expect(writePpmStreamAsPngs(inPieces(Buffer.alloc(100, 0x41), 10), pathOf)).rejects.toThrow(
      'did not write PPM',
    );
    const cut = ppm(4, 4, () => 200).subarray(0, 30);
    await expect(writePpmStreamAsPngs(inPieces(cut, 8), pathOf)).rejects.toThrow('inside a page image');
  });
});
