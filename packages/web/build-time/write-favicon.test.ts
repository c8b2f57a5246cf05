import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAVICON } from '../app/lib/favicon.ts';
import { writeFavicon } from './write-favicon.ts';

let clientDir: string;
beforeEach(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'quire-favicon-'));
  await writeFile(
    join(clientDir, 'favicon.svg'),
    await readFile(new URL('../public/favicon.svg', import.meta.url)),
  );
});
afterEach(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

describe('writeFavicon', () => {
  it('draws the mark as a small PNG: the indigo tile with its transparent rounded corners and the white page', async () => {
    await writeFavicon(clientDir);
    const file = await readFile(join(clientDir, FAVICON.file));
    expect(file.length).toBeLessThan(2048);
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([FAVICON.px, FAVICON.px]);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    const near = (actual: number[], expected: number[]) =>
      actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 24);
    // The corner is cut by the tile's radius; its edge is the brand's indigo (#4f46e5); the page's middle is white.
    expect(pixel(0, 0)[3]).toBe(0);
    expect(near(pixel(2, FAVICON.px / 2), [0x4f, 0x46, 0xe5, 255])).toBe(true);
    expect(
      near(pixel(Math.round(FAVICON.px * 0.4), Math.round(FAVICON.px * 0.35)), [255, 255, 255, 255]),
    ).toBe(true);
  });
});
