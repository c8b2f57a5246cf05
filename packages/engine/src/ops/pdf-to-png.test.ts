import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import {
  AppError,
  JPG_DPI,
  pageFileName,
  resultMimeType,
  type JpgQuality,
  type WorkStage,
} from '@quire/shared';
import { createNoiseTiledPdf } from '@quire/test-kit/costly-pdfs';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImages, readMupdfPageBounds } from '../../test/page-images.ts';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { pdfToPng } from './pdf-to-png.ts';

const ctx = useJobContext(120_000);

/** Rotated pages, a crop box, vector art with transparency groups, scans, CMYK, a two-column paper. */
const FILES = [
  'pdf/pdfbox_rotations-90-180-270_6p.pdf',
  'pdf/pdfbox_tiger_vector-form-xobject.pdf',
  'pdf/pdfjs_cmyk-jpeg-image.pdf',
  'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
];
const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const TRANSPARENCY_FILE = 'pdf/pdfbox_tiger_vector-form-xobject.pdf';

type Options = { quality?: JpgQuality; transparent?: boolean; password?: string };

let runs = 0;

/** Each run in a directory of its own within the test's, as each job has its own. */
async function convert(path: string, { quality = 'low', transparent = false, password }: Options = {}) {
  const options = { quality, transparent: transparent ? ('true' as const) : ('false' as const) };
  runs += 1;
  const workDir = join(ctx.workDir, `run-${runs}`);
  await mkdir(workDir);
  return pdfToPng({ file: inputFile(path, password), options }, { ...ctx, workDir });
}

/**
 * One PNG per page at the page size at `dpi` (±1 px), the PNG alone for one page, else zip entries in page order
 * named after the file (`paper-p01.png` …); with an alpha channel when transparent, without one on white.
 */
async function expectPageImages(resultPath: string, sourcePath: string, dpi: number, transparent: boolean) {
  const entries = await readImages(resultPath);
  const bounds = await readMupdfPageBounds(sourcePath);
  const pageName = (page: number) =>
    pageFileName(basename(sourcePath), { first: page, last: page }, bounds.length, '.png');
  expect(entries.map(([name]) => name)).toEqual(
    bounds.length === 1 ? [''] : bounds.map((_, index) => pageName(index + 1)),
  );
  for (const [index, [name, bytes]] of entries.entries()) {
    const page = bounds[index] as { width: number; height: number };
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, name).toBe('png');
    expect(metadata.channels, name).toBe(transparent ? 4 : 3);
    expect(Math.abs((metadata.width ?? 0) - (page.width * dpi) / 72), name).toBeLessThanOrEqual(1);
    expect(Math.abs((metadata.height ?? 0) - (page.height * dpi) / 72), name).toBeLessThanOrEqual(1);
  }
  return entries;
}

/**
 * A one-page PDF of 144 × 72 pt made in the test: an opaque blue square (10–60 pt from the left and bottom) and a
 * red one at half opacity (80–130 pt), on nothing: the page paints no background of its own.
 */
async function writeSquaresPdf(): Promise<string> {
  const doc = new mupdf.PDFDocument();
  const halfOpaque = doc.newDictionary();
  halfOpaque.put('ca', 0.5);
  const states = doc.newDictionary();
  states.put('Half', doc.addObject(halfOpaque));
  const resources = doc.newDictionary();
  resources.put('ExtGState', states);
  const contents = '0 0 1 rg 10 10 50 50 re f /Half gs 1 0 0 rg 80 10 50 50 re f';
  doc.insertPage(-1, doc.addPage([0, 0, 144, 72], 0, resources, contents));
  const path = join(ctx.workDir, 'squares.pdf');
  await writeFile(path, doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return path;
}

/** The RGBA of pixels of a PNG (an opaque one reads as alpha 255), at (x, y) from its top-left corner. */
async function pixelsAt(png: Uint8Array, points: readonly (readonly [number, number])[]) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)]);
}

// At 72 DPI a point is a pixel: the blue square's middle is (35, 37) from the top-left, the red one's (105, 37).
const BACKGROUND = [5, 5] as const;
const BLUE = [35, 37] as const;
const RED = [105, 37] as const;

describe('pdf-to-png over the corpus', () => {
  it.each(FILES)('%s: one PNG per page on white, and transparent', async (name) => {
    const path = corpusPath(name);
    const pages = corpusEntry(name).pages ?? Number.NaN;
    for (const transparent of [false, true]) {
      const result = await convert(path, { transparent });
      expect(await expectPageImages(result.path, path, JPG_DPI.low, transparent)).toHaveLength(pages);
      expect(result.report).toEqual({
        values: { pageCount: pages, downscaledPages: 0, minDpi: JPG_DPI.low },
        notices: [],
      });
    }
  });

  it('renders at 150 DPI (medium)', async () => {
    const path = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');
    await expectPageImages((await convert(path, { quality: 'medium' })).path, path, JPG_DPI.medium, false);
  });
});

describe('pdf-to-png pixels', () => {
  it('is lossless: flat colours come out exact, which a JPEG of the same page does not give', async () => {
    const [[, png]] = (await readImages((await convert(await writeSquaresPdf())).path)) as [
      [string, Uint8Array],
    ];
    const [background, blue, red] = await pixelsAt(png, [BACKGROUND, BLUE, RED]);
    expect(background).toEqual([255, 255, 255, 255]);
    expect(blue).toEqual([0, 0, 255, 255]);
    // Half-opaque red over the page's white.
    expect(red?.slice(0, 3).map((value) => Math.round(value / 8))).toEqual([32, 16, 16]);
    expect(red?.[3]).toBe(255);
  });

  it('with transparent=true leaves out the white: unpainted pixels have alpha 0, painted ones their own', async () => {
    const result = await convert(await writeSquaresPdf(), { transparent: true });
    const [[, png]] = (await readImages(result.path)) as [[string, Uint8Array]];
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    const [background, blue, red] = await pixelsAt(png, [BACKGROUND, BLUE, RED]);
    expect(background?.[3]).toBe(0);
    expect(blue).toEqual([0, 0, 255, 255]);
    // The half-opaque red keeps half its alpha, and its colour is red, not red mixed with white.
    expect(Math.abs((red?.[3] ?? 0) - 128)).toBeLessThanOrEqual(1);
    expect(red?.slice(0, 3)).toEqual([255, 0, 0]);
  });

  it('draws the corpus tiger on nothing: its corners transparent, the tiger opaque', async () => {
    const result = await convert(corpusPath(TRANSPARENCY_FILE), { transparent: true });
    const [[, png]] = (await readImages(result.path)) as [[string, Uint8Array]];
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const alphas = Array.from({ length: info.width * info.height }, (_, index) => data[index * 4 + 3] ?? 0);
    const [corner] = await pixelsAt(png, [[1, info.height - 2]]);
    expect(corner?.[3]).toBe(0);
    // Some of the page is left unpainted and some is painted fully.
    expect(alphas.filter((alpha) => alpha === 0).length / alphas.length).toBeGreaterThan(0.05);
    expect(alphas.filter((alpha) => alpha === 255).length / alphas.length).toBeGreaterThan(0.2);
  });
});

describe('pdf-to-png results', () => {
  it('gives the PNG of a one-page document itself, not a zip holding it', async () => {
    const result = await convert(await writeSquaresPdf());
    const bytes = await readFile(result.path);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    const { format, width, height } = await sharp(bytes).metadata();
    expect([format, width, height]).toEqual(['png', 144, 72]);
    expect(resultMimeType('pdf-to-png', result.report)).toBe('image/png');
  });

  it('counts each transparent page as it is drawn', async () => {
    const path = join(ctx.workDir, 'noise.pdf');
    await writeFile(path, createNoiseTiledPdf(3));
    const reports: { stage: WorkStage; done: number | null }[] = [];
    await pdfToPng(
      { file: inputFile(path), options: { quality: 'medium', transparent: 'true' } },
      { ...ctx, onProgress: (stage, pages) => reports.push({ stage, done: pages?.done ?? null }) },
    );
    const counts = reports.filter((report) => report.stage === 'processing').map((report) => report.done);
    expect(counts).toEqual([0, 1, 2, 3]);
  });

  it('opens a protected file with its password, and asks for it without', async () => {
    const path = corpusPath(USER_PASSWORD_FILE);
    const error = await convert(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('PASSWORD_REQUIRED');
    const result = await convert(path, { transparent: true, password: 'openpassword' });
    await expectPageImages(result.path, path, JPG_DPI.low, true);
  });

  it('draws a page over the pixel budget smaller, on nothing too', async () => {
    const doc = new mupdf.PDFDocument();
    for (const box of [
      [0, 0, 612, 792],
      [0, 0, 14400, 14400],
    ] as const) {
      doc.insertPage(-1, doc.addPage([...box], 0, doc.newDictionary(), '0 0 1 rg 10 10 50 50 re f'));
    }
    const path = join(ctx.workDir, 'huge-page.pdf');
    await writeFile(path, doc.saveToBuffer('compress').asUint8Array());
    doc.destroy();
    const result = await convert(path, { quality: 'medium', transparent: true });
    expect(result.report.values).toEqual({ pageCount: 2, downscaledPages: 1, minDpi: 31 });
    const sizes = await Promise.all(
      (await readImages(result.path)).map(([, bytes]) => sharp(bytes).metadata()),
    );
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [1275, 1650],
      [6200, 6200],
    ]);
  });
});
