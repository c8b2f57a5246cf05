import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@quire/shared';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inputFile, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { jpgToPdf } from './jpg-to-pdf.ts';
import type { InputFile } from './types.ts';

const ctx = useJobContext();
const FIT = { pageSize: 'fit', margin: 'none' } as const;

type Rgb = { r: number; g: number; b: number };
const RED: Rgb = { r: 220, g: 20, b: 30 };
const GREEN: Rgb = { r: 20, g: 160, b: 40 };
const BLUE: Rgb = { r: 30, g: 40, b: 200 };
/** Largest difference per channel between a page's pixel and the colour drawn. */
const COLOUR_TOLERANCE = 6;

const solid = (width: number, height: number, colour: Rgb) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

async function writeInput(name: string, bytes: Uint8Array): Promise<InputFile> {
  const path = join(ctx.workDir, name);
  await writeFile(path, bytes);
  return inputFile(path);
}

async function convert(files: InputFile[]) {
  const result = await jpgToPdf({ files, options: FIT }, ctx);
  const check = qpdfCheck(result.path);
  expect(check.ok, check.output).toBe(true);
  return { result, pdf: new mupdf.PDFDocument(await readFile(result.path)) };
}

/** The page's size in points and the colour at its centre, drawn by MuPDF. */
function readPage(pdf: mupdf.PDFDocument, index: number): { width: number; height: number; centre: Rgb } {
  const page = pdf.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false);
  const at = Math.floor(pixmap.getHeight() / 2) * pixmap.getStride() + Math.floor(pixmap.getWidth() / 2) * 3;
  const pixels = pixmap.getPixels();
  const centre = { r: pixels[at] ?? 0, g: pixels[at + 1] ?? 0, b: pixels[at + 2] ?? 0 };
  pixmap.destroy();
  return { width: x1 - x0, height: y1 - y0, centre };
}

function expectColour(actual: Rgb, expected: Rgb) {
  for (const channel of ['r', 'g', 'b'] as const) {
    expect(
      Math.abs(actual[channel] - expected[channel]),
      `${channel} of ${JSON.stringify(actual)}`,
    ).toBeLessThanOrEqual(COLOUR_TOLERANCE);
  }
}

/** A 24-bit BMP (BITMAPINFOHEADER, rows bottom up, padded to 4 bytes) of one colour, as Windows Paint saves. */
function createBmp(width: number, height: number, colour: Rgb, dpi: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowBytes * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(rowBytes * height, 34);
  header.writeInt32LE(Math.round(dpi * 39.3701), 38);
  header.writeInt32LE(Math.round(dpi * 39.3701), 42);
  const rows = Buffer.alloc(rowBytes * height);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      rows.set([colour.b, colour.g, colour.r], row * rowBytes + column * 3);
    }
  }
  return Buffer.concat([header, rows]);
}

async function expectAppError(promise: Promise<unknown>, code: string, details: Record<string, unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).details).toMatchObject(details);
}

describe('jpg-to-pdf with images of other formats', () => {
  it('makes a page of every page of a multi-page TIFF, in order, after the images before it', async () => {
    const pages = await Promise.all(
      [RED, GREEN, BLUE].map((colour) => solid(60, 40, colour).png().toBuffer()),
    );
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(3);
    const jpeg = await solid(30, 30, GREEN).jpeg().toBuffer();
    const { result, pdf } = await convert([
      await writeInput('first.jpg', jpeg),
      await writeInput('scan.tif', tiff),
    ]);
    expect(result.report.values).toEqual({ pageCount: 4 });
    expect(pdf.countPages()).toBe(4);
    [GREEN, RED, GREEN, BLUE].forEach((colour, index) => expectColour(readPage(pdf, index).centre, colour));
  });

  it('turns a WebP as its EXIF orientation 6 says, without re-encoding its pixels turned', async () => {
    const webp = await solid(80, 40, BLUE)
      .webp({ lossless: true })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { pdf } = await convert([await writeInput('phone.webp', webp)]);
    const page = readPage(pdf, 0);
    // 80 × 40 pixels stored, shown a quarter turn clockwise: a portrait page, at 96 dpi.
    expect(page.width).toBeCloseTo(30, 1);
    expect(page.height).toBeCloseTo(60, 1);
    expectColour(page.centre, BLUE);
  });

  it('applies a TIFF’s colour profile: a Display P3 picture of sRGB red comes out sRGB red', async () => {
    // sharp converts the sRGB red into Display P3 and embeds that profile: the stored samples are not 255, 0, 0.
    const tiff = await solid(40, 40, { r: 255, g: 0, b: 0 }).withIccProfile('p3').tiff().toBuffer();
    const stored = await sharp(tiff, { ignoreIcc: true }).raw().toBuffer();
    expect(stored[1]).toBeGreaterThan(COLOUR_TOLERANCE * 4);
    const { pdf } = await convert([await writeInput('wide-gamut.tif', tiff)]);
    expectColour(readPage(pdf, 0).centre, { r: 255, g: 0, b: 0 });
  });

  it('keeps a TIFF’s resolution as the page size', async () => {
    const tiff = await solid(300, 150, RED).withMetadata({ density: 300 }).tiff().toBuffer();
    const { pdf } = await convert([await writeInput('scan.tiff', tiff)]);
    const page = readPage(pdf, 0);
    expect(page.width).toBeCloseTo(72, 1);
    expect(page.height).toBeCloseTo(36, 1);
  });

  it('takes the first frame of an animated GIF', async () => {
    const frames = await Promise.all([GREEN, RED].map((colour) => solid(50, 50, colour).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { result, pdf } = await convert([await writeInput('anim.gif', gif)]);
    expect(result.report.values).toEqual({ pageCount: 1 });
    expectColour(readPage(pdf, 0).centre, GREEN);
  });

  it('reads a BMP with MuPDF, at the resolution it states', async () => {
    const bmp = createBmp(144, 72, RED, 144);
    const { pdf } = await convert([await writeInput('paint.bmp', bmp)]);
    const page = readPage(pdf, 0);
    expect(page.width).toBeCloseTo(72, 1);
    expect(page.height).toBeCloseTo(36, 1);
    expectColour(page.centre, RED);
  });

  it('decodes a HEIC with Debian’s libheif (heif-convert), and an AVIF with libvips', async () => {
    const png = join(ctx.workDir, 'source.png');
    await solid(64, 32, GREEN).png().toFile(png);
    const heic = join(ctx.workDir, 'iphone.heic');
    execFileSync('heif-enc', ['--quality', '95', png, '-o', heic]);
    const avif = await solid(64, 32, BLUE).avif({ quality: 90 }).toBuffer();
    const { result, pdf } = await convert([inputFile(heic), await writeInput('photo.avif', avif)]);
    expect(result.report.values).toEqual({ pageCount: 2 });
    expectColour(readPage(pdf, 0).centre, GREEN);
    expectColour(readPage(pdf, 1).centre, BLUE);
  });

  it('names the format when HEIC cannot be decoded here, rather than calling the file damaged', async () => {
    const png = join(ctx.workDir, 'source.png');
    await solid(64, 32, GREEN).png().toFile(png);
    const heic = join(ctx.workDir, 'iphone.heic');
    execFileSync('heif-enc', [png, '-o', heic]);
    // A server without libheif-examples: only prlimit is on the PATH.
    const bin = join(ctx.workDir, 'bin');
    await mkdir(bin);
    await symlink('/usr/bin/prlimit', join(bin, 'prlimit'));
    const path = process.env.PATH;
    process.env.PATH = bin;
    try {
      await expectAppError(
        jpgToPdf({ files: [inputFile(heic)], options: FIT }, ctx),
        'IMAGE_FORMAT_UNSUPPORTED',
        {
          fileName: 'iphone.heic',
          format: 'HEIC',
          fileIndex: 0,
        },
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it('refuses a truncated WebP and TIFF as damaged, naming the file', async () => {
    const webp = await solid(200, 200, RED).webp().toBuffer();
    await expectAppError(
      jpgToPdf(
        { files: [await writeInput('cut.webp', webp.subarray(0, webp.length / 2))], options: FIT },
        ctx,
      ),
      'FILE_DAMAGED',
      { fileName: 'cut.webp' },
    );
    const tiff = await solid(200, 200, RED).tiff().toBuffer();
    await expectAppError(
      jpgToPdf({ files: [await writeInput('cut.tif', tiff.subarray(0, 300))], options: FIT }, ctx),
      'FILE_DAMAGED',
      { fileName: 'cut.tif' },
    );
  });

  it('refuses a BMP that claims more pixels than the cap before decoding it', async () => {
    const bmp = createBmp(4, 4, RED, 96);
    bmp.writeInt32LE(100_000, 18);
    bmp.writeInt32LE(100_000, 22);
    await expectAppError(
      jpgToPdf({ files: [await writeInput('bomb.bmp', bmp)], options: FIT }, ctx),
      'DOCUMENT_TOO_COMPLEX',
      { fileName: 'bomb.bmp', width: 100_000, height: 100_000 },
    );
  });
});
