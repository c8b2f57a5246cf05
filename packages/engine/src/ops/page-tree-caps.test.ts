/* eslint-disable max-lines -- one case per tool that reads PDFs: the file grows with the tools */
import { execFileSync } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import {
  type AppError,
  MAX_PAGE_TREE_NODES,
  MAX_RENDER_PAGES,
  PDF_TOOL_IDS,
  TOOLS,
  type PdfToolId,
} from '@quire/shared';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encryptPdf } from '@quire/test-kit/hostile-pdfs';
import { inputFile, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import {
  createDeepPageTreePdf,
  createLyingCountPdf,
  createLyingRootPdf,
  createRepeatedPagePdf,
  createSharedSubtreePdf,
} from '@quire/test-kit/page-tree-pdfs';
import { compress } from './compress.ts';
import { extractPages } from './extract-pages.ts';
import { crop } from './crop.ts';
import { flatten } from './flatten.ts';
import { compare } from './compare.ts';
import { merge } from './merge.ts';
import { metadata } from './metadata.ts';
import { ocr } from './ocr.ts';
import { pdfToJpg } from './pdf-to-jpg.ts';
import { pdfToPng } from './pdf-to-png.ts';
import { pdfToPdfa } from './pdf-to-pdfa.ts';
import { pdfToPowerpoint } from './pdf-to-powerpoint.ts';
import { pdfToExcel } from './pdf-to-excel.ts';
import { pdfToText } from './pdf-to-text.ts';
import { pdfToWord } from './pdf-to-word.ts';
import { protect } from './protect.ts';
import { redact } from './redact.ts';
import { removePages } from './remove-pages.ts';
import { rotate } from './rotate.ts';
import { sign } from './sign.ts';
import { organize } from './organize.ts';
import { pageNumbers } from './page-numbers.ts';
import { split } from './split.ts';
import { watermark } from './watermark.ts';
import { unlock } from './unlock.ts';
import { repair } from './repair.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import type { JobResult } from './types.ts';
import {
  ALL_PAGES_EN,
  changedPagesRead,
  CLEAR_METADATA,
  COMPARE_OPTIONS,
  lastPageFirst,
  PAGE_NUMBER_OPTIONS,
  refusal,
  REDACT_MINUTES,
  sheetCount,
} from '../../test/page-tree-case-options.ts';

/**
 * Hardening item 29, second form: page caps are counted from the page tree, never from /Count. Every tool that reads
 * a PDF counts its pages through one shared function, `inspectPdf` (merge and organize ask `quickInspect` first,
 * which leaves every tree that is not sound to it), given the tool's own cap (`TOOLS[id].maxPages`).
 *
 * The matrix is shaped after that. The shapes of lying tree (each /Count that lies: 1, -1, 1.5, 100000, none; real
 * pages under nodes that tell the truth below a root that lies; one page listed many times; a tree too deep; a
 * subtree listed twice; a password) are checked once, on `inspectPdf` itself, with what every engine reads in the
 * copy it hands on. Each tool then keeps the cases that prove it goes through that counter and honours its own cap:
 * cap + 1 real pages behind /Count 1 refused before any work, naming its cap; exactly the 5 real pages of a file whose
 * /Count says 1, read from the result by engines other than the one that wrote it where possible, and reported as
 * repaired; an honest file not reported so. The tool's lying file is locked with a password: past `inspectPdf` the
 * tools read its decrypted, rewritten copy whether the upload was locked or not, and only the locked one also
 * proves that a tool reads that copy (`info.path`), never the upload. Running every tool over every shape instead
 * (309 tests) checked that one shared path 22 times over, for three times the CPU.
 */

const ctx = useJobContext(120_000);

/** Merge's other file: 6 honest pages. */
const SMALL = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const SMALL_PAGES = 6;
const SIGNATURE_PNG = 'images/docxjs_tux_png-rgba-alpha.png';

type Case = {
  /** Position of the hostile file in the request (merge puts a good file first). */
  fileIndex: number;
  run: (path: string, password?: string) => Promise<JobResult>;
  /** The pages the result holds, read by an engine other than the one that made it where possible. */
  countPages: (result: JobResult) => Promise<number>;
};

/** A case whose hostile file comes alone and whose result is a PDF of every page. */
const pdfCase = (run: Case['run']): Case => ({
  fileIndex: 0,
  run,
  countPages: async (result) => pdfPages(result.path),
});

/** Each tool that reads PDFs, run against lying page trees at its own cap (`TOOLS[id].maxPages`). */
const CASES: { [K in PdfToolId]: Case } = {
  merge: {
    fileIndex: 1,
    run: (path, password) =>
      merge({ files: [inputFile(corpusPath(SMALL)), inputFile(path, password)], options: {} }, ctx),
    countPages: async (result) => pdfPages(result.path) - SMALL_PAGES,
  },
  split: {
    fileIndex: 0,
    run: (path, password) =>
      split({ file: inputFile(path, password), options: { mode: 'pages', pageRange: undefined } }, ctx),
    countPages: async (result) => Object.keys(unzipSync(await readFile(result.path))).length,
  },
  // Every page cropped (margins in points: no page drawn), the page count kept.
  crop: {
    fileIndex: 0,
    run: (path, password) =>
      crop(
        {
          file: inputFile(path, password),
          options: { margins: { top: 1, right: 1, bottom: 1, left: 1 }, pages: undefined },
        },
        ctx,
      ),
    countPages: async (result) => pdfPages(result.path),
  },
  rotate: {
    fileIndex: 0,
    run: (path, password) =>
      rotate({ file: inputFile(path, password), options: { angle: '90', pages: undefined } }, ctx),
    countPages: async (result) => {
      const pages = pdfPages(result.path);
      // Every page was turned, none more: poppler reads each page's rotation.
      const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages + 1), result.path], {
        encoding: 'utf8',
      });
      expect(info.match(/^Page\s+\d+ rot:\s+90$/gm)).toHaveLength(pages);
      return pages;
    },
  },
  'page-numbers': {
    fileIndex: 0,
    run: (path, password) =>
      pageNumbers({ file: inputFile(path, password), options: PAGE_NUMBER_OPTIONS }, ctx),
    // Every page carries its number, the last one too: the count ran over the real pages.
    countPages: lastPageHolds((pages) => `page ${pages}/${pages}`),
  },
  watermark: {
    fileIndex: 0,
    run: (path, password) =>
      watermark(
        {
          file: inputFile(path, password),
          options: {
            text: 'Draft',
            position: 'bottom-right',
            opacity: 100,
            rotation: 0,
            fontSize: 12,
            color: '#000000',
            pages: undefined,
            layer: 'over',
          },
        },
        ctx,
      ),
    // The last page carries the watermark too: every real page was reached.
    countPages: lastPageHolds(() => 'Draft'),
  },
  compress: {
    fileIndex: 0,
    run: (path, password) =>
      compress({ file: inputFile(path, password), options: { quality: 'medium' } }, ctx),
    countPages: async (result) => pdfPages(result.path),
  },
  // Every page, with its fields and annotations drawn in.
  flatten: pdfCase((path, password) =>
    flatten({ file: inputFile(path, password), options: { what: 'both' } }, ctx),
  ),
  // Every page, its properties cleared.
  metadata: pdfCase((path, password) =>
    metadata({ file: inputFile(path, password), options: CLEAR_METADATA }, ctx),
  ),
  redact: {
    fileIndex: 0,
    run: (path, password) => redact({ file: inputFile(path, password), options: REDACT_MINUTES }, ctx),
    countPages: async (result) => pdfPages(result.path),
  },
  sign: {
    fileIndex: 0,
    run: (path, password) =>
      sign(
        {
          file: inputFile(path, password),
          pictures: [inputFile(corpusPath(SIGNATURE_PNG))],
          options: {
            placements: [{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.1, image: 0 }],
            name: undefined,
            date: undefined,
            certificatePassword: undefined,
            reason: undefined,
            location: undefined,
          },
        },
        ctx,
      ),
    countPages: async (result) => pdfPages(result.path),
  },
  'pdf-to-pdfa': pdfCase((path, password) =>
    pdfToPdfa({ file: inputFile(path, password), options: { level: '2b' } }, ctx),
  ),
  'pdf-to-jpg': {
    fileIndex: 0,
    run: (path, password) => pdfToJpg({ file: inputFile(path, password), options: { quality: 'low' } }, ctx),
    countPages: async (result) => Object.keys(unzipSync(await readFile(result.path))).length,
  },
  'pdf-to-png': {
    fileIndex: 0,
    run: (path, password) =>
      pdfToPng({ file: inputFile(path, password), options: { quality: 'low', transparent: 'true' } }, ctx),
    countPages: async (result) => Object.keys(unzipSync(await readFile(result.path))).length,
  },
  // One page of text per page, separated by form feeds.
  'pdf-to-text': {
    fileIndex: 0,
    run: (path, password) =>
      pdfToText({ file: inputFile(path, password), options: { language: ['en'] } }, ctx),
    countPages: async (result) => (await readFile(result.path, 'utf8')).split('\f').length,
  },
  'pdf-to-excel': {
    fileIndex: 0,
    run: (path, password) => pdfToExcel({ file: inputFile(path, password), options: ALL_PAGES_EN }, ctx),
    countPages: sheetCount,
  },
  'pdf-to-word': {
    fileIndex: 0,
    run: (path, password) =>
      pdfToWord({ file: inputFile(path, password), options: { language: ['en'] } }, ctx),
    // Each PDF page starts a Word section on a new page.
    countPages: async (result) => {
      const xml = strFromU8(unzipSync(await readFile(result.path))['word/document.xml'] ?? new Uint8Array());
      return xml.match(/<w:type w:val="nextPage"\/>/g)?.length ?? 0;
    },
  },
  'pdf-to-powerpoint': {
    fileIndex: 0,
    run: (path, password) =>
      pdfToPowerpoint(
        { file: inputFile(path, password), options: { pages: undefined, language: ['en'] } },
        ctx,
      ),
    // A slide per page.
    countPages: async (result) =>
      Object.keys(unzipSync(await readFile(result.path))).filter((name) =>
        /^ppt\/slides\/slide\d+\.xml$/.test(name),
      ).length,
  },
  ocr: pdfCase((path, password) =>
    ocr({ file: inputFile(path, password), options: { language: ['en'] } }, ctx),
  ),
  // Its first page removed: the result holds all the others.
  'remove-pages': {
    fileIndex: 0,
    run: (path, password) => removePages({ file: inputFile(path, password), options: { pages: '1' } }, ctx),
    countPages: async (result) => pdfPages(result.path) + 1,
  },
  // Every page, from the first to the last.
  'extract-pages': {
    fileIndex: 0,
    run: (path, password) =>
      extractPages({ file: inputFile(path, password), options: { pages: '1-', mode: 'one' } }, ctx),
    countPages: async (result) => pdfPages(result.path),
  },
  // Every page qpdf finds walking the tree, the last first: a layout past a lying /Count must be taken, one past the
  // real end refused.
  organize: {
    fileIndex: 0,
    run: (path, password) =>
      organize(
        { files: [inputFile(path, password)], options: { layout: lastPageFirst(path, password) } },
        ctx,
      ),
    countPages: async (result) => pdfPages(result.path),
  },
  // Compared with an honest file: the report's summary gives the pages it read of each.
  compare: {
    fileIndex: 1,
    run: (path, password) =>
      compare(
        { files: [inputFile(corpusPath(SMALL)), inputFile(path, password)], options: COMPARE_OPTIONS },
        ctx,
      ),
    countPages: async (result) => changedPagesRead(result.path),
  },
  // Every page, read back with the new password.
  protect: {
    fileIndex: 0,
    run: (path, password) =>
      protect(
        { file: inputFile(path, password), options: { newPassword: 'caps', permissions: ['print'] } },
        ctx,
      ),
    countPages: async (result) => {
      const open = join(ctx.workDir, 'protected-open.pdf');
      execFileSync('qpdf', ['--password=caps', '--decrypt', result.path, open]);
      return pdfPages(open);
    },
  },
  // Every page, without encryption.
  unlock: pdfCase((path, password) => unlock({ file: inputFile(path, password), options: {} }, ctx)),
  repair: pdfCase((path, password) => repair({ file: inputFile(path, password), options: {} }, ctx)),
};

/** The pages of a result PDF whose last page's text, as poppler reads it, holds `text`. */
function lastPageHolds(text: (pages: number) => string): (result: JobResult) => Promise<number> {
  return async (result) => {
    const pages = pdfPages(result.path);
    const args = ['-f', String(pages), '-l', String(pages), result.path, '-'];
    expect(execFileSync('pdftotext', args, { encoding: 'utf8' })).toContain(text(pages));
    return pages;
  };
}

/**
 * Pages of a result PDF, checked to be the same for qpdf's walk of the tree, its /Count (what MuPDF and poppler
 * believe) and poppler: a result whose tree lies would pass the problem on.
 */
function pdfPages(path: string): number {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json', '--json-key=pages', path], { encoding: 'utf8' }),
  ) as {
    pages: unknown[];
  };
  const poppler = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);
  expect({ count: qpdfPageCount(path), poppler }).toEqual({
    count: json.pages.length,
    poppler: json.pages.length,
  });
  return json.pages.length;
}

async function writeInput(name: string, bytes: Buffer): Promise<string> {
  const path = join(ctx.workDir, name);
  await writeFile(path, bytes);
  return path;
}

/** The cap the shared counter is checked at: any cap; each tool's own is checked on the tool. */
const CAP = MAX_RENDER_PAGES;

describe('inspectPdf, the counter every tool goes through, counts pages from the page tree', () => {
  /** The pages of the copy `inspectPdf` hands on, as qpdf, MuPDF and poppler read it, after checking the rest. */
  async function counted(bytes: Buffer, expected: Partial<PdfInfo>, password?: string): Promise<number> {
    const path = await writeInput('lying.pdf', bytes);
    const info = await inspectPdf(inputFile(path, password), 0, ctx, CAP);
    expect(info).toMatchObject(expected);
    if (expected.wasRepaired) expect(info.path).not.toBe(path);
    expect(pdfPages(info.path)).toBe(info.pageCount);
    return info.pageCount;
  }

  it.each([
    ['1', 1],
    ['-1', -1],
    ['1.5', '1.5'],
    ['100000', 100_000],
    ['missing', null],
  ] as const)(
    'counts exactly the 5 real pages behind /Count %s, in a copy every engine reads so',
    async (_label, count) => {
      expect(await counted(createLyingCountPdf(5, count), { wasRepaired: true, password: undefined })).toBe(
        5,
      );
    },
  );

  it(`counts exactly ${CAP} real pages under nodes of 10 behind /Count 1, at a cap of ${CAP}`, async () => {
    expect(await counted(createLyingRootPdf(CAP, 1, 10), { wasRepaired: true })).toBe(CAP);
  });

  it('counts a page listed three times as three pages, as every engine shows it', async () => {
    expect(await counted(createRepeatedPagePdf(3, 3), { wasRepaired: true })).toBe(3);
  });

  it('hands an honest file on as it is, without repair', async () => {
    const path = await writeInput('honest.pdf', createLyingCountPdf(4, 4));
    expect(await inspectPdf(inputFile(path), 0, ctx, CAP)).toEqual({
      pageCount: 4,
      wasRepaired: false,
      wasProtected: false,
      password: undefined,
      path,
    });
  });

  it('counts exactly the 5 real pages of a file locked with a password whose /Count says 1', async () => {
    const bytes = encryptPdf(createLyingCountPdf(5, 1), 'secret');
    const expected = { wasRepaired: true, wasProtected: true, password: undefined };
    expect(await counted(bytes, expected, 'secret')).toBe(5);
    await expect(inspectPdf(inputFile(join(ctx.workDir, 'lying.pdf')), 0, ctx, CAP)).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
    });
  });

  async function refused(bytes: Buffer): Promise<AppError> {
    const path = await writeInput('hostile.pdf', bytes);
    const error = await refusal(inspectPdf(inputFile(path), 2, ctx, CAP));
    // Nothing was written: no copy.
    expect(await readdir(ctx.workDir)).toEqual(['hostile.pdf']);
    return error;
  }

  it.each([
    ['behind /Count 1', () => createLyingCountPdf(CAP + 1, 1)],
    ['under nodes that tell the truth below a root that says 1', () => createLyingRootPdf(CAP + 1, 1)],
    ['as one page listed cap + 1 times in a single /Kids array', () => createRepeatedPagePdf(CAP + 1)],
  ])('refuses cap + 1 real pages %s (DOCUMENT_TOO_COMPLEX naming the cap)', async (_what, build) => {
    const error = await refused(build());
    expect(error.code).toBe('DOCUMENT_TOO_COMPLEX');
    expect(error.details).toEqual({ fileIndex: 2, fileName: 'hostile.pdf', maxPages: CAP });
    expect(error.message).toBe(`"hostile.pdf" has more than ${CAP} pages.`);
  });

  it(`refuses a page tree 10,000 levels deep (more than ${MAX_PAGE_TREE_NODES} nodes)`, async () => {
    const error = await refused(createDeepPageTreePdf(10_000));
    expect(error.code).toBe('DOCUMENT_TOO_COMPLEX');
    expect(error.details).toEqual({
      fileIndex: 2,
      fileName: 'hostile.pdf',
      maxPages: CAP,
      maxPageTreeNodes: MAX_PAGE_TREE_NODES,
    });
    expect(error.message).toContain(`more than ${MAX_PAGE_TREE_NODES} nodes`);
  });

  it('refuses a subtree listed twice as damaged', async () => {
    const error = await refused(createSharedSubtreePdf(100, 2));
    expect(error).toMatchObject({ code: 'FILE_DAMAGED', details: { fileIndex: 2, fileName: 'hostile.pdf' } });
  });
});

/** Files of cap + 1 pages, built once per cap (most tools share one). */
const overCap = new Map<number, Buffer>();
/** The lying file each tool runs on: 5 real pages behind /Count 1, locked with a password. */
let lockedLying: Buffer | undefined;

const TOOL_CASES = PDF_TOOL_IDS.map((id) => ({ id, cap: TOOLS[id].maxPages, ...CASES[id] }));

describe.each(TOOL_CASES.map((tool) => [tool.id, tool] as const))(
  '%s counts pages through the shared counter, at its own cap',
  (_id, tool) => {
    it(`refuses cap + 1 real pages behind /Count 1 before any work (DOCUMENT_TOO_COMPLEX naming the cap)`, async () => {
      const bytes = overCap.get(tool.cap) ?? createLyingCountPdf(tool.cap + 1, 1);
      overCap.set(tool.cap, bytes);
      const path = await writeInput('lying.pdf', bytes);
      const error = await refusal(tool.run(path));
      expect(error.code).toBe('DOCUMENT_TOO_COMPLEX');
      expect(error.details).toEqual({ fileIndex: tool.fileIndex, fileName: 'lying.pdf', maxPages: tool.cap });
      expect(error.message).toBe(`"lying.pdf" has more than ${tool.cap} pages.`);
      // Nothing was written: no copy, no page, no piece.
      expect(await readdir(ctx.workDir)).toEqual(['lying.pdf']);
    });

    it('processes exactly the 5 real pages of a file locked with a password whose /Count says 1', async () => {
      lockedLying ??= encryptPdf(createLyingCountPdf(5, 1), 'secret');
      const path = await writeInput('locked.pdf', lockedLying);
      const result = await tool.run(path, 'secret');
      expect(await tool.countPages(result)).toBe(5);
      expect(result.report.notices.map((notice) => notice.code)).toContain('FILE_REPAIRED');
    });

    it('processes an honest file as it is, without repair', async () => {
      const path = await writeInput('honest.pdf', createLyingCountPdf(4, 4));
      const result = await tool.run(path);
      expect(await tool.countPages(result)).toBe(4);
      expect(result.report.notices.filter((notice) => notice.code === 'FILE_REPAIRED')).toEqual([]);
    });
  },
);

describe('split by range on a lying /Count', () => {
  it('accepts pages past the /Count and refuses pages past the real end', async () => {
    const path = await writeInput('lying.pdf', createLyingCountPdf(25, 1));
    const result = await split(
      { file: inputFile(path), options: { mode: 'range', pageRange: '24-25' } },
      ctx,
    );
    expect(Object.keys(unzipSync(await readFile(result.path)))).toEqual(['lying-p24-25.pdf']);
    await expect(
      split({ file: inputFile(path), options: { mode: 'range', pageRange: '26' } }, ctx),
    ).rejects.toMatchObject({ code: 'INVALID_PAGE_RANGE', details: { pageCount: 25 } });
  });
});
