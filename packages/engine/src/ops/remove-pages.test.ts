import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { createNavigationPdf } from '@quire/test-kit/navigation-pdfs';
import { checkWithQpdf, inputFile, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { readNavigation, type Navigation } from '../../test/read-navigation.ts';
import { removePages } from './remove-pages.ts';

const ctx = useJobContext(120_000);

/** Each page's text as poppler reads it. */
function pageTexts(path: string, password?: string): string[] {
  const text = execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return text.split('\f').slice(0, -1);
}

async function removeFrom(path: string, pages: string | undefined, password?: string) {
  return removePages({ file: inputFile(path, password), options: { pages } }, ctx);
}

/**
 * The navigation a source should keep once the pages of `removed` are gone: the bookmarks and links that lead to
 * kept pages, renumbered (a bookmark's depth may change when its parent goes, so depths are left out), and the
 * fields of the kept pages.
 */
function keptNavigation(source: Navigation, removed: ReadonlySet<number>) {
  const newPage = (page: number | null) =>
    page === null || removed.has(page) ? null : page - [...removed].filter((gone) => gone < page).length;
  return {
    outline: source.outline
      .filter((item) => newPage(item.page) !== null)
      .map((item) => ({ title: item.title, page: newPage(item.page) })),
    links: source.links
      .filter((link) => newPage(link.page) !== null && newPage(link.target) !== null)
      .map((link) => ({ page: newPage(link.page), target: newPage(link.target) })),
    fields: source.fields
      .filter((field) => newPage(field.page) !== null)
      .map((field) => ({ ...field, page: newPage(field.page) })),
  };
}

/** A corpus file's navigation, read once for the tests that remove different pages from it. */
const sourceNavigations = new Map<string, Navigation>();
function sourceNavigation(name: string): Navigation {
  const navigation = sourceNavigations.get(name) ?? readNavigation(corpusPath(name));
  sourceNavigations.set(name, navigation);
  return navigation;
}

function navigationOf(path: string) {
  const { outline, links, fields } = readNavigation(path);
  return { outline: outline.map(({ title, page }) => ({ title, page })), links, fields };
}

describe('remove pages', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf' && Number(entry.pages) >= 2);
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: without its second page, every other page as it was',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const result = await removeFrom(corpusPath(entry.name), '2', password);
      const before = pageTexts(corpusPath(entry.name), password);
      expect(pageTexts(result.path)).toEqual(before.filter((_, index) => index !== 1));
      expect(result.report.values).toEqual({ pageCount: before.length - 1, removedPages: 1 });
      const check = checkWithQpdf(result.path);
      expect(check.ok, check.output).toBe(true);
      expect(check.isEncrypted).toBe(false);
    },
  );

  it('keeps the bookmarks, links and form fields of the kept pages and drops those that led to removed ones', async () => {
    const path = join(ctx.workDir, 'navigation.pdf');
    await writeFile(path, createNavigationPdf(5));
    const result = await removeFrom(path, '2, 4');
    const after = readNavigation(result.path);
    expect(after.pages).toEqual(['Page 1 of 5', 'Page 3 of 5', 'Page 5 of 5']);
    expect(after.outline.map(({ title, depth, page }) => `${'  '.repeat(depth)}${title} → ${page}`)).toEqual([
      'Chapter 1 → 1',
      '  Section 1.1 → 1',
      'Chapter 3 → 2',
      '  Section 3.1 → 2',
      'Chapter 5 → 3',
      '  Section 5.1 → 3',
    ]);
    // Pages 1 and 3 linked to the next page, which is gone; page 5 to page 1; each to page 1 by name.
    expect(after.links).toEqual([
      { page: 1, target: 1 },
      { page: 2, target: 1 },
      { page: 3, target: 1 },
      { page: 3, target: 1 },
    ]);
    expect(after.fields).toEqual([
      { name: 'field-1', page: 1, value: 'value 1' },
      { name: 'field-3', page: 2, value: 'value 3' },
      { name: 'field-5', page: 3, value: 'value 5' },
    ]);
  });

  it.each([
    ['pdf/pysamples_geotopo-lecture-notes_117p.pdf', '10-'],
    ['pdf/pysamples_geotopo-lecture-notes_117p.pdf', '1-3, 50-60'],
    ['pdf/pdf2docx_whisper-paper_28p-linearized.pdf', '1, 20-28'],
    ['pdf/pysamples_outline-bookmarks_4p.pdf', '2'],
    ['pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf', '5-25'],
  ])(
    '%s without %s: its bookmarks and links to the pages kept, none to a removed page',
    async (name, list) => {
      const source = sourceNavigation(name);
      const pageCount = source.pages.length;
      const removed = new Set(
        list.split(',').flatMap((item) => {
          const [first = 0, last = pageCount] = item
            .split('-')
            .map((bound) => Number(bound.trim()) || undefined);
          return Array.from(
            { length: (item.includes('-') ? last : first) - first + 1 },
            (_, index) => first + index,
          );
        }),
      );
      const result = await removeFrom(corpusPath(name), list);
      const kept = keptNavigation(source, removed);
      expect(kept.outline.length + kept.links.length).toBeGreaterThan(0);
      expect(navigationOf(result.path)).toEqual(kept);
      expect(qpdfPageCount(result.path)).toBe(pageCount - removed.size);
    },
  );

  it('keeps the filled form fields of the page kept, with their values', async () => {
    const name = 'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf';
    const source = sourceNavigation(name);
    const result = await removeFrom(corpusPath(name), '2');
    const { fields } = readNavigation(result.path);
    expect(fields).toEqual(source.fields.filter((field) => field.page === 1));
    expect(fields.length).toBeGreaterThan(50);
    expect(fields.some((field) => field.value !== '')).toBe(true);
  });

  it("keeps a real filled form's exact field names and values and the document's title, author and XMP", async () => {
    const name = 'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf';
    const source = sourceNavigation(name);
    const result = await removeFrom(corpusPath(name), '1');
    const { fields } = readNavigation(result.path);
    // Only the fields of the page kept, now page 1, under their own names (no `topmostSubform[0]+1`).
    expect(fields).toEqual(
      source.fields.filter((field) => field.page === 2).map((field) => ({ ...field, page: 1 })),
    );
    expect(fields.length).toBeGreaterThan(50);
    // The form's two filled fields are on its second page: a ticked box and a text.
    const filled = fields.filter((field) => !['null', '', '/Off'].includes(field.value));
    expect(filled.map((field) => field.value).sort()).toEqual(['/Yes', 'foobar']);
    const info = execFileSync('pdfinfo', [result.path], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+2010 Form 1040$/m);
    expect(info).toMatch(/^Author:\s+SE:W:CAR:MP$/m);
    expect(execFileSync('pdfinfo', ['-meta', result.path], { encoding: 'utf8' })).toContain('<x:xmpmeta');
  });

  it('removes each page once, however often the list names it, and keeps the rest in order', async () => {
    const name = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
    const result = await removeFrom(corpusPath(name), '3-5, 4, 14, 5-6');
    const before = pageTexts(corpusPath(name));
    expect(pageTexts(result.path)).toEqual(before.filter((_, index) => ![2, 3, 4, 5, 13].includes(index)));
    expect(result.report.values).toEqual({ pageCount: 9, removedPages: 5 });
  });

  it('refuses to remove every page, a list out of range and no list, as INVALID_PAGE_RANGE', async () => {
    const name = corpusPath('pdf/pdfbox_rotations-90-180-270_6p.pdf');
    await expect(removeFrom(name, '1-3, 4-')).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { reason: 'everyPage', pageCount: 6 },
      message: 'The list takes every page of the document (6); leave at least one.',
    });
    await expect(removeFrom(name, '2, 7-9')).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { item: '7-9', reason: 'outOfRange', pageCount: 6 },
    });
    await expect(removeFrom(name, undefined)).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { reason: 'empty' },
    });
  });

  it('asks for the password of a protected file', async () => {
    await expect(
      removeFrom(corpusPath('pdf/pysamples_encrypted_user-openpassword.pdf'), '1'),
    ).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
  });
});
