import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultMimeType } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createNavigationPdf } from '@quire/test-kit/navigation-pdfs';
import { inputFile, isEncrypted, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { readNavigation } from '../../test/read-navigation.ts';
import { extractPages } from './extract-pages.ts';

const ctx = useJobContext(120_000);
const PAPER = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';

/** Each page's text as poppler reads it. */
function pageTexts(path: string, password?: string): string[] {
  const text = execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return text.split('\f').slice(0, -1);
}

async function extractFrom(
  path: string,
  pages: string | undefined,
  mode: 'one' | 'separate' = 'one',
  password?: string,
) {
  return extractPages({ file: inputFile(path, password), options: { pages, mode } }, ctx);
}

/** The PDFs of a zip, in order, each written beside it and read back as its pages' texts. */
async function zipPieces(path: string): Promise<{ name: string; texts: string[]; path: string }[]> {
  const entries = unzipSync(await readFile(path));
  return Promise.all(
    Object.entries(entries).map(async ([name, bytes], index) => {
      const piece = join(ctx.workDir, `piece-${index}.pdf`);
      await writeFile(piece, bytes);
      expect(qpdfCheck(piece).ok).toBe(true);
      return { name, texts: pageTexts(piece), path: piece };
    }),
  );
}

async function navigationPdf(pageCount: number): Promise<string> {
  const path = join(ctx.workDir, 'navigation.pdf');
  await writeFile(path, createNavigationPdf(pageCount));
  return path;
}

describe('extract pages into one PDF', () => {
  it('copies the pages listed in the order given, each item in turn', async () => {
    const result = await extractFrom(corpusPath(PAPER), '14, 3-4, 1');
    const source = pageTexts(corpusPath(PAPER));
    expect(pageTexts(result.path)).toEqual([source[13], source[2], source[3], source[0]]);
    expect(result.report.values).toEqual({ pageCount: 4, fileCount: 0 });
    expect(resultMimeType('extract-pages', result.report)).toBe('application/pdf');
    expect(qpdfCheck(result.path).ok).toBe(true);
  });

  it('puts a page listed twice there twice, each a page object of its own', async () => {
    const result = await extractFrom(corpusPath(PAPER), '2, 2');
    const source = pageTexts(corpusPath(PAPER));
    expect(pageTexts(result.path)).toEqual([source[1], source[1]]);
    const { pages } = JSON.parse(
      execFileSync('qpdf', ['--json', '--json-key=pages', result.path], { encoding: 'utf8' }),
    ) as { pages: { object: string }[] };
    expect(new Set(pages.map((page) => page.object)).size).toBe(2);
  });

  it('keeps the bookmarks, links and fields that lead within it, bookmarks at the first copy of a page', async () => {
    const result = await extractFrom(await navigationPdf(5), '4, 2, 4');
    const after = readNavigation(result.path);
    expect(after.pages).toEqual(['Page 4 of 5', 'Page 2 of 5', 'Page 4 of 5']);
    // Bookmarks keep the document's order, each at its page's first copy.
    expect(after.outline.map(({ title, depth, page }) => `${'  '.repeat(depth)}${title} → ${page}`)).toEqual([
      'Chapter 2 → 2',
      '  Section 2.1 → 2',
      'Chapter 4 → 1',
      '  Section 4.1 → 1',
    ]);
    // Pages 2 and 4 linked to pages 3 and 5 and, by name, to page 1: none of them was extracted.
    expect(after.links).toEqual([]);
    expect(after.fields.map(({ page, value }) => [page, value])).toEqual([
      [1, 'value 4'],
      [2, 'value 2'],
      [3, 'value 4'],
    ]);
  });

  it.each([
    ['pdf/pysamples_geotopo-lecture-notes_117p.pdf', 1, 9],
    ['pdf/pdf2docx_whisper-paper_28p-linearized.pdf', 2, 19],
  ])('%s, pages %i to %i: their bookmarks and links within them, renumbered', async (name, first, last) => {
    const source = readNavigation(corpusPath(name));
    const kept = (page: number | null) => page !== null && page >= first && page <= last;
    const moved = (page: number | null) => (page === null ? null : page - first + 1);
    const result = await extractFrom(corpusPath(name), `${first}-${last}`);
    const after = readNavigation(result.path);
    const expectedLinks = source.links
      .filter((link) => kept(link.page) && kept(link.target))
      .map((link) => ({ page: moved(link.page), target: moved(link.target) }));
    expect(expectedLinks.length).toBeGreaterThan(0);
    expect(after.links).toEqual(expectedLinks);
    expect(after.outline.map(({ title, page }) => ({ title, page }))).toEqual(
      source.outline
        .filter((item) => kept(item.page))
        .map((item) => ({ title: item.title, page: moved(item.page) })),
    );
  });

  it('keeps the filled form fields of the page extracted, with their values', async () => {
    const name = 'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf';
    const source = readNavigation(corpusPath(name));
    const result = await extractFrom(corpusPath(name), '2');
    const { fields } = readNavigation(result.path);
    const expected = source.fields
      .filter((field) => field.page === 2)
      .map((field) => ({ ...field, page: 1 }));
    expect(expected.length).toBeGreaterThan(20);
    expect(fields).toEqual(expected);
  });

  it('opens a protected file with its password and writes the pages without one', async () => {
    const name = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
    const result = await extractFrom(corpusPath(name), '30, 1', 'one', 'view');
    const source = pageTexts(corpusPath(name), 'view');
    expect(pageTexts(result.path)).toEqual([source[29], source[0]]);
    expect(isEncrypted(result.path)).toBe(false);
    expect(result.report.notices).toEqual([{ code: 'PASSWORD_REMOVED', fileIndex: 0 }]);
  });
});

describe('extract pages into one PDF per item', () => {
  it('zips one PDF per item, named after the file and its pages, an item listed again numbered', async () => {
    const result = await extractFrom(corpusPath(PAPER), '1-3, 8, 1-3', 'separate');
    expect(resultMimeType('extract-pages', result.report)).toBe('application/zip');
    expect(result.report.values).toEqual({ pageCount: 7, fileCount: 3 });
    const source = pageTexts(corpusPath(PAPER));
    const pieces = await zipPieces(result.path);
    const stem = 'pdfjs_tracemonkey-paper_14p-text-2col';
    expect(pieces.map(({ name, texts }) => [name, texts])).toEqual([
      [`${stem}-p01-03.pdf`, source.slice(0, 3)],
      [`${stem}-p08.pdf`, [source[7]]],
      [`${stem}-p01-03-2.pdf`, source.slice(0, 3)],
    ]);
  });

  it('gives each PDF the bookmarks and links that lead within it', async () => {
    const result = await extractFrom(await navigationPdf(5), '1-2, 4', 'separate');
    const [first, second] = await zipPieces(result.path);
    const navigation = readNavigation(first?.path ?? '');
    expect(navigation.outline.map(({ title, page }) => `${title} → ${page}`)).toEqual([
      'Chapter 1 → 1',
      'Section 1.1 → 1',
      'Chapter 2 → 2',
      'Section 2.1 → 2',
    ]);
    // Page 1 leads to page 2 and (by name) to itself; page 2 to page 3, not here, and to page 1.
    expect(navigation.links).toEqual([
      { page: 1, target: 2 },
      { page: 1, target: 1 },
      { page: 2, target: 1 },
    ]);
    const alone = readNavigation(second?.path ?? '');
    expect(alone.outline.map(({ title, page }) => `${title} → ${page}`)).toEqual([
      'Chapter 4 → 1',
      'Section 4.1 → 1',
    ]);
    expect(alone.links).toEqual([]);
    expect(alone.fields.map((field) => field.name)).toEqual(['field-4']);
  });
});

describe('extract pages refuses', () => {
  it('a list out of range, no list, and a list of more than 2000 pages in all, as INVALID_PAGE_RANGE', async () => {
    const path = corpusPath('pdf/pdfbox_rotations-90-180-270_6p.pdf');
    await expect(extractFrom(path, '2, 7-9')).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { item: '7-9', reason: 'outOfRange', pageCount: 6 },
    });
    await expect(extractFrom(path, undefined)).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { reason: 'empty' },
    });
    const long = corpusPath('pdf/pysamples_geotopo-lecture-notes_117p.pdf');
    await expect(extractFrom(long, Array(18).fill('1-').join(','), 'separate')).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { reason: 'tooManyPages' },
    });
  });

  it('a protected file without its password', async () => {
    await expect(
      extractFrom(corpusPath('pdf/pysamples_encrypted_user-openpassword.pdf'), '1'),
    ).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
  });
});
