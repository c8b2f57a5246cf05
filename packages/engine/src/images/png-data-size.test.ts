import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { corpusEntries, corpusPath } from '@quire/corpus';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPngDataBomb } from '@quire/test-kit/hostile-images';
import { compareInflatedSize, computePngDataBytes } from './png-data-size.ts';
import { readPngChunks } from './read-png-chunks.ts';

const pngs = corpusEntries().filter((entry) => entry.group === 'images' && entry.name.endsWith('.png'));

/** Odd sizes leave Adam7 passes empty or ragged, and sub-byte depths leave rows with spare bits. */
async function createPngs(): Promise<Array<[string, Buffer]>> {
  const out: Array<[string, Buffer]> = [];
  for (const [width, height] of [
    [1, 1],
    [3, 2],
    [13, 7],
    [240, 161],
  ] as const) {
    const base = sharp({
      create: { width, height, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 0.5 } },
    });
    const variants: Array<[string, Sharp]> = [
      ['grey', base.clone().removeAlpha().toColourspace('b-w').png()],
      ['grey 16', base.clone().removeAlpha().toColourspace('grey16').png()],
      ['grey + alpha', base.clone().toColourspace('b-w').png()],
      ['rgb', base.clone().removeAlpha().png()],
      ['rgb 16', base.clone().removeAlpha().toColourspace('rgb16').png()],
      ['rgba', base.clone().png()],
      ['rgba 16', base.clone().toColourspace('rgb16').png()],
      ['palette 2 colours', base.clone().png({ palette: true, colours: 2 })],
      ['palette 4 colours', base.clone().png({ palette: true, colours: 4 })],
      ['palette 16 colours', base.clone().png({ palette: true, colours: 16 })],
      ['interlaced rgb', base.clone().removeAlpha().png({ progressive: true })],
      ['interlaced palette', base.clone().png({ progressive: true, palette: true, colours: 4 })],
      ['interlaced grey 16', base.clone().removeAlpha().toColourspace('grey16').png({ progressive: true })],
    ];
    for (const [kind, image] of variants) out.push([`${kind} ${width}×${height}`, await image.toBuffer()]);
  }
  return out;
}

describe('the size of PNG image data', () => {
  it('is what the header says, for every colour type, bit depth and interlacing', async () => {
    const samples = [
      ...(await createPngs()),
      ...(await Promise.all(
        pngs.map(async (entry) => [entry.name, await readFile(corpusPath(entry.name))] as const),
      )),
    ];
    const depths = new Set<string>();
    for (const [name, png] of samples) {
      const chunks = readPngChunks(png);
      depths.add(`${chunks.colourType}/${chunks.bitDepth}/${chunks.isInterlaced}`);
      const expected = computePngDataBytes(chunks);
      expect(inflateSync(chunks.data).length, name).toBe(expected);
      expect(await compareInflatedSize(chunks.data, expected), name).toBe('exact');
      expect(await compareInflatedSize(chunks.data, expected - 1), name).toBe('excess');
      expect(await compareInflatedSize(chunks.data, expected + 1), name).toBe('short');
    }
    // The sizes above cover sub-byte palettes, 16-bit samples and interlacing.
    for (const kind of [
      '3/1/false',
      '3/2/false',
      '3/4/false',
      '0/16/false',
      '6/16/false',
      '2/8/true',
      '3/2/true',
    ])
      expect(depths).toContain(kind);
  });

  it('refuses colour types and bit depths PNG does not have', () => {
    const header = { width: 10, height: 10, isInterlaced: false };
    expect(() => computePngDataBytes({ ...header, colourType: 2, bitDepth: 4 })).toThrow();
    expect(() => computePngDataBytes({ ...header, colourType: 5, bitDepth: 8 })).toThrow();
  });

  it('stops counting a flate bomb as soon as it passes the expected size', async () => {
    const chunks = readPngChunks(createPngDataBomb());
    const expected = computePngDataBytes(chunks);
    expect(expected).toBe(100 * 301);
    expect(await compareInflatedSize(chunks.data, expected)).toBe('excess');
  });

  it('calls a broken stream short', async () => {
    const chunks = readPngChunks(createPngDataBomb(2, 1024 * 1024));
    const broken = Buffer.from(chunks.data);
    broken.fill(0xff, 2, 40);
    expect(await compareInflatedSize(broken, computePngDataBytes(chunks))).toBe('short');
  });
});
