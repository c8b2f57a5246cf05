import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDF_TOOL_IDS, type PdfToolId } from '@quire/shared';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { createTextPdf, encryptPdf } from '@quire/test-kit/hostile-pdfs';
import { inputFile, isEncrypted, useJobContext } from '../../test/job-context.ts';
import { compare } from './compare.ts';
import { compress } from './compress.ts';
import { crop } from './crop.ts';
import { extractPages } from './extract-pages.ts';
import { flatten } from './flatten.ts';
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
import type { JobResult } from './types.ts';

const ctx = useJobContext(120_000);
const WATERMARK_OPTIONS = {
  text: 'Draft',
  position: 'center',
  opacity: 50,
  rotation: 45,
  fontSize: 48,
  color: '#808080',
  pages: undefined,
  layer: 'over',
} as const;
const PASSWORD = 'minutes-2024';

/** A directory of its own for each job a test runs, as the server gives each request. */
const job = async () => ({ ...ctx, workDir: await mkdtemp(join(ctx.workDir, 'job-')) });

type Case = {
  /** Where the file under test goes in the request (merge puts an unprotected file first). */
  fileIndex: number;
  run: (path: string, password?: string) => Promise<JobResult>;
  /** The result is a PDF, whose lack of a password the test checks too (the others are zips and Word files). */
  writesPdf: boolean;
  /** The result has a password (Protect PDF's new one, Repair PDF's intact file's own): nothing was removed. */
  isProtected?: true;
};

/** Every tool that reads PDFs, and so takes a visitor's password: a missing one does not compile. */
const CASES: { [K in PdfToolId]: Case } = {
  merge: {
    fileIndex: 1,
    run: async (path, password) => {
      const other = join(ctx.workDir, 'other.pdf');
      await writeFile(other, createTextPdf('Agenda'));
      return merge({ files: [inputFile(other), inputFile(path, password)], options: {} }, await job());
    },
    writesPdf: true,
  },
  compare: {
    fileIndex: 1,
    run: async (path, password) => {
      const other = join(ctx.workDir, 'other.pdf');
      await writeFile(other, createTextPdf('Agenda'));
      return compare(
        { files: [inputFile(other), inputFile(path, password)], options: { reportLanguage: 'en' } },
        await job(),
      );
    },
    writesPdf: true,
  },
  split: {
    fileIndex: 0,
    run: async (path, password) =>
      split(
        { file: inputFile(path, password), options: { mode: 'pages', pageRange: undefined } },
        await job(),
      ),
    writesPdf: false,
  },
  crop: {
    fileIndex: 0,
    run: async (path, password) =>
      crop(
        {
          file: inputFile(path, password),
          options: { margins: { top: 10, right: 10, bottom: 10, left: 10 }, pages: undefined },
        },
        await job(),
      ),
    writesPdf: true,
  },
  rotate: {
    fileIndex: 0,
    run: async (path, password) =>
      rotate({ file: inputFile(path, password), options: { angle: '90', pages: undefined } }, await job()),
    writesPdf: true,
  },
  'page-numbers': {
    fileIndex: 0,
    run: async (path, password) =>
      pageNumbers(
        {
          file: inputFile(path, password),
          options: {
            position: 'top-right',
            format: '{n}',
            start: 1,
            pages: undefined,
            fontSize: 10,
            margin: 20,
          },
        },
        await job(),
      ),
    writesPdf: true,
  },
  watermark: {
    fileIndex: 0,
    run: async (path, password) =>
      watermark({ file: inputFile(path, password), options: WATERMARK_OPTIONS }, await job()),
    writesPdf: true,
  },
  compress: {
    fileIndex: 0,
    run: async (path, password) =>
      compress({ file: inputFile(path, password), options: { quality: 'medium' } }, await job()),
    writesPdf: true,
  },
  flatten: {
    fileIndex: 0,
    run: async (path, password) =>
      flatten({ file: inputFile(path, password), options: { what: 'both' } }, await job()),
    writesPdf: true,
  },
  metadata: {
    fileIndex: 0,
    run: async (path, password) =>
      metadata(
        {
          file: inputFile(path, password),
          options: {
            title: 'Minutes',
            author: undefined,
            subject: undefined,
            keywords: undefined,
            clear: 'false',
          },
        },
        await job(),
      ),
    writesPdf: true,
  },
  redact: {
    fileIndex: 0,
    run: async (path, password) =>
      redact(
        {
          file: inputFile(path, password),
          options: {
            search: [],
            regex: 'false',
            areas: [{ page: 1, x: 0, y: 0, width: 0.1, height: 0.1 }],
            fill: '#000000',
            preview: 'false',
            skip: [],
          },
        },
        await job(),
      ),
    writesPdf: true,
  },
  sign: {
    fileIndex: 0,
    run: async (path, password) =>
      sign(
        {
          file: inputFile(path, password),
          pictures: [inputFile(corpusPath('images/docxjs_tux_png-rgba-alpha.png'))],
          options: {
            placements: [{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.1, image: 0 }],
            name: undefined,
            date: undefined,
            certificatePassword: undefined,
            reason: undefined,
            location: undefined,
          },
        },
        await job(),
      ),
    writesPdf: true,
  },

  'pdf-to-pdfa': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToPdfa({ file: inputFile(path, password), options: { level: '2b' } }, await job()),
    writesPdf: true,
  },
  'pdf-to-jpg': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToJpg({ file: inputFile(path, password), options: { quality: 'low' } }, await job()),
    writesPdf: false,
  },
  'pdf-to-png': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToPng(
        { file: inputFile(path, password), options: { quality: 'low', transparent: 'false' } },
        await job(),
      ),
    writesPdf: false,
  },
  'pdf-to-text': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToText({ file: inputFile(path, password), options: { language: ['en'] } }, await job()),
    writesPdf: false,
  },
  'pdf-to-excel': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToExcel(
        { file: inputFile(path, password), options: { pages: undefined, language: ['en'] } },
        await job(),
      ),
    writesPdf: false,
  },
  'pdf-to-word': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToWord({ file: inputFile(path, password), options: { language: ['en'] } }, await job()),
    writesPdf: false,
  },
  'pdf-to-powerpoint': {
    fileIndex: 0,
    run: async (path, password) =>
      pdfToPowerpoint(
        { file: inputFile(path, password), options: { pages: undefined, language: ['en'] } },
        await job(),
      ),
    writesPdf: false,
  },
  ocr: {
    fileIndex: 0,
    run: async (path, password) =>
      ocr({ file: inputFile(path, password), options: { language: ['en'] } }, await job()),
    writesPdf: true,
  },
  'remove-pages': {
    fileIndex: 0,
    run: async (path, password) =>
      removePages({ file: inputFile(path, password), options: { pages: '2' } }, await job()),
    writesPdf: true,
  },
  'extract-pages': {
    fileIndex: 0,
    run: async (path, password) =>
      extractPages({ file: inputFile(path, password), options: { pages: '2, 1', mode: 'one' } }, await job()),
    writesPdf: true,
  },
  organize: {
    fileIndex: 0,
    run: async (path, password) =>
      organize(
        {
          files: [inputFile(path, password)],
          options: {
            layout: [{ file: 0, page: 2, rotate: 0 }, { blank: 'a4' }, { file: 0, page: 1, rotate: 90 }],
          },
        },
        await job(),
      ),
    writesPdf: true,
  },
  protect: {
    fileIndex: 0,
    run: async (path, password) =>
      protect(
        { file: inputFile(path, password), options: { newPassword: 'new-minutes', permissions: [] } },
        await job(),
      ),
    writesPdf: true,
    isProtected: true,
  },
  unlock: {
    fileIndex: 0,
    run: async (path, password) => unlock({ file: inputFile(path, password), options: {} }, await job()),
    writesPdf: true,
  },
  // The minutes are not damaged: they come back as they were, their password kept (a repaired file loses it, and
  // says so: repair.test.ts).
  repair: {
    fileIndex: 0,
    run: async (path, password) => repair({ file: inputFile(path, password), options: {} }, await job()),
    writesPdf: true,
    isProtected: true,
  },
};

/**
 * Two pages of minutes, each with a small table (PDF to Excel refuses a PDF without one), written to the job's
 * directory: as they are, or encrypted by qpdf (AES-256).
 */
async function minutes(name: string, protection: 'none' | 'open' | 'owner-only'): Promise<string> {
  const plain = createTextPdf('Minutes of the meeting', 2, { table: true });
  const bytes =
    protection === 'none' ? plain : encryptPdf(plain, protection === 'open' ? PASSWORD : '', 'owner-secret');
  const path = join(ctx.workDir, name);
  await writeFile(path, bytes);
  return path;
}

const passwordNoticesOf = (result: JobResult) =>
  result.report.notices.filter((notice) => notice.code === 'PASSWORD_REMOVED');

describe('a protected PDF’s result', () => {
  it.each(PDF_TOOL_IDS)('%s says that the result has no password, when it has none', async (toolId) => {
    const { fileIndex, run, writesPdf, isProtected = false } = CASES[toolId];
    const result = await run(await minutes('protected.pdf', 'open'), PASSWORD);
    expect(passwordNoticesOf(result)).toEqual(isProtected ? [] : [{ code: 'PASSWORD_REMOVED', fileIndex }]);
    if (writesPdf) expect(isEncrypted(result.path)).toBe(isProtected);

    // Nothing to say of a file that needed no password: one without any, or one locked only against editing,
    // which opens for anyone.
    expect(passwordNoticesOf(await run(await minutes('plain.pdf', 'none')))).toEqual([]);
    expect(passwordNoticesOf(await run(await minutes('owner-only.pdf', 'owner-only')))).toEqual([]);
  });
});
