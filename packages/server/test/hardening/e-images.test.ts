import { MAX_IMAGE_PAGES, MAX_IMAGE_PIXELS } from '@quire/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApngFrameBomb,
  createGifFrameBomb,
  createJpegSizeBomb,
  createPngHeaderBomb,
  createPngPixelBomb,
  createTiff,
} from '@quire/test-kit/hostile-images';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { expectOutput, expectRefusal, expectStillServing, postTool, type Upload } from './harness.ts';

/**
 * Hardening catalogue, group E: images (docs/hardening.md, item 47). JPG to PDF reads every image's size from its
 * header before decoding any, and refuses one over `MAX_IMAGE_PIXELS` (or a TIFF of more pages than
 * `MAX_IMAGE_PAGES`) naming it; files that are no picture are refused by their bytes. The other catalogue items on images (truncated, CMYK, EXIF) are in `engine/src/ops/jpg-to-pdf.test.ts`.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const photo = async (name: string): Promise<Upload> => ({
  name,
  bytes: await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c83' } })
    .jpeg()
    .toBuffer(),
});

// [what, file name, bytes, width, height]
const BOMBS: Array<[string, string, () => Buffer | Promise<Buffer>, number, number]> = [
  [
    'a complete 14,000² PNG: 190 KB that decode to 196 MB',
    'huge.png',
    () => createPngPixelBomb(14_000),
    14_000,
    14_000,
  ],
  ['a PNG header claiming 65535² pixels', 'claims.png', () => createPngHeaderBomb(), 65_535, 65_535],
  // 65500 is the most libjpeg reads: a JPEG claiming more is refused as damaged before any size check.
  [
    'a JPEG whose frame header claims 65500² pixels',
    'claims.jpg',
    () => createJpegSizeBomb(65_500, 65_500),
    65_500,
    65_500,
  ],
  [
    'a JPEG of 8000 × 7000, just over the budget',
    'poster.jpg',
    () => createJpegSizeBomb(8_000, 7_000),
    8_000,
    7_000,
  ],
];

describe('E. images (item 47)', () => {
  it.each(BOMBS)(
    '47. refuses %s by its header, naming it, before decoding anything (422)',
    async (_, name, build, width, height) => {
      const uploads = [await photo('first.jpg'), await photo('second.jpg'), { name, bytes: await build() }];
      const error = expectRefusal(
        await postTool(testApp, 'jpg-to-pdf', uploads),
        422,
        'DOCUMENT_TOO_COMPLEX',
        new RegExp(
          `^"${name.replace('.', '\\.')}" is ${width} × ${height} pixels, more than ${MAX_IMAGE_PIXELS} pixels\\.$`,
        ),
      );
      expect(error.details).toEqual({
        fileIndex: 2,
        fileName: name,
        width,
        height,
        maxPixels: MAX_IMAGE_PIXELS,
      });
      await expectStillServing(testApp, ['jpg-to-pdf']);
    },
    60_000,
  );

  it('47. takes an animated PNG declaring 100,000 frames as its first frame only', async () => {
    const reply = await postTool(testApp, 'jpg-to-pdf', [
      { name: 'frames.png', bytes: createApngFrameBomb(100_000) },
    ]);
    expectOutput(reply, 'jpg-to-pdf');
    expect(reply.rawPayload.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await expectStillServing(testApp, ['jpg-to-pdf']);
  });

  it('47. takes a GIF of 10,000 frames as its first frame only, whatever its name', async () => {
    const reply = await postTool(testApp, 'jpg-to-pdf', [
      { name: 'frames.jpg', bytes: createGifFrameBomb(10_000) },
    ]);
    expectOutput(reply, 'jpg-to-pdf');
    expect(reply.headers['x-page-count']).toBe('1');
    await expectStillServing(testApp, ['jpg-to-pdf']);
  });

  it('47. refuses a TIFF of more pages than a conversion makes by its header, before decoding any (422)', async () => {
    const page = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const pages = Array.from({ length: MAX_IMAGE_PAGES + 1 }, () => page);
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff()
      .toBuffer();
    const error = expectRefusal(
      await postTool(testApp, 'jpg-to-pdf', [await photo('first.jpg'), { name: 'fax.tif', bytes: tiff }]),
      422,
      'DOCUMENT_TOO_COMPLEX',
      new RegExp(`^"fax\\.tif" has ${MAX_IMAGE_PAGES + 1} pages, more than ${MAX_IMAGE_PAGES}\\.$`),
    );
    expect(error.details).toEqual({
      fileIndex: 1,
      fileName: 'fax.tif',
      pageCount: MAX_IMAGE_PAGES + 1,
      maxPages: MAX_IMAGE_PAGES,
    });
    await expectStillServing(testApp, ['jpg-to-pdf']);
  }, 60_000);

  it('47. refuses a TIFF header with nothing behind it as damaged, naming it (422)', async () => {
    const error = expectRefusal(
      await postTool(testApp, 'jpg-to-pdf', [{ name: 'scan.jpg', bytes: createTiff() }]),
      422,
      'FILE_DAMAGED',
      /"scan\.jpg" is damaged or not a complete image\./,
    );
    expect(error.details).toMatchObject({ fileIndex: 0, fileName: 'scan.jpg' });
    await expectStillServing(testApp, ['jpg-to-pdf']);
  });

  it('47. refuses a file that is no picture by its bytes, whatever its name (415)', async () => {
    const error = expectRefusal(
      await postTool(testApp, 'jpg-to-pdf', [
        { name: 'notes.jpg', bytes: Buffer.from('BMW and GIF are words.') },
      ]),
      415,
      'INVALID_FILE_TYPE',
      /"notes\.jpg" is not a JPG\/PNG\/WebP\/TIFF\/GIF\/BMP\/HEIC\/AVIF file/,
    );
    expect(error.details).toMatchObject({ fileIndex: 0, fileName: 'notes.jpg' });
    await expectStillServing(testApp, ['jpg-to-pdf']);
  });
});
