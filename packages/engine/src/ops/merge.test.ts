import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  badPdfEntries,
  corpusEntries,
  corpusPath,
  featureValue,
  mustRepair,
  mustReject,
  type CorpusEntry,
} from '@quire/corpus';
import { MAX_NAME_TREE_DEPTH, MAX_OUTLINE_DEPTH, MAX_PAGES } from '@quire/shared';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createDeepNameTreePdf, createDeepOutlinePdf } from '@quire/test-kit/hostile-pdfs';
import { createLyingRootPdf } from '@quire/test-kit/page-tree-pdfs';
import {
  checkWithQpdf,
  useJobContext,
  inputFile,
  isEncrypted,
  qpdfPageCount,
} from '../../test/job-context.ts';
import { merge } from './merge.ts';

const ctx = useJobContext();

const SMALL = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const OWNER_ONLY_FILE = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';

const needsPassword = (entry: CorpusEntry) => featureValue(entry, 'user-password') !== undefined;
const validPdfs = corpusEntries().filter((entry) => entry.group === 'pdf');

async function mergeNames(names: string[], passwords: (string | undefined)[] = []) {
  return merge(
    { files: names.map((name, index) => inputFile(corpusPath(name), passwords[index])), options: {} },
    ctx,
  );
}

describe('merge over the corpus', () => {
  it.each(validPdfs.map((entry) => [entry.name, entry] as const))(
    '%s merges after a 6-page file',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const result = await mergeNames([SMALL, entry.name], [undefined, password]);
      const check = checkWithQpdf(result.path);
      expect(check.ok, check.output).toBe(true);
      expect(check.pageCount).toBe(6 + (entry.pages ?? Number.NaN));
      expect(check.isEncrypted).toBe(false);
    },
  );

  it('keeps every page of ten files in the order given', async () => {
    const names = validPdfs
      .filter((entry) => !needsPassword(entry))
      .slice(0, 10)
      .map((entry) => entry.name);
    const result = await mergeNames(names);
    const expected = names.reduce(
      (sum, name) => sum + (validPdfs.find((e) => e.name === name)?.pages ?? 0),
      0,
    );
    expect(qpdfPageCount(result.path)).toBe(expected);

    // Order: page sizes of the output follow the inputs one after another.
    const sizesOf = async (path: string) => {
      const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
      return Array.from({ length: doc.countPages() }, (_, index) =>
        doc.loadPage(index).getBounds().join(','),
      );
    };
    const inputSizes = (await Promise.all(names.map((name) => sizesOf(corpusPath(name))))).flat();
    expect(await sizesOf(result.path)).toEqual(inputSizes);
  });
});

describe('merge keeps navigation', () => {
  type Flat = { title: string | undefined; depth: number; page: number | undefined };
  const flatten = (items: ReturnType<mupdf.Document['loadOutline']>, depth = 0, offset = 0): Flat[] =>
    (items ?? []).flatMap((item) => [
      { title: item.title, depth, page: item.page === undefined ? undefined : item.page + offset },
      ...flatten(item.down ?? null, depth + 1, offset),
    ]);
  const open = async (path: string) => mupdf.Document.openDocument(await readFile(path), 'application/pdf');

  it("keeps both files' bookmarks, nested, pointing at the right pages", async () => {
    const first = 'pdf/pysamples_outline-bookmarks_4p.pdf';
    const second = 'pdf/pysamples_geotopo-lecture-notes_117p.pdf';
    const result = await mergeNames([first, second]);
    const expected = [
      ...flatten((await open(corpusPath(first))).loadOutline()),
      ...flatten((await open(corpusPath(second))).loadOutline(), 0, 4),
    ];
    expect(expected.some((item) => item.depth >= 2)).toBe(true);
    expect(flatten((await open(result.path)).loadOutline())).toEqual(expected);
  });

  it('re-points internal links (named destinations) at the merged pages', async () => {
    const paper = 'pdf/pdf2docx_whisper-paper_28p-linearized.pdf';
    const result = await mergeNames([SMALL, paper]);
    const source = await open(corpusPath(paper));
    const merged = await open(result.path);
    let checked = 0;
    for (let index = 0; index < source.countPages(); index += 1) {
      const sourceLinks = source
        .loadPage(index)
        .getLinks()
        .filter((link) => !link.isExternal());
      const mergedLinks = merged
        .loadPage(index + 6)
        .getLinks()
        .filter((link) => !link.isExternal());
      expect(mergedLinks).toHaveLength(sourceLinks.length);
      sourceLinks.forEach((link, position) => {
        const target = mergedLinks[position];
        expect(target && merged.resolveLinkDestination(target).page).toBe(
          source.resolveLinkDestination(link).page + 6,
        );
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('merge with passwords', () => {
  it('asks for the password of a protected file, naming it', async () => {
    await expect(mergeNames([SMALL, USER_PASSWORD_FILE])).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
      details: { fileIndex: 1, fileName: 'pysamples_encrypted_user-openpassword.pdf' },
    });
  });

  it('says when the password is wrong', async () => {
    await expect(mergeNames([USER_PASSWORD_FILE, SMALL], ['nope'])).rejects.toMatchObject({
      code: 'PASSWORD_INCORRECT',
      details: { fileIndex: 0 },
    });
  });

  it('opens owner-password files without asking and writes an unprotected result', async () => {
    const result = await mergeNames([OWNER_ONLY_FILE, SMALL]);
    expect(qpdfPageCount(result.path)).toBe(36);
    expect(isEncrypted(result.path)).toBe(false);
  });
});

describe('merge of documents over the page limit', () => {
  it(`refuses a document of more than ${MAX_PAGES} pages, naming it (DOCUMENT_TOO_COMPLEX)`, async () => {
    // An honest tree (every /Count true) of nodes of 100 pages, built in memory: the 6 copies of a 352-page book qpdf
    // put together before cost a second of CPU for the same count.
    const huge = join(ctx.workDir, 'huge.pdf');
    await writeFile(huge, createLyingRootPdf(MAX_PAGES + 1, MAX_PAGES + 1));
    await expect(
      merge({ files: [inputFile(corpusPath(SMALL)), inputFile(huge)], options: {} }, ctx),
    ).rejects.toMatchObject({
      code: 'DOCUMENT_TOO_COMPLEX',
      details: { fileIndex: 1, fileName: 'huge.pdf', maxPages: MAX_PAGES },
    });
  });
});

describe('merge with a password that is not needed', () => {
  it('opens an owner-password file even when the visitor sent a wrong password for it', async () => {
    const result = await mergeNames([SMALL, OWNER_ONLY_FILE], [undefined, 'not-the-password']);
    expect(qpdfPageCount(result.path)).toBe(36);
  });

  it('reports the first failing file in the order given', async () => {
    await expect(
      mergeNames([SMALL, 'bad/qpdf_bad7_no-trailer-dict.pdf', USER_PASSWORD_FILE]),
    ).rejects.toMatchObject({
      code: 'FILE_DAMAGED',
      details: { fileIndex: 1 },
    });
  });
});

describe('merge of damaged and hostile files', () => {
  const bad = badPdfEntries();

  it.each(bad.map((entry) => [entry.name, entry] as const))(
    '%s: answered as the manifest expects',
    async (_name, entry) => {
      const outcome = await mergeNames([entry.name, SMALL]).then(
        (result) => ({ ok: true as const, pages: qpdfPageCount(result.path) }),
        (error: unknown) => ({ ok: false as const, error: error as { code?: string } }),
      );
      if (mustRepair(entry)) expect(outcome).toMatchObject({ ok: true, pages: 6 + (entry.pages ?? 0) });
      if (mustReject(entry)) expect(outcome).toMatchObject({ ok: false, error: { code: 'FILE_DAMAGED' } });
      if (!outcome.ok) expect(['FILE_DAMAGED', 'DOCUMENT_TOO_COMPLEX']).toContain(outcome.error.code);
    },
  );
});

describe('merge of files with hostile bookmarks', () => {
  type Flat = { title: string | undefined; depth: number; page: number | undefined };
  const flatten = (items: ReturnType<mupdf.Document['loadOutline']>, depth = 0): Flat[] =>
    (items ?? []).flatMap((item) => [
      { title: item.title, depth, page: item.page },
      ...flatten(item.down ?? null, depth + 1),
    ]);
  const mergeOutline = async (source: Buffer) => {
    const path = join(ctx.workDir, 'bookmarks.pdf');
    await writeFile(path, source);
    const result = await merge({ files: [inputFile(path), inputFile(corpusPath(SMALL))], options: {} }, ctx);
    const check = checkWithQpdf(result.path);
    expect(check.ok, check.output).toBe(true);
    expect(check.pageCount).toBe(8);
    const merged = mupdf.Document.openDocument(await readFile(result.path), 'application/pdf');
    return flatten(merged.loadOutline());
  };
  const levels = (count: number) => Array.from({ length: count }, (_, index) => `L${index + 1}`);

  it(`keeps 3000 nested bookmarks, those deeper than ${MAX_OUTLINE_DEPTH} levels moved up, without killing MuPDF`, async () => {
    const outline = await mergeOutline(createDeepOutlinePdf(3000));
    expect(outline.map((item) => item.title)).toEqual(levels(3000));
    expect(outline.map((item) => item.depth)).toEqual(
      Array.from({ length: 3000 }, (_, index) => Math.min(index, MAX_OUTLINE_DEPTH - 1)),
    );
    expect(outline.map((item) => item.page)).toEqual(Array.from({ length: 3000 }, (_, index) => index % 2));
    // MuPDF in this thread still works: an ordinary merge with bookmarks keeps them.
    const ordinary = await mergeNames(['pdf/pysamples_outline-bookmarks_4p.pdf', SMALL]);
    const reopened = mupdf.Document.openDocument(await readFile(ordinary.path), 'application/pdf');
    expect(flatten(reopened.loadOutline()).length).toBeGreaterThan(0);
  });

  it('reads each bookmark once when the outline loops back on itself', async () => {
    const outline = await mergeOutline(createDeepOutlinePdf(50, 'cycle'));
    expect(outline.map((item) => item.title)).toEqual(levels(50));
  });

  it('reads each bookmark once when bookmarks are shared between parents (2^40 paths)', async () => {
    const outline = await mergeOutline(createDeepOutlinePdf(40, 'shared'));
    expect(outline.map((item) => item.title)).toEqual(levels(40));
  });

  it.each([
    ['1,000 levels deep', createDeepNameTreePdf(1000)],
    ['looping back to its root', createDeepNameTreePdf(3, 'cycle')],
  ])(
    'merges a file whose named destinations sit in a name tree %s, its link left without a target',
    async (_kind, source) => {
      const path = join(ctx.workDir, 'names.pdf');
      await writeFile(path, source);
      const result = await merge(
        { files: [inputFile(path), inputFile(corpusPath(SMALL))], options: {} },
        ctx,
      );
      expect(qpdfPageCount(result.path)).toBe(8);
      const merged = mupdf.Document.openDocument(await readFile(result.path), 'application/pdf');
      expect(merged.loadPage(0).getLinks()).toHaveLength(1);
    },
  );

  it(`still resolves named destinations through a name tree of ${MAX_NAME_TREE_DEPTH} levels`, async () => {
    const path = join(ctx.workDir, 'names.pdf');
    await writeFile(path, createDeepNameTreePdf(MAX_NAME_TREE_DEPTH));
    const result = await merge({ files: [inputFile(corpusPath(SMALL)), inputFile(path)], options: {} }, ctx);
    const merged = mupdf.Document.openDocument(await readFile(result.path), 'application/pdf');
    const [link] = merged.loadPage(6).getLinks();
    expect(link && merged.resolveLinkDestination(link).page).toBe(7);
  });
});
