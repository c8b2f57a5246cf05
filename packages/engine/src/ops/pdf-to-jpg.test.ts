import { readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { corpusEntries, corpusPath, featureValue, type CorpusEntry } from '@quire/corpus';
import {
  AppError,
  JPG_DPI,
  MAX_RENDER_PAGES,
  pageFileName,
  resultMimeType,
  type JpgQuality,
} from '@quire/shared';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImages, readMupdfPageBounds } from '../../test/page-images.ts';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { parsePageSizes } from '../poppler/read-page-sizes.ts';
import { MAX_PAGE_PIXELS, MAX_PAGE_SIDE_PX, planPageRenders } from '../render/plan-page-renders.ts';
import { pdfToJpg } from './pdf-to-jpg.ts';

const ctx = useJobContext(120_000);

const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const OWNER_ONLY_FILE = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';
const CMYK_FILE = 'pdf/pdfjs_cmyk-jpeg-image.pdf';
const TRANSPARENCY_FILE = 'pdf/pdfbox_tiger_vector-form-xobject.pdf';
/** Small enough to render every one at 72 DPI on each run; larger files are covered by the subset below. */
const SMALL_FILE_MAX_PAGES = 20;

const pdfEntries = corpusEntries().filter((entry) => entry.group === 'pdf');
const smallPdfs = pdfEntries.filter(
  (entry) => (entry.pages ?? Infinity) <= SMALL_FILE_MAX_PAGES && !featureValue(entry, 'user-password'),
);

async function convert(path: string, quality: JpgQuality = 'low', password?: string) {
  return pdfToJpg({ file: inputFile(path, password), options: { quality } }, ctx);
}

/**
 * The images are one JPEG per page at the page size at `dpi` (±1 px rounding): the JPEG alone for one page, else
 * zip entries in order, named after the file and the page (`paper-p01.jpg` …).
 */
async function expectPageImages(resultPath: string, sourcePath: string, dpi: number) {
  const entries = await readImages(resultPath);
  const bounds = await readMupdfPageBounds(sourcePath);
  const pageName = (page: number) =>
    pageFileName(basename(sourcePath), { first: page, last: page }, bounds.length, '.jpg');
  expect(entries.map(([name]) => name)).toEqual(
    bounds.length === 1 ? [''] : bounds.map((_, index) => pageName(index + 1)),
  );
  for (const [index, [name, bytes]] of entries.entries()) {
    const page = bounds[index] as { width: number; height: number };
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, name).toBe('jpeg');
    expect(metadata.channels, name).toBe(3);
    expect(Math.abs((metadata.width ?? 0) - (page.width * dpi) / 72), name).toBeLessThanOrEqual(1);
    expect(Math.abs((metadata.height ?? 0) - (page.height * dpi) / 72), name).toBeLessThanOrEqual(1);
  }
  return entries;
}

async function expectAppError(promise: Promise<unknown>, code: string, details?: Record<string, unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (details) expect((error as AppError).details).toMatchObject(details);
}

/** Mean RGB of a region given as fractions of the image, for colour comparisons that survive JPEG noise. */
async function meanColour(
  image: Uint8Array | Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  const input = sharp(image);
  const { width = 0, height = 0 } = await input.metadata();
  // stats() describes its input, not the pipeline's output: extract first, then measure the extracted pixels.
  const extracted = await input
    .extract({
      left: Math.round(region.left * width),
      top: Math.round(region.top * height),
      width: Math.round(region.width * width),
      height: Math.round(region.height * height),
    })
    .png()
    .toBuffer();
  const stats = await sharp(extracted).stats();
  return stats.channels.slice(0, 3).map((channel) => channel.mean);
}

/** The same page drawn by MuPDF (with its ICC colour management), as an independent colour reference. */
async function renderReference(path: string, dpi: number): Promise<Buffer> {
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(
    mupdf.Matrix.scale(dpi / 72, dpi / 72),
    mupdf.ColorSpace.DeviceRGB,
    false,
    true,
  );
  try {
    const raw = { width: pixmap.getWidth(), height: pixmap.getHeight(), channels: 3 as const };
    return await sharp(Buffer.from(pixmap.getPixels()), { raw }).png().toBuffer();
  } finally {
    pixmap.destroy();
    page.destroy();
    doc.destroy();
  }
}

/** A PDF made in the test: pages of the given boxes sharing one content stream, optionally with a /UserUnit. */
async function writeSyntheticPdf(name: string, boxes: number[][], userUnit?: number): Promise<string> {
  const doc = new mupdf.PDFDocument();
  const contents = '0 0 1 rg 10 10 50 50 re f';
  for (const box of boxes) {
    const page = doc.addPage(box as [number, number, number, number], 0, doc.newDictionary(), contents);
    if (userUnit !== undefined) page.put('UserUnit', userUnit);
    doc.insertPage(-1, page);
  }
  const path = join(ctx.workDir, name);
  await writeFile(path, doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return path;
}

describe('pdf-to-jpg over the corpus', () => {
  it.each(smallPdfs.map((entry) => [entry.name, entry] as const))(
    '%s: one JPEG per page at 72 DPI',
    async (name: string, entry: CorpusEntry) => {
      const result = await convert(corpusPath(name));
      const entries = await expectPageImages(result.path, corpusPath(name), JPG_DPI.low);
      expect(entries).toHaveLength(entry.pages ?? Number.NaN);
      expect(result.report).toEqual({
        values: { pageCount: entry.pages, downscaledPages: 0, minDpi: JPG_DPI.low },
        notices: [],
      });
    },
  );

  it('renders a text paper at 150 DPI (medium)', async () => {
    const path = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');
    const result = await convert(path, 'medium');
    await expectPageImages(result.path, path, JPG_DPI.medium);
  });

  it('renders rotated pages at 300 DPI (high) with the rotation applied', async () => {
    const path = corpusPath('pdf/pdfbox_rotations-90-180-270_6p.pdf');
    const entries = await expectPageImages((await convert(path, 'high')).path, path, JPG_DPI.high);
    const first = await sharp(entries[0]?.[1]).metadata();
    expect(first.width).toBeGreaterThan(first.height ?? Infinity);
  });

  it('refuses a document over the page cap before rendering anything', async () => {
    const boxes = Array.from({ length: MAX_RENDER_PAGES + 1 }, () => [0, 0, 200, 200]);
    const path = await writeSyntheticPdf('many-pages.pdf', boxes);
    // Counting stops at the first page over the cap: the answer names the cap, not how many pages there are.
    await expectAppError(convert(path), 'DOCUMENT_TOO_COMPLEX', { maxPages: MAX_RENDER_PAGES });
    expect(await readdir(ctx.workDir)).toEqual(['many-pages.pdf']);
  });
});

describe('pdf-to-jpg results', () => {
  it('gives the JPEG of a one-page document itself, not a zip holding it', async () => {
    const path = await writeSyntheticPdf('one-page.pdf', [[0, 0, 144, 72]]);
    const result = await convert(path, 'low');
    const bytes = await readFile(result.path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { format, width, height } = await sharp(bytes).metadata();
    expect([format, width, height]).toEqual(['jpeg', 144, 72]);
    // The report says one page: the server answers it as a JPEG.
    expect(result.report.values.pageCount).toBe(1);
    expect(resultMimeType('pdf-to-jpg', result.report)).toBe('image/jpeg');
  });

  it('names the pages of a zip after the file, padded to the width of the page count', async () => {
    const path = await writeSyntheticPdf(
      'Rapport été.pdf',
      Array.from({ length: 12 }, () => [0, 0, 72, 72]),
    );
    const names = (await readImages((await convert(path, 'low')).path)).map(([name]) => name);
    expect(names).toEqual(
      Array.from({ length: 12 }, (_, index) => `Rapport été-p${String(index + 1).padStart(2, '0')}.jpg`),
    );
  });
});

describe('pdf-to-jpg colours', () => {
  it('draws a CMYK JPEG with the colours of a reference render, not inverted', async () => {
    const path = corpusPath(CMYK_FILE);
    const [[, image]] = (await readImages((await convert(path, 'medium')).path)) as [[string, Uint8Array]];
    // The photo sits in the top-left of the page.
    const photo = { left: 0.05, top: 0.04, width: 0.3, height: 0.17 };
    const ours = await meanColour(image, photo);
    const reference = await meanColour(await renderReference(path, JPG_DPI.medium), photo);
    // poppler (lcms) and MuPDF differ by about 3 levels here; an inverted render is 8–36 levels off.
    for (const [channel, value] of ours.entries()) {
      expect(Math.abs(value - (reference[channel] ?? 0))).toBeLessThan(8);
    }
    // Sky and sea: blue over red. Inverting the CMYK data turns that around.
    const [red = 0, , blue = 0] = ours;
    expect(blue).toBeGreaterThan(red + 5);
  });

  it('draws transparency on white and matches a reference render', async () => {
    const path = corpusPath(TRANSPARENCY_FILE);
    const [[, image]] = (await readImages((await convert(path, 'low')).path)) as [[string, Uint8Array]];
    const metadata = await sharp(image).metadata();
    expect(metadata.hasAlpha).toBe(false);
    const corner = await meanColour(image, { left: 0, top: 0.9, width: 0.1, height: 0.1 });
    for (const value of corner) expect(value).toBeGreaterThan(250);
    const whole = { left: 0, top: 0, width: 1, height: 1 };
    const reference = await meanColour(await renderReference(path, JPG_DPI.low), whole);
    for (const [channel, value] of (await meanColour(image, whole)).entries()) {
      expect(Math.abs(value - (reference[channel] ?? 0))).toBeLessThan(6);
    }
  });
});

describe('pdf-to-jpg pixel budget', () => {
  it('renders a 200-inch page at the largest resolution that fits and says so', async () => {
    const path = await writeSyntheticPdf('huge-page.pdf', [
      [0, 0, 612, 792],
      [0, 0, 14400, 14400],
    ]);
    const result = await convert(path, 'medium');
    // sqrt(40 MP) / 200 in = 31.6 → 31 DPI, 6200 px a side.
    expect(result.report).toEqual({
      values: { pageCount: 2, downscaledPages: 1, minDpi: 31 },
      notices: [{ code: 'PAGES_DOWNSCALED', fileIndex: 0, pages: 1, dpi: 31 }],
    });
    const entries = await readImages(result.path);
    const sizes = await Promise.all(entries.map(([, bytes]) => sharp(bytes).metadata()));
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [1275, 1650],
      [6200, 6200],
    ]);
  });

  it('keeps a page with a huge /UserUnit within the budget', async () => {
    // poppler ignores /UserUnit, so the raster is the nominal 100 pt; what matters is that nothing explodes.
    const path = await writeSyntheticPdf('user-unit.pdf', [[0, 0, 100, 100]], 75000);
    const [[, image]] = (await readImages((await convert(path, 'high')).path)) as [[string, Uint8Array]];
    const { width = 0, height = 0 } = await sharp(image).metadata();
    expect(width * height).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
  });

  it('plans every page within the budget whatever the size', () => {
    const pages = [
      { widthPt: 612, heightPt: 792, rotateDegrees: 0 },
      { widthPt: 14400, heightPt: 14400, rotateDegrees: 90 },
      { widthPt: 100_000, heightPt: 50, rotateDegrees: 270 },
    ];
    for (const dpi of Object.values(JPG_DPI)) {
      for (const plan of planPageRenders(pages, dpi)) {
        expect(plan.widthPx * plan.heightPx).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
      }
    }
    expect(() => planPageRenders([{ widthPt: 1e9, heightPt: 1e9, rotateDegrees: 0 }], 72)).toThrow(AppError);
  });

  it('renders a page too long for one JPEG (200 × 200,000 pt) at the largest resolution JPEG can hold', async () => {
    const path = await writeSyntheticPdf('strip.pdf', [
      [0, 0, 612, 792],
      [0, 0, 200, 200_000],
    ]);
    const result = await convert(path, 'medium');
    // 65,000 px / 2,777.8 in = 23.4 → 23 DPI: 64 × 63,889 px, under the pixel budget all along.
    expect(result.report.values).toEqual({ pageCount: 2, downscaledPages: 1, minDpi: 23 });
    const entries = await readImages(result.path);
    const sizes = await Promise.all(entries.map(([, bytes]) => sharp(bytes).metadata()));
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [1275, 1650],
      [64, 63_889],
    ]);
  });

  it('refuses a page too long to draw even at 1 DPI as too complex, naming page and file, not as damaged', async () => {
    const path = await writeSyntheticPdf('ribbon.pdf', [
      [0, 0, 612, 792],
      [0, 0, 10, 10_000_000],
    ]);
    const error = await convert(path, 'low').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'DOCUMENT_TOO_COMPLEX',
      details: { fileIndex: 0, fileName: 'ribbon.pdf', pageNumber: 2, maxPageSidePx: MAX_PAGE_SIDE_PX },
    });
    expect((error as AppError).message).toMatch(/Page 2 of "ribbon\.pdf" .* too large to draw as an image/);
  });

  it('plans every side within what JPEG holds whatever the shape', () => {
    const pages = [
      { widthPt: 3, heightPt: 14_400, rotateDegrees: 0 },
      { widthPt: 200, heightPt: 200_000, rotateDegrees: 90 },
      { widthPt: 4_000_000, heightPt: 3, rotateDegrees: 0 },
    ];
    for (const dpi of Object.values(JPG_DPI)) {
      for (const plan of planPageRenders(pages, dpi)) {
        expect(Math.max(plan.widthPx, plan.heightPx)).toBeLessThanOrEqual(MAX_PAGE_SIDE_PX);
        expect(plan.dpi).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('reads page sizes only after the metadata, which a hostile file controls', () => {
    const output = [
      'Title:          x',
      'Pages:          1',
      'Page    1 size: 1 x 1 pts',
      'Page    1 rot:  0',
      'Pages:          1',
      'Page    1 size: 14400 x 14400 pts',
      'Page    1 rot:  90',
    ].join('\n');
    expect(parsePageSizes(output, 1)).toEqual([{ widthPt: 14400, heightPt: 14400, rotateDegrees: 90 }]);
    expect(parsePageSizes(output, 2)).toBeNull();
  });

  it('refuses the huge MediaBox with a bogus page count cleanly', async () => {
    await expectAppError(
      convert(corpusPath('bad/pdfjs_poppler85140_huge-mediabox-bogus-count.pdf'), 'high'),
      'FILE_DAMAGED',
    );
  });

  it.each([
    ['bad/pdfjs_bomb-giant_jbig2-100000x100000.pdf', 1],
    ['bad/pdfjs_issue18042_huge-images-4-byte-data.pdf', 4],
  ])('degrades %s with bounded memory', async (name, pages) => {
    const before = process.memoryUsage().rss;
    const result = await convert(corpusPath(name), 'high');
    expect(await readImages(result.path)).toHaveLength(pages);
    // The renderer runs in a child capped at 1 GiB; this process must not grow by anything like an image either.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('pdf-to-jpg passwords and damage', () => {
  it('asks for the user password, naming the file', async () => {
    await expectAppError(convert(corpusPath(USER_PASSWORD_FILE)), 'PASSWORD_REQUIRED', {
      fileName: 'pysamples_encrypted_user-openpassword.pdf',
    });
  });

  it('refuses a wrong password', async () => {
    await expectAppError(convert(corpusPath(USER_PASSWORD_FILE), 'low', 'wrong'), 'PASSWORD_INCORRECT');
  });

  it('renders with the right password', async () => {
    const path = corpusPath(USER_PASSWORD_FILE);
    await expectPageImages((await convert(path, 'low', 'openpassword')).path, path, JPG_DPI.low);
  });

  it('renders an owner-password-only file without asking', async () => {
    const path = corpusPath(OWNER_ONLY_FILE);
    expect(await expectPageImages((await convert(path)).path, path, JPG_DPI.low)).toHaveLength(30);
  });

  it('repairs a file with a broken xref and warns', async () => {
    const result = await convert(corpusPath('bad/qpdf_bad2_no-startxref.pdf'));
    expect(await readImages(result.path)).toHaveLength(1);
    expect(result.report.notices).toContainEqual({ code: 'FILE_REPAIRED', fileIndex: 0 });
  });

  it('refuses a file damaged beyond repair', async () => {
    await expectAppError(convert(corpusPath('bad/qpdf_bad7_no-trailer-dict.pdf')), 'FILE_DAMAGED');
  });

  it('stops when the job is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const job = pdfToJpg(
      { file: inputFile(corpusPath(OWNER_ONLY_FILE)), options: { quality: 'low' } },
      { ...ctx, signal: controller.signal },
    );
    await expectAppError(job, 'JOB_TIMEOUT');
  });
});
