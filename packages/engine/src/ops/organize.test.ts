import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { AppError, type PageLayout } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { createNavigationPdf } from '@quire/test-kit/navigation-pdfs';
import { inputFile, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { readNavigation } from '../../test/read-navigation.ts';
import { organize } from './organize.ts';

const ctx = useJobContext(120_000);
/** 14 letter pages of text, none turned. */
const PAPER = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');
/** 6 A4 pages of text, turned 90, 90, 180, 180, 270, 270 by their /Rotate. */
const ROTATED = corpusPath('pdf/pdfbox_rotations-90-180-270_6p.pdf');

const run = (files: string[], layout: PageLayout, passwords: (string | undefined)[] = []) =>
  organize(
    { files: files.map((path, index) => inputFile(path, passwords[index])), options: { layout } },
    ctx,
  );

/** Each page's text as poppler reads it, one entry per page. */
function pageTexts(path: string): string[] {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\f')
    .slice(0, -1);
}

type PageFacts = { object: string; rotate: number; width: number; height: number };

/** Each page's object and /Rotate as qpdf reads them, and its size as poppler reads it (before its rotation). */
function pageFacts(path: string): PageFacts[] {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', path], { encoding: 'utf8' }),
  ) as { pages: { object: string }[]; qpdf: [unknown, Record<string, { value?: { '/Rotate'?: number } }>] };
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(json.pages.length), path], {
    encoding: 'utf8',
  });
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)];
  return json.pages.map(({ object }, index) => ({
    object,
    rotate: json.qpdf[1][`obj:${object}`]?.value?.['/Rotate'] ?? 0,
    width: Number(sizes[index]?.[1]),
    height: Number(sizes[index]?.[2]),
  }));
}

/** A page's size as a reader shows it, rounded to the point: its box turned by its /Rotate. */
const shownSize = ({ rotate, width, height }: PageFacts) =>
  rotate % 180 === 0
    ? `${Math.round(width)}x${Math.round(height)}`
    : `${Math.round(height)}x${Math.round(width)}`;

async function navigationPdf(name: string, pageCount: number): Promise<string> {
  const path = join(ctx.workDir, name);
  await writeFile(path, createNavigationPdf(pageCount));
  return path;
}

describe('organize', () => {
  it('places the pages of several files in the order given, each turned by its rotate on top of its own', async () => {
    const layout: PageLayout = [
      { file: 0, page: 3, rotate: 0 },
      { file: 1, page: 2, rotate: 90 },
      { file: 0, page: 1, rotate: 180 },
      { file: 1, page: 5, rotate: 270 },
      { file: 0, page: 14, rotate: 0 },
    ];
    const result = await run([PAPER, ROTATED], layout);
    expect(qpdfCheck(result.path).ok).toBe(true);
    expect(result.report).toEqual({ values: { pageCount: 5 }, notices: [] });
    const paper = pageTexts(PAPER);
    const rotated = pageTexts(ROTATED);
    const texts = pageTexts(result.path);
    expect(texts[0]).toBe(paper[2]);
    expect(texts[4]).toBe(paper[13]);
    // A turned page's text is read in its new orientation: the same words, laid out otherwise.
    const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean).sort();
    expect(words(texts[2])).toEqual(words(paper[0]));
    expect(words(texts[1])).toEqual(words(rotated[1]));
    expect(words(texts[3])).toEqual(words(rotated[4]));
    // Pages of the same file are told apart by their words (the page numbers they show, at least).
    expect(words(rotated[1])).not.toEqual(words(rotated[4]));
    // Own /Rotate (0 for the paper; 90 and 270 for those pages of the other) plus the turn asked for.
    expect(pageFacts(result.path).map((page) => page.rotate)).toEqual([0, 180, 180, 180, 0]);
  });

  it('copies a page used twice: two page objects, each turned on its own', async () => {
    const layout: PageLayout = [
      { file: 0, page: 2, rotate: 0 },
      { file: 0, page: 2, rotate: 90 },
      { file: 0, page: 1, rotate: 0 },
      { file: 0, page: 2, rotate: 0 },
    ];
    const result = await run([PAPER], layout);
    const paper = pageTexts(PAPER);
    const texts = pageTexts(result.path);
    expect([texts[0], texts[2], texts[3]]).toEqual([paper[1], paper[0], paper[1]]);
    const facts = pageFacts(result.path);
    expect(new Set(facts.map((page) => page.object)).size).toBe(4);
    expect(facts.map((page) => page.rotate)).toEqual([0, 90, 0, 0]);
  });

  it('inserts blank pages of A4, Letter, or the size the page before them is shown at', async () => {
    const layout: PageLayout = [
      { blank: 'previous' },
      { file: 0, page: 1, rotate: 0 },
      { blank: 'previous' },
      { file: 1, page: 1, rotate: 0 },
      { blank: 'previous' },
      { file: 1, page: 1, rotate: 90 },
      { blank: 'previous' },
      { blank: 'letter' },
      { blank: 'previous' },
      { blank: 'a4' },
    ];
    const result = await run([PAPER, ROTATED], layout);
    expect(qpdfCheck(result.path).ok).toBe(true);
    const facts = pageFacts(result.path);
    expect(facts.map(shownSize)).toEqual([
      // First: A4.
      '595x842',
      '612x792',
      '612x792',
      // An A4 page turned 90 by its /Rotate is shown landscape, and again upright once turned 90 more.
      '842x595',
      '842x595',
      '595x842',
      '595x842',
      '612x792',
      '612x792',
      '595x842',
    ]);
    const texts = pageTexts(result.path);
    for (const blank of [0, 2, 4, 6, 7, 8, 9]) expect(texts[blank]?.trim(), `page ${blank + 1}`).toBe('');
    // Blank pages are upright pages of their own size, never turned.
    for (const blank of [0, 2, 4, 6, 7, 8, 9]) expect(facts[blank]?.rotate).toBe(0);
  });

  it('keeps the bookmarks, links and form fields of the pages kept, and drops links to pages left out', async () => {
    const first = await navigationPdf('first.pdf', 4);
    const second = await navigationPdf('second.pdf', 3);
    const layout: PageLayout = [
      { file: 0, page: 1, rotate: 0 },
      { file: 1, page: 3, rotate: 0 },
      { file: 0, page: 2, rotate: 90 },
      { blank: 'a4' },
      { file: 0, page: 1, rotate: 0 },
    ];
    const result = await run([first, second], layout);
    expect(qpdfCheck(result.path).ok).toBe(true);
    const after = readNavigation(result.path);
    expect(after.pages).toEqual(['Page 1 of 4', 'Page 3 of 3', 'Page 2 of 4', '', 'Page 1 of 4']);
    expect(after.outline.map(({ title, depth, page }) => `${'  '.repeat(depth)}${title} → ${page}`)).toEqual([
      'Chapter 1 → 1',
      '  Section 1.1 → 1',
      'Chapter 2 → 3',
      '  Section 2.1 → 3',
      'Chapter 3 → 2',
      '  Section 3.1 → 2',
    ]);
    // First's page 1 leads to its page 2 and, by name, to itself; page 2 to page 3 (left out) and page 1. Second's
    // page 3 leads to its page 1 twice (left out).
    expect(after.links).toEqual([
      { page: 1, target: 3 },
      { page: 1, target: 1 },
      { page: 3, target: 1 },
      { page: 5, target: 3 },
      { page: 5, target: 1 },
    ]);
    expect(after.fields.map(({ page, value }) => [page, value])).toEqual([
      [1, 'value 1'],
      [2, 'value 3'],
      [3, 'value 2'],
      [5, 'value 1'],
    ]);
  });

  it('keeps the filled form fields of a real form, with their values, on the pages they moved to', async () => {
    const form = corpusPath('pdf/pdfjs_irs-f1040-prefilled_acroform.pdf');
    const source = readNavigation(form);
    const result = await run(
      [form],
      [
        { file: 0, page: 2, rotate: 0 },
        { file: 0, page: 1, rotate: 0 },
      ],
    );
    const { fields } = readNavigation(result.path);
    const moved = source.fields.map((field) => ({ ...field, page: field.page === 1 ? 2 : 1 }));
    expect(source.fields.length).toBeGreaterThan(40);
    expect(source.fields.filter((field) => field.value !== 'null').length).toBeGreaterThan(5);
    // The fields keep their exact names: from an empty primary input, qpdf's page assembly (11.3) would rename the
    // shared root of the second page's fields `topmostSubform[0]+1`.
    const byNamePageValue = (fieldList: typeof fields) =>
      fieldList.map((field) => `${field.name} | page ${field.page} | ${field.value}`).sort();
    expect(byNamePageValue(fields)).toEqual(byNamePageValue(moved));
  });

  it('keeps the bookmarks and links of a real document that lead to the pages kept', async () => {
    const name = corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf');
    const source = readNavigation(name);
    // Pages 4, 2, 3 and 1 again; page 1 is placed last, so what led to it now leads to page 4.
    const layout: PageLayout = [4, 2, 3, 1].map((page) => ({ file: 0, page, rotate: 0 }));
    const where = (page: number | null) => (page === null ? null : [4, 2, 3, 1].indexOf(page) + 1);
    const after = readNavigation((await run([name], layout)).path);
    expect(source.outline.length).toBeGreaterThan(0);
    expect(after.outline.map(({ title, page }) => ({ title, page }))).toEqual(
      source.outline.map(({ title, page }) => ({ title, page: where(page) })),
    );
    expect(after.links.sort((a, b) => a.page - b.page)).toEqual(
      source.links
        .map(({ page, target }) => ({ page: where(page) as number, target: where(target) }))
        .sort((a, b) => a.page - b.page),
    );
  });
});

describe('organize refuses', () => {
  it('a page past the end of its file, naming the item, the file and its pages (INVALID_LAYOUT)', async () => {
    const layout: PageLayout = [
      { file: 0, page: 1, rotate: 0 },
      { blank: 'a4' },
      { file: 1, page: 12, rotate: 0 },
    ];
    const error = await run([PAPER, ROTATED], layout).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'INVALID_LAYOUT',
      message: 'layout item 3: page 12 is past the end of file 1 (6 pages).',
      details: {
        reason: 'pageOutOfRange',
        item: 3,
        fileIndex: 1,
        fileName: 'pdfbox_rotations-90-180-270_6p.pdf',
        page: 12,
        pageCount: 6,
      },
    });
  });

  it('a file that was not sent', async () => {
    await expect(
      run(
        [PAPER],
        [
          { file: 0, page: 1, rotate: 0 },
          { file: 2, page: 1, rotate: 0 },
        ],
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_LAYOUT',
      message: 'layout item 2: there is no file 2 (1 sent, numbered from 0).',
      details: { reason: 'noFile', item: 2, fileIndex: 2, fileCount: 1 },
    });
  });

  it('a protected file without its password, naming it', async () => {
    const locked = corpusPath('pdf/pysamples_encrypted_user-openpassword.pdf');
    await expect(run([PAPER, locked], [{ file: 1, page: 1, rotate: 0 }])).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
      details: { fileIndex: 1 },
    });
  });
});
