import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withExifResolution } from '@quire/test-kit/hostile-images';
import { imageBoxes } from '../../test/image-boxes.ts';
import { inputFile, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { MAX_PAGE_SIDE_PT, MIN_PAGE_SIDE_PT } from '../images/plan-page-layout.ts';
import { jpgToPdf } from './jpg-to-pdf.ts';

const ctx = useJobContext();

type Options = { pageSize: 'fit' | 'a4' | 'letter'; margin: 'none' | 'small' };
const FIT: Options = { pageSize: 'fit', margin: 'none' };

/** Page size of converting one image made in the test, and where its image lands (y down). */
async function pageSizeOf(bytes: Buffer, options: Options = FIT) {
  const path = join(ctx.workDir, 'photo.jpg');
  await writeFile(path, bytes);
  const result = await jpgToPdf({ files: [inputFile(path)], options }, ctx);
  const check = qpdfCheck(result.path);
  expect(check.ok, check.output).toBe(true);
  const page = new mupdf.PDFDocument(await readFile(result.path)).loadPage(0);
  const [, , width, height] = page.getBounds();
  return { width, height, box: imageBoxes(page)[0] ?? [] };
}

const jpegOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

describe('jpg-to-pdf with implausible resolutions and sizes', () => {
  type Rational = [number, number];

  it.each([
    ['1e9 dpi', [1e9, 1], [1e9, 1]],
    ['4,294,967,295 dpi', [0xffff_ffff, 1], [0xffff_ffff, 1]],
    ['0.000001 dpi', [1, 1_000_000], [1, 1_000_000]],
    ['10,001 dpi', [10_001, 1], [10_001, 1]],
    ['600 × 1 dpi', [600, 1], [1, 1]],
    ['600 × 100 dpi (6:1)', [600, 1], [100, 1]],
  ] as Array<[string, Rational, Rational]>)(
    'sizes a photo whose EXIF says %s as one of 96 DPI',
    async (_kind, x, y) => {
      const jpeg = withExifResolution(await jpegOf(64, 48), x, y);
      // 64 × 48 pixels at 96 DPI.
      const { width, height } = await pageSizeOf(jpeg);
      expect(width).toBeCloseTo(48, 3);
      expect(height).toBeCloseTo(36, 3);
    },
  );

  it('keeps a plausible EXIF resolution, square or not (fax: 204 × 98 dpi)', async () => {
    const resolutions: Array<[number, number]> = [
      [10_000, 10_000],
      [300, 300],
      [204, 98],
    ];
    for (const [x, y] of resolutions) {
      const { width, height } = await pageSizeOf(withExifResolution(await jpegOf(640, 480), [x, 1], [y, 1]));
      expect(width).toBeCloseTo((640 * 72) / x, 3);
      expect(height).toBeCloseTo((480 * 72) / y, 3);
    }
  });

  it(`never makes a page side shorter than ${MIN_PAGE_SIDE_PT} pt or longer than ${MAX_PAGE_SIDE_PT} pt`, async () => {
    // One pixel at 96 DPI is 0.75 pt: grown to the minimum.
    const dot = await pageSizeOf(await jpegOf(1, 1));
    expect([dot.width, dot.height]).toEqual([MIN_PAGE_SIDE_PT, MIN_PAGE_SIDE_PT]);
    // One pixel at 10,000 DPI: the same.
    const fine = await pageSizeOf(withExifResolution(await jpegOf(1, 1), [10_000, 1], [10_000, 1]));
    expect([fine.width, fine.height]).toEqual([MIN_PAGE_SIDE_PT, MIN_PAGE_SIDE_PT]);
    // 20,000 × 2 pixels is 15,000 × 1.5 pt: shrunk to the maximum width, which leaves the height under the
    // minimum, so the page keeps the minimum and the strip is centred on it.
    for (const [columns, rows] of [
      [20_000, 2],
      [2, 20_000],
    ] as const) {
      const strip = await pageSizeOf(await jpegOf(columns, rows));
      const isWide = columns > rows;
      expect(isWide ? strip.width : strip.height).toBeCloseTo(MAX_PAGE_SIDE_PT, 3);
      expect(isWide ? strip.height : strip.width).toBeCloseTo(MIN_PAGE_SIDE_PT, 3);
      const [left = 0, top = 0, right = 0, bottom = 0] = strip.box;
      expect(strip.width - right).toBeCloseTo(left, 3);
      expect(strip.height - bottom).toBeCloseTo(top, 3);
      expect(isWide ? bottom - top : right - left).toBeCloseTo(1.44, 3);
    }
  });
});
