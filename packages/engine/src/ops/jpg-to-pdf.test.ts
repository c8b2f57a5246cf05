import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { corpusEntries, corpusPath, hasFeature } from '@quire/corpus';
import { AppError, MAX_IMAGE_PIXELS } from '@quire/shared';
import * as mupdf from 'mupdf';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPngDataBomb, grayHeader, PNG_SIGNATURE, pngChunk } from '@quire/test-kit/hostile-images';
import { imageBoxes } from '../../test/image-boxes.ts';
import { createJobContext, inputFile, qpdfCheck } from '../../test/job-context.ts';
import { SMALL_MARGIN_PT } from '../images/plan-page-layout.ts';
import { readPngChunks } from '../images/read-png-chunks.ts';
import { jpgToPdf } from './jpg-to-pdf.ts';
import type { InputFile } from './types.ts';

type Context = Awaited<ReturnType<typeof createJobContext>>;
let ctx: Context;
beforeEach(async () => {
  ctx = await createJobContext();
});
afterEach(async () => {
  await ctx.dispose();
});

type Options = { pageSize: 'fit' | 'a4' | 'letter'; margin: 'none' | 'small' };
const FIT: Options = { pageSize: 'fit', margin: 'none' };
const A4 = { width: 595.28, height: 841.89 };
const LETTER = { width: 612, height: 792 };
/** Mean absolute difference, 0–255 per sample, under which a rendered page matches sharp's own rendering. */
const MATCHING_MAD = 8;
/** PNG colour type by channel count: grey, grey + alpha, RGB, RGBA. */
const PNG_COLOUR_TYPES: Record<number, number> = { 1: 0, 2: 4, 3: 2, 4: 6 };

const images = corpusEntries().filter((entry) => entry.group === 'images');
const ORIENTATION_6 = 'images/exifexamples_landscape_orientation-6.jpg';
const CMYK = 'images/pdflib_cmyk-jpeg_canon-eos.jpg';
const PORTRAIT_300_DPI = 'images/pythondocx_photo-portrait_300dpi-nikon.jpg';
const PNG_WITHOUT_DPI = 'images/docxjs_tux_png-rgba-alpha.png';

async function convert(files: InputFile[], options: Options = FIT) {
  return jpgToPdf({ files, options }, ctx);
}

async function openOutput(path: string): Promise<mupdf.PDFDocument> {
  return new mupdf.PDFDocument(await readFile(path));
}

/** Writes bytes made in a test into the job's directory, as the server writes uploads. */
async function writeInput(name: string, bytes: Uint8Array): Promise<InputFile> {
  const path = join(ctx.workDir, name);
  await writeFile(path, bytes);
  return inputFile(path);
}

/**
 * Renders page `index` about 240 pixels wide and compares it with sharp's rendering of the input: EXIF
 * orientation applied, transparency over white, CMYK converted with the file's profile. Returns the mean
 * absolute difference; `transform` lets a test compare against a deliberately wrong reference.
 */
async function comparePage(
  pdf: mupdf.PDFDocument,
  index: number,
  input: string | Buffer,
  transform: (image: Sharp) => Sharp = (image) => image,
): Promise<number> {
  const page = pdf.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const scale = 240 / (x1 - x0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const rendered = pixmap.getPixels();
  const reference = await transform(sharp(input).rotate())
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width * 3; column += 1) {
      sum += Math.abs((rendered[row * stride + column] ?? 0) - (reference[row * width * 3 + column] ?? 0));
    }
  }
  pixmap.destroy();
  expect(y1 - y0).toBeGreaterThan(0);
  return sum / (width * height * 3);
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

/** A PNG whose IHDR claims `width` × `height` but whose data is a few bytes: a pixel bomb as uploaded. */
function createPngHeaderOnly(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    grayHeader(width, height),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `png` with its image data replaced by `data`, in one IDAT chunk. */
function createPngWithData(png: Buffer, data: Buffer): Buffer {
  // Signature and IHDR (8 + 25 bytes), then the new data and the end.
  return Buffer.concat([png.subarray(0, 33), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

/** An asymmetric test picture (no turn or flip of it looks the same), in the colours sharp is asked for. */
function createPattern(width: number, height: number): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <rect x="0" y="0" width="${width / 2}" height="${height / 3}" fill="#d00"/>
    <rect x="${width * 0.7}" y="${height * 0.6}" width="${width * 0.3}" height="${height * 0.4}" fill="#06c"/>
    <circle cx="${width * 0.2}" cy="${height * 0.8}" r="${height / 8}" fill="#0a0"/>
  </svg>`;
  return sharp(Buffer.from(svg));
}

describe('jpg-to-pdf over the corpus', () => {
  it.each(images.map((entry) => [entry.name]))(
    '%s converts to one page that looks like the image',
    async (name) => {
      const result = await convert([inputFile(corpusPath(name))]);
      expect(result).toEqual({
        path: join(ctx.workDir, 'converted.pdf'),
        report: { values: { pageCount: 1 }, notices: [] },
      });
      const check = qpdfCheck(result.path);
      expect(check.ok, check.output).toBe(true);
      const pdf = await openOutput(result.path);
      expect(pdf.countPages()).toBe(1);
      expect(await comparePage(pdf, 0, corpusPath(name))).toBeLessThan(MATCHING_MAD);
    },
  );

  it('keeps every image in the order given, one page each, in every option combination', async () => {
    const files = images.map((entry) => inputFile(corpusPath(entry.name)));
    // The first combination, fit without margin, gives each image's own page size.
    let single: mupdf.Rect[] = [];
    for (const pageSize of ['fit', 'a4', 'letter'] as const) {
      for (const margin of ['none', 'small'] as const) {
        const result = await convert(files, { pageSize, margin });
        expect(qpdfCheck(result.path).ok).toBe(true);
        const pdf = await openOutput(result.path);
        expect(pdf.countPages()).toBe(images.length);
        if (single.length === 0) {
          // Order: page i looks like image i.
          for (const [index, entry] of images.entries()) {
            expect(await comparePage(pdf, index, corpusPath(entry.name)), entry.name).toBeLessThan(
              MATCHING_MAD,
            );
          }
          single = images.map((_, index) => pdf.loadPage(index).getBounds());
        }
        for (const [index, fitBounds] of single.entries()) {
          const page = pdf.loadPage(index);
          const [, , width, height] = page.getBounds();
          const [, , imageWidth, imageHeight] = fitBounds;
          const isLandscape = imageWidth > imageHeight;
          const marginPt = margin === 'small' ? SMALL_MARGIN_PT : 0;
          if (pageSize === 'fit') {
            expect(width).toBeCloseTo(imageWidth + 2 * marginPt, 1);
            expect(height).toBeCloseTo(imageHeight + 2 * marginPt, 1);
          } else {
            const paper = pageSize === 'a4' ? A4 : LETTER;
            expect(width).toBeCloseTo(isLandscape ? paper.height : paper.width, 2);
            expect(height).toBeCloseTo(isLandscape ? paper.width : paper.height, 2);
          }
          // The image fills the space inside the margins along one side, centred, with its own aspect ratio.
          const [box] = imageBoxes(page);
          const [left, top, right, bottom] = box ?? [];
          expect(left).toBeGreaterThanOrEqual(marginPt - 0.01);
          expect(top).toBeGreaterThanOrEqual(marginPt - 0.01);
          expect(width - (right ?? 0)).toBeCloseTo(left ?? 0, 1);
          expect(height - (bottom ?? 0)).toBeCloseTo(top ?? 0, 1);
          expect(Math.min(left ?? 0, top ?? 0)).toBeCloseTo(marginPt, 1);
          expect(((right ?? 0) - (left ?? 0)) / ((bottom ?? 0) - (top ?? 0))).toBeCloseTo(
            imageWidth / imageHeight,
            2,
          );
        }
      }
    }
  });

  it('embeds every JPEG byte for byte', async () => {
    const jpegs = images.filter((entry) => hasFeature(entry, 'jpeg'));
    expect(jpegs.length).toBeGreaterThanOrEqual(5);
    const result = await convert(jpegs.map((entry) => inputFile(corpusPath(entry.name))));
    const pdf = await openOutput(result.path);
    for (const [index, entry] of jpegs.entries()) {
      const resources = pdf.findPage(index).get('Resources').get('XObject');
      const image = resources.get('Im0');
      expect(image.get('Filter').asName()).toBe('DCTDecode');
      const embedded = Buffer.from(image.readRawStream().asUint8Array());
      expect(embedded.equals(await readFile(corpusPath(entry.name))), entry.name).toBe(true);
    }
  });
});

describe('jpg-to-pdf colours, orientation and size', () => {
  it('turns an EXIF orientation 6 photo upright without re-encoding it', async () => {
    const result = await convert([inputFile(corpusPath(ORIENTATION_6))]);
    const pdf = await openOutput(result.path);
    const [, , width, height] = pdf.loadPage(0).getBounds();
    // Stored 1200 × 1800 at 72 DPI, displayed 1800 × 1200.
    expect([width, height]).toEqual([1800, 1200]);
    const upright = await comparePage(pdf, 0, corpusPath(ORIENTATION_6));
    const upsideDown = await comparePage(pdf, 0, corpusPath(ORIENTATION_6), (image) => image.rotate(180));
    expect(upright).toBeLessThan(MATCHING_MAD);
    expect(upsideDown).toBeGreaterThan(4 * upright);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('draws EXIF orientation %i as sharp displays it', async (orientation) => {
    const jpeg = await createPattern(300, 200).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
    const result = await convert([await writeInput(`orientation-${orientation}.jpg`, jpeg)]);
    const pdf = await openOutput(result.path);
    const [, , width, height] = pdf.loadPage(0).getBounds();
    expect(width > height).toBe(orientation < 5);
    const matching = await comparePage(pdf, 0, jpeg);
    expect(matching).toBeLessThan(MATCHING_MAD);
    // A wrong orientation (here the right one mirrored) is clearly told apart.
    expect(await comparePage(pdf, 0, jpeg, (image) => image.flop())).toBeGreaterThan(4 * matching);
  });

  it('keeps an Adobe CMYK JPEG with its profile and inverted Decode, colours as sharp converts them', async () => {
    const result = await convert([inputFile(corpusPath(CMYK))]);
    const pdf = await openOutput(result.path);
    const image = pdf.findPage(0).get('Resources').get('XObject').get('Im0').resolve();
    expect(image.get('Decode').toString()).toBe('[1 0 1 0 1 0 1 0]');
    const colourSpace = image.get('ColorSpace').resolve();
    expect(colourSpace.get(0).asName()).toBe('ICCBased');
    expect(colourSpace.get(1).resolve().get('N').asNumber()).toBe(4);
    expect(await comparePage(pdf, 0, corpusPath(CMYK))).toBeLessThan(MATCHING_MAD);
    // Without the inverted Decode the page would be a negative: far from the reference.
    expect(await comparePage(pdf, 0, corpusPath(CMYK), (picture) => picture.negate())).toBeGreaterThan(60);
  });

  it('gives transparent PNGs a soft mask and renders them over white', async () => {
    for (const name of [PNG_WITHOUT_DPI, 'images/pdflib_etwe_interlaced-rgba.png']) {
      const result = await convert([inputFile(corpusPath(name))]);
      const pdf = await openOutput(result.path);
      const image = pdf.findPage(0).get('Resources').get('XObject').get('Im0').resolve();
      expect(image.get('SMask').isNull(), name).toBe(false);
      // Compositing over black instead of white would show in every transparent pixel.
      expect(await comparePage(pdf, 0, corpusPath(name))).toBeLessThan(MATCHING_MAD);
      const overBlack = await sharp(corpusPath(name)).flatten({ background: '#000000' }).png().toBuffer();
      expect(await comparePage(pdf, 0, overBlack)).toBeGreaterThan(30);
    }
  });

  it.each([
    ['grey 8-bit', { channels: 1, depth: 8 }],
    ['grey 16-bit', { channels: 1, depth: 16 }],
    ['RGB 16-bit', { channels: 3, depth: 16 }],
    ['RGBA 16-bit', { channels: 4, depth: 16 }],
    ['grey + alpha', { channels: 2, depth: 8 }],
    ['palette with transparency', { channels: 4, depth: 8, palette: true }],
    ['interlaced RGB', { channels: 3, depth: 8, progressive: true }],
  ] as const)('converts a %s PNG', async (_kind, format) => {
    let picture = createPattern(240, 160);
    if (format.channels <= 2) picture = picture.toColourspace(format.depth === 16 ? 'grey16' : 'b-w');
    else if (format.depth === 16) picture = picture.toColourspace('rgb16');
    if (format.channels === 2 || format.channels === 4) picture = picture.ensureAlpha(0.6);
    else picture = picture.removeAlpha();
    const png = await picture
      .png({
        palette: 'palette' in format,
        progressive: 'progressive' in format,
      })
      .toBuffer();
    const chunks = readPngChunks(png);
    expect(chunks.colourType).toBe('palette' in format ? 3 : PNG_COLOUR_TYPES[format.channels]);
    expect(chunks.bitDepth).toBe(format.depth);
    expect(chunks.isInterlaced).toBe('progressive' in format);
    const result = await convert([await writeInput('picture.png', png)]);
    expect(qpdfCheck(result.path).ok).toBe(true);
    const pdf = await openOutput(result.path);
    expect(await comparePage(pdf, 0, png)).toBeLessThan(MATCHING_MAD);
  });

  it('sizes "fit" pages from the image resolution, 96 DPI when it has none', async () => {
    const result = await convert([
      inputFile(corpusPath(PORTRAIT_300_DPI)),
      inputFile(corpusPath(PNG_WITHOUT_DPI)),
    ]);
    const pdf = await openOutput(result.path);
    // 1504 × 1936 pixels at 300 DPI; 500 × 600 at 96 DPI.
    const expected = [
      [360.96, 464.64],
      [375, 450],
    ];
    for (const [index, [width, height]] of expected.entries()) {
      const [, , pageWidth, pageHeight] = pdf.loadPage(index).getBounds();
      expect(pageWidth).toBeCloseTo(width ?? 0, 2);
      expect(pageHeight).toBeCloseTo(height ?? 0, 2);
    }
  });
});

describe('jpg-to-pdf refuses what it cannot convert', () => {
  it('refuses a pixel bomb by its header, naming the file', async () => {
    const bomb = await writeInput('bomb.png', createPngHeaderOnly(20_000, 20_000));
    const files = [inputFile(corpusPath(CMYK)), bomb];
    await expectAppError(convert(files), 'DOCUMENT_TOO_COMPLEX', {
      fileIndex: 1,
      fileName: 'bomb.png',
      maxPixels: MAX_IMAGE_PIXELS,
    });
  });

  it('refuses a truncated JPEG, naming the file', async () => {
    const bytes = await readFile(corpusPath(CMYK));
    const truncated = await writeInput('truncated.jpg', bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectAppError(convert([truncated]), 'FILE_DAMAGED', { fileIndex: 0, fileName: 'truncated.jpg' });
  });

  it('refuses truncated PNGs, whether embedded as they are or decoded', async () => {
    for (const name of ['images/poi_nature1_large-png-rgb.png', PNG_WITHOUT_DPI]) {
      const bytes = await readFile(corpusPath(name));
      const truncated = await writeInput('truncated.png', bytes.subarray(0, bytes.length - 5000));
      await expectAppError(convert([inputFile(corpusPath(CMYK)), truncated]), 'FILE_DAMAGED', {
        fileIndex: 1,
        fileName: 'truncated.png',
      });
    }
  });

  it.each([
    ['RGB, which is otherwise copied as it is', 2],
    ['RGBA, which is decoded', 6],
  ] as const)(
    'never copies a PNG (%s) whose image data inflates to 1 GiB behind 100 × 100 pixels',
    async (_kind, colourType) => {
      const bomb = createPngDataBomb(colourType);
      const result = await convert([await writeInput('bomb.png', bomb)]);
      expect(qpdfCheck(result.path).ok).toBe(true);
      const pdf = await openOutput(result.path);
      const image = pdf.findPage(0).get('Resources').get('XObject').get('Im0');
      const stored = Buffer.from(image.readRawStream().asUint8Array());
      // Re-encoded from the 100 rows the header declares: one filter byte and 100 RGB pixels each, nothing more.
      expect(stored.length).toBeLessThan(bomb.length / 10);
      expect(inflateSync(stored, { maxOutputLength: 1024 * 1024 })).toHaveLength(100 * 301);
      // The picture itself, as a reader that stops at the last row shows it (black, or transparent over white).
      expect(await comparePage(pdf, 0, bomb)).toBeLessThan(MATCHING_MAD);
    },
  );

  it('refuses, rather than copies, a PNG whose image data stops short of its last row', async () => {
    const png = await createPattern(120, 80).removeAlpha().png().toBuffer();
    const chunks = readPngChunks(png);
    expect(chunks.colourType).toBe(2);
    // 40 of the 80 rows (one filter byte and 120 RGB pixels each).
    const short = createPngWithData(png, deflateSync(inflateSync(chunks.data).subarray(0, 40 * 361)));
    await expectAppError(convert([await writeInput('short.png', short)]), 'FILE_DAMAGED', {
      fileIndex: 0,
      fileName: 'short.png',
    });
  });

  it('refuses a file that starts like a JPEG but is not one', async () => {
    const fake = await writeInput(
      'fake.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]),
    );
    await expectAppError(convert([fake]), 'FILE_DAMAGED', { fileIndex: 0, fileName: 'fake.jpg' });
  });

  it('stops when the job is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new AppError('JOB_TIMEOUT', 'The job was stopped.'));
    const run = jpgToPdf(
      { files: [inputFile(corpusPath(CMYK))], options: FIT },
      { ...ctx, signal: controller.signal },
    );
    await expectAppError(run, 'JOB_TIMEOUT', {});
  });
});
