import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath, recall, words } from '@quire/corpus';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobContext, inputFile, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import {
  bindScans,
  OWN_TEXTS,
  ownTextPages,
  referenceWords,
  scanImage,
  type SourcePage,
} from '@quire/test-kit/scanned-pdfs';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { recognisePdf } from './recognise-pdf.ts';

const ctx = useJobContext(300_000);
const PAPER = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

/**
 * The first column of page 1 below the authors (the abstract, then the introduction's first lines), cut in the gutter
 * and between lines: a quarter of the page's text, read in a quarter of the time. (A band across both columns, 17 lines
 * tall, had its 3° skew measured as 3.5° or more.)
 */
const COLUMN: SourcePage = {
  path: PAPER,
  page: 1,
  language: 'en',
  area: { x: 18, y: 290, width: 287, height: 435 },
};

/**
 * A scanned document made as a scanner would: `COLUMN` as a 300 DPI grey JPEG, the same column scanned sideways (turned
 * 90° clockwise), the same column skewed by 3° counter-clockwise, and page 2 of the paper as it is, with its text.
 */
async function makeScan(dir: string): Promise<{ path: string; jpeg: string }> {
  const source = COLUMN;
  const upright = await scanImage(source, 'clean', join(dir, 'upright'));
  const sideways = await scanImage(source, 'turned-90', join(dir, 'sideways'));
  const skewed = await scanImage(source, 'skewed', join(dir, 'skewed'));
  const images = bindScans([upright, sideways, skewed], join(dir, 'images.pdf'));
  const path = join(dir, 'scan.pdf');
  run('qpdf', ['--empty', '--pages', images, PAPER, '2', '--', path]);
  return { path, jpeg: upright };
}

/** The share of the reference's words found among the candidate's. */
function recallShare(reference: string[], candidate: string[]): number {
  const { found, total } = recall(reference, candidate);
  return found / total;
}

const pageWords = (path: string, page: number) =>
  words(run('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-']));

/**
 * Where MuPDF finds a word on each page, in the displayed page's coordinates from the page's centre (a skewed
 * scan's page is larger: the scanner's image was turned on a larger canvas).
 */
function wordPlaces(path: string, word: string): number[][] {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    return Array.from({ length: document.countPages() }, (_unused, index) => {
      const page = document.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const quad = page.search(word, '')[0]?.[0] ?? [];
      page.destroy();
      return [...quad].map((value, at) => Math.round(value - (at % 2 === 0 ? (x0 + x1) / 2 : (y0 + y1) / 2)));
    });
  } finally {
    document.destroy();
  }
}

/**
 * Our own texts in Korean and Arabic, each set on a page by LibreOffice, both by one cold start of it, once for the
 * whole file: the Arabic page is scanned clean and worn.
 */
let shared: Awaited<ReturnType<typeof createJobContext>> | undefined;
let ownPages: Promise<Record<'ko' | 'ar', SourcePage>> | undefined;
afterAll(async () => {
  await shared?.dispose();
});
function ownTextPageOnce(language: 'ko' | 'ar'): Promise<SourcePage> {
  ownPages ??= (async () => {
    shared ??= await createJobContext();
    const texts = (['ko', 'ar'] as const).map((text) => ({ lines: OWN_TEXTS[text], language: text }));
    const [ko, ar] = (await ownTextPages(texts, shared.workDir)) as [SourcePage, SourcePage];
    return { ko, ar };
  })();
  return ownPages.then((pages) => pages[language]);
}

/** A scan (clean unless said) of our own text in `language`, read through OCR PDF as the site reads it (with English). */
async function readOwnTextScan(
  language: 'ko' | 'ar',
  degradation: 'clean' | 'worn' = 'clean',
): Promise<{ share: number; output: string }> {
  const source = await ownTextPageOnce(language);
  const image = await scanImage(source, degradation, join(ctx.workDir, `scan-${language}`));
  const file = inputFile(bindScans([image], join(ctx.workDir, `scan-${language}.pdf`)));
  const output = join(ctx.workDir, `ocr-${language}.pdf`);
  await recognisePdf(file, await inspectPdf(file, 0, ctx, 100), [language, 'en'], output, ctx);
  return { share: recallShare(referenceWords(source), pageWords(output, 1)), output };
}

describe('recognisePdf', () => {
  it('gives scanned pages a selectable text layer in place, turns a sideways scan upright, and leaves the rest as it was', async () => {
    const scan = await makeScan(ctx.workDir);
    const file = inputFile(scan.path);
    const info = await inspectPdf(file, 0, ctx, 100);
    const progress: string[] = [];
    const output = join(ctx.workDir, 'ocr.pdf');
    const result = await recognisePdf(file, info, ['en'], output, {
      ...ctx,
      onProgress: (stage, pages) =>
        progress.push(`${stage} ${pages ? `${pages.done}/${pages.total}` : ''}`.trim()),
    });

    expect(result.pages.map((page) => [page.pageNumber, page.turn, Math.round(page.skew)])).toEqual([
      [1, 0, 0],
      [2, 270, 0],
      [3, 0, 3],
    ]);
    for (const page of result.pages) expect(page.confidence).toBeGreaterThan(80);
    expect(progress).toEqual([
      'processing 0/3',
      'processing 1/3',
      'processing 2/3',
      'processing 3/3',
      'writing',
    ]);

    const reference = referenceWords(COLUMN);
    expect(recallShare(reference, pageWords(output, 1))).toBeGreaterThan(0.97);
    expect(recallShare(reference, pageWords(output, 2))).toBeGreaterThan(0.97);
    expect(recallShare(reference, pageWords(output, 3))).toBeGreaterThan(0.97);
    // The turned and the straightened pages show their text where the upright one does: the layer lies over the
    // words it names (within a millimetre for the straightened one, whose scan was cut and turned about its centre).
    const [first, second, third] = wordPlaces(output, 'JavaScript');
    expect(first?.length).toBe(8);
    for (const [index, value] of (first ?? []).entries()) {
      expect(Math.abs(value - (second?.[index] ?? -99))).toBeLessThanOrEqual(2);
      expect(Math.abs(value - (third?.[index] ?? -99))).toBeLessThanOrEqual(4);
    }
    expect(run('pdfinfo', ['-f', '2', '-l', '2', output])).toMatch(/Page\s+2 rot:\s+270/);

    // The page with text is the paper's own page 2, word for word.
    expect(pageWords(output, 4)).toEqual(
      words(run('pdftotext', ['-f', '2', '-l', '2', '-enc', 'UTF-8', PAPER, '-'])),
    );
    // The scan's JPEG is the same JPEG, byte for byte, under a lossless deflate.
    run('pdfimages', ['-j', '-f', '1', '-l', '1', output, join(ctx.workDir, 'kept')]);
    expect(readFileSync(join(ctx.workDir, 'kept-000.jpg')).equals(readFileSync(scan.jpeg))).toBe(true);
    expect(statSync(output).size).toBeLessThanOrEqual(1.15 * statSync(scan.path).size);
    expect(qpdfCheck(output).ok).toBe(true);
    // Three scans read, the skewed one twice (levelled two ways): longer than most tests.
  }, 180_000);

  it("reads every line of a short Korean letter, whose lines Tesseract's page segmentation leaves out", async () => {
    // Read with `--psm 1` alone, this clean page gives 66 of its 105 characters: its layout analysis drops lines.
    const { share } = await readOwnTextScan('ko');
    expect(share).toBeGreaterThan(0.95);
  });

  it("writes an Arabic scan's words right to left, so that a copied line reads in its own order", async () => {
    const { share, output } = await readOwnTextScan('ar');
    expect(share).toBeGreaterThan(0.9);
    // poppler cuts the lines where Tesseract's layer leaves wide gaps (as in ocrmypdf's output); within each piece,
    // the words come in reading order, where a layer written left to right would give them reversed.
    const text = run('pdftotext', ['-enc', 'UTF-8', output, '-']);
    expect(text).toContain('هو صورة لصفحة');
    expect(text).toContain('الرد على هذه');
  });

  it('reads a worn Arabic scan (turned 1.3°, blurred, speckled, JPEG quality 65) levelled the way it reads surer', async () => {
    // Levelled by interpolation alone, the page's softened strokes read 36 of its 45 words (Tesseract 82% sure);
    // levelled by shears too, 42 (88% sure), and that reading is kept.
    const { share } = await readOwnTextScan('ar', 'worn');
    expect(share).toBeGreaterThan(0.88);
  });

  it('copies a document without scans as it is, reading nothing', async () => {
    const file = inputFile(PAPER);
    const info = await inspectPdf(file, 0, ctx, 100);
    const output = join(ctx.workDir, 'ocr.pdf');
    const result = await recognisePdf(file, info, ['en'], output, ctx);
    expect(result.pages).toEqual([]);
    expect(readFileSync(output).equals(readFileSync(PAPER))).toBe(true);
  });
});
