import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue, popplerWords, recall, words } from '@quire/corpus';
import { AppError } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { createImageFlateBomb } from '@quire/test-kit/hostile-pdfs';
import {
  bindScans,
  OWN_TEXTS,
  ownTextPage,
  referenceWords,
  scanImage,
  scanWithPhoto,
} from '@quire/test-kit/scanned-pdfs';
import { readWordDocx, type Docx } from '../../test/word-docx.ts';
import { pdfToWord } from './pdf-to-word.ts';

const ctx = useJobContext(120_000);

const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const OWNER_ONLY_FILE = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';
const TWO_COLUMN_FILE = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
/** Larger files are covered by `npm run bench pdf-to-word`; here they would take most of the time budget. */
const MAX_TEST_PAGES = 30;
/** A PDF "has text" when pdftotext finds at least this many words in it. */
const MIN_TEXT_WORDS = 20;
const MIN_RECALL = 0.97;
/**
 * Files below MIN_RECALL today, with the floor they reach and why; each is a known gap to close, not a goal, unless
 * it says otherwise.
 */
const KNOWN_SHORTFALLS: Record<string, number> = {
  // Tiny files where poppler's own reading differs: it reads mixed Arabic and digits, and Hebrew with brackets, in
  // an order of its own (the converter's reading order is asserted below).
  'pdf/pdfbox_bidi-arabic-sample.pdf': 0.9,
  'pdf/pdfjs_hebrew-text_issue11656.pdf': 0.9,
  // A scrolling text field: pdftotext reads the text clipped off the page, the converter keeps what is shown.
  'pdf/pdfbox_acroforms-basic-fields.pdf': 0.88,
};

/** The tool's options as a client that sends none gets them: the language detected from the page. */
const NO_OPTIONS = { language: 'auto' } as const;

async function convert(name: string, password?: string) {
  const result = await pdfToWord({ file: inputFile(corpusPath(name), password), options: NO_OPTIONS }, ctx);
  const pages = corpusEntries().find((entry) => entry.name === name)?.pages ?? 1;
  return { result, docx: await readWordDocx(result.path, pages) };
}

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-cropbox', '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

async function expectAppError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

function expectNoTextFrames(docx: Docx, name: string) {
  // Characters XML forbids make Word and LibreOffice refuse the whole file.
  const controls = [...docx.xml].filter((char) => char.charCodeAt(0) < 0x20 && !'\t\n\r'.includes(char));
  expect(controls, name).toEqual([]);
  // Glyphs the PDF maps to no character are left out, never written as U+FFFD.
  expect(docx.xml.includes('\uFFFD'), name).toBe(false);
  expect(docx.xml, name).not.toMatch(/<w:txbxContent|<v:textbox|<wps:txbx|<w:framePr/);
  // Anchored drawings are only pictures behind the text, never text.
  for (const anchor of docx.xml.match(/<wp:anchor[\s\S]*?<\/wp:anchor>/g) ?? []) {
    expect(anchor, name).toContain('behindDoc="1"');
    expect(anchor, name).not.toContain('<w:t');
  }
}

const textPdfs = corpusEntries().filter((entry) => {
  if (entry.group !== 'pdf' || (entry.pages ?? Infinity) > MAX_TEST_PAGES) return false;
  const path = corpusPath(entry.name);
  return popplerWords(path, featureValue(entry, 'user-password')).length >= MIN_TEXT_WORDS;
});

describe('pdfToWord on the corpus PDFs with text', () => {
  it.each(textPdfs.map((entry) => [entry.name, entry] as const))(
    '%s: opens, keeps ≥ 97% of the words, no text boxes',
    async (name, entry) => {
      const password = featureValue(entry, 'user-password');
      const { docx } = await convert(name, password);
      // A figure drawn from vector paths keeps its labels in the picture and in its alternative text.
      const kept = words(`${docx.text}\n${docx.altText}`);
      const { found, total } = recall(popplerWords(corpusPath(name), password), kept);
      const score = total === 0 ? 1 : found / total;
      console.log(`word recall ${(score * 100).toFixed(1)}% ${name}`);
      expect(score, name).toBeGreaterThanOrEqual(KNOWN_SHORTFALLS[name] ?? MIN_RECALL);
      expectNoTextFrames(docx, name);
    },
  );
});

describe('pdfToWord structure', () => {
  it.each(['pdf/pdf2docx_tables-lattice.pdf', 'pdf/pdf2docx_cjk-tables-word365_5p.pdf'])(
    'writes Word tables for the ruled tables of %s',
    async (name) => {
      const { docx } = await convert(name);
      expect((docx.xml.match(/<w:tbl>/g) ?? []).length).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(['pdf/pdfbox_bidi-arabic-sample.pdf', 'pdf/pdfjs_hebrew-text_issue11656.pdf'])(
    'writes right-to-left paragraphs for %s',
    async (name) => {
      const { docx } = await convert(name);
      expect(docx.xml).toContain('<w:bidi/>');
      expect(docx.xml).toMatch(/<w:rtl\/>/);
    },
  );

  it('reads right-to-left lines in their order: final punctuation, numbers and brackets where they belong', async () => {
    const hebrew = (await convert('pdf/pdfjs_hebrew-text_issue11656.pdf')).docx.text;
    expect(hebrew).toContain('שלום עולם מה שלום כולם?');
    expect(hebrew).toContain('כמו כל הילדים.');
    expect(hebrew).toContain('לחיוב פעולות אלה לפי סעיף 15(ב)(4) לחוק מבקר המדינה');
    const arabic = (await convert('pdf/pdfbox_bidi-arabic-sample.pdf')).docx.text;
    expect(arabic).toContain('١٤ إبريل ١٤٣٤');
    expect(arabic).toContain('(يناير)');
    expect(arabic).toContain('A line with an Arabic العربية word embedded.');
  });

  it('closes up letter-spaced text: OCR words stretched to their boxes and a spaced-out running head', async () => {
    const scan = (await convert('pdf/pypdf_epson-scan_indirect-rotate-5p.pdf')).docx.text;
    expect(scan).toContain('9 North Buona Vista Drive');
    expect(scan).toContain('COSCO Container Lines Co., Ltd.');
    const constitution = (await convert('pdf/pdflib_us-constitution_19p.pdf')).docx.text;
    expect(constitution).toContain('CONSTITUTION OF THE UNITED STATES');
    expect(constitution).not.toContain('C O N S T');
  });

  it('keeps Japanese text intact, without spaces between CJK characters', async () => {
    const name = 'pdf/pdfjs_japanese-text_issue16538.pdf';
    const { docx } = await convert(name);
    const cjkGap = /[\u3040-\u9fff] [\u3040-\u9fff]/g;
    const reference = pdfText(corpusPath(name));
    expect((docx.text.match(cjkGap) ?? []).length).toBeLessThanOrEqual(
      (reference.match(cjkGap) ?? []).length,
    );
    const ours = docx.text.replace(/\s/g, '');
    for (const line of reference.split('\n').map((text) => text.replace(/\s/g, ''))) {
      if (/[\u3040-\u9fff]{4}/.test(line)) expect(ours).toContain(line);
    }
  });

  it('reads a two-column page column by column', async () => {
    const { docx } = await convert(TWO_COLUMN_FILE);
    const text = docx.text.replace(/\s+/g, ' ');
    const endOfColumn1 = text.indexOf('de facto standard for client-side web programming');
    const startOfColumn2 = text.indexOf('and is used for the application logic of browser-based');
    const laterInColumn2 = text.indexOf('Compilers for statically typed languages rely on type');
    expect(endOfColumn1).toBeGreaterThan(0);
    expect(startOfColumn2).toBeGreaterThan(endOfColumn1);
    expect(laterInColumn2).toBeGreaterThan(startOfColumn2);
    // Lines are joined into paragraphs and the hyphenation at line ends is undone.
    expect(text).toContain(
      'Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.',
    );
  });

  it('keeps as a picture a scan it cannot read well (handwriting), and counts the page without text', async () => {
    const { result, docx } = await convert('pdf/pdfbox_ccitt-g4-fax-scan.pdf');
    expect(result.report).toEqual({
      values: {
        pageCount: 1,
        pagesWithoutText: 1,
        recognisedPages: '',
        recognisedCount: 0,
        confidence: null,
      },
      notices: [{ code: 'PAGES_ARE_SCANS', fileIndex: 0, pages: 1 }],
    });
    expect(docx.xml).toContain('<w:drawing>');
    expect(Object.keys(docx.entries).some((entry) => entry.startsWith('word/media/'))).toBe(true);
  });

  it('reads scanned pages, sideways and skewed ones too, into paragraphs, without keeping the scan', async () => {
    const source = { path: corpusPath(TWO_COLUMN_FILE), page: 1, language: 'en' };
    const images = [
      await scanImage(source, 'turned-90', join(ctx.workDir, 'sideways')),
      await scanImage(source, 'skewed', join(ctx.workDir, 'skewed')),
    ];
    // The two scans, then a page of the paper with its text.
    const scans = bindScans(images, join(ctx.workDir, 'scans.pdf'));
    const scan = join(ctx.workDir, 'scan.pdf');
    execFileSync('qpdf', ['--empty', '--pages', scans, corpusPath(TWO_COLUMN_FILE), '2', '--', scan]);
    const startedAt = Date.now();
    const pages: { done: number; total: number; atMs: number }[] = [];
    const result = await pdfToWord(
      { file: inputFile(scan), options: { language: ['en'] } },
      {
        ...ctx,
        onProgress: (_stage, progress) =>
          progress && pages.push({ ...progress, atMs: Date.now() - startedAt }),
      },
    );
    const tookMs = Date.now() - startedAt;
    expect(result.report.values).toMatchObject({
      pageCount: 3,
      pagesWithoutText: 0,
      recognisedPages: '1-2',
      recognisedCount: 2,
    });
    expect(result.report.values.confidence).toBeGreaterThan(85);
    expect(result.report.notices).toEqual([]);
    // Progress counts the pages done once over the document (issue 30, item 6): the page of text once read, each
    // scan once read. It never goes back, moves while the scans are read (the long part), and is full only then:
    // it used to count the three pages read within a second, then start again at one scan of two.
    const counts = pages.map(({ done, total }) => ({ done, total }));
    expect(counts.every(({ total }) => total === 3)).toBe(true);
    expect(counts.map(({ done }) => done)).toEqual(counts.map(({ done }) => done).sort((a, b) => a - b));
    expect(new Set(counts.map(({ done }) => done))).toEqual(new Set([0, 1, 2, 3]));
    const fullAtMs = pages.find(({ done }) => done === 3)?.atMs ?? 0;
    expect(fullAtMs).toBeGreaterThan(tookMs / 2);
    const entries = unzipSync(await readFile(result.path));
    const xml = new TextDecoder().decode(entries['word/document.xml']);
    // The scans are not kept behind the text: no picture is a page wide (the paper's own figures are a column wide).
    const widths = [...xml.matchAll(/<wp:extent cx="(\d+)"/g)].map((match) => Number(match[1]) / 914_400);
    expect(Math.max(0, ...widths)).toBeLessThan(5);
    const text = xml.replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '');
    // Every page upright, in portrait, and the scans read in full.
    expect(xml.match(/<w:pgSz [^>]*>/g)?.every((size) => size.includes('w:orient="portrait"'))).toBe(true);
    const { found, total } = recall(referenceWords(source), words(text));
    expect(found / total).toBeGreaterThan(0.95);
    // Lines become flowing paragraphs, as on a page with text.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.',
    );
    expect(xml).not.toContain('w:txbxContent');
  });

  it('keeps a photo on a scanned page as a picture where it stands, cut out of the scan', async () => {
    const source = { path: corpusPath(TWO_COLUMN_FILE), page: 1, language: 'en' };
    // Over the foot of the second column: 2 × 1.5 inches, 4 inches from the left and 9 from the top.
    const image = await scanWithPhoto(
      source,
      corpusPath('images/pythondocx_photo-2048x1536_exif-hp.jpg'),
      { left: 1200, top: 2700 },
      join(ctx.workDir, 'page'),
    );
    const scan = bindScans([image], join(ctx.workDir, 'scan.pdf'));
    const result = await pdfToWord({ file: inputFile(scan), options: { language: ['en'] } }, ctx);
    expect(result.report.values.recognisedCount).toBe(1);
    const entries = unzipSync(await readFile(result.path));
    const media = Object.keys(entries).filter((entry) => /^word\/media\/./.test(entry));
    expect(media).toHaveLength(1);
    const xml = new TextDecoder().decode(entries['word/document.xml']);
    // Its size in the document is the photo's (English Metric Units: 914400 an inch), not the page's.
    const [width = 0, height = 0] = (/<wp:extent cx="(\d+)" cy="(\d+)"/.exec(xml) ?? []).slice(1).map(Number);
    expect(width / 914_400).toBeGreaterThan(1.8);
    expect(width / 914_400).toBeLessThan(2.4);
    expect(height / 914_400).toBeGreaterThan(1.3);
    expect(height / 914_400).toBeLessThan(1.8);
    expect(xml).toContain('Trace-based Just-in-Time Type Specialization');
  });

  it('detects the script of a scan when no language is given: Greek and Russian read in full', async () => {
    for (const language of ['el', 'ru'] as const) {
      const source = await ownTextPage(OWN_TEXTS[language], language, ctx.workDir);
      const image = await scanImage(source, 'clean', join(ctx.workDir, `scan-${language}`));
      const scan = bindScans([image], join(ctx.workDir, `scan-${language}.pdf`));
      const result = await pdfToWord({ file: inputFile(scan), options: NO_OPTIONS }, ctx);
      expect(result.report.values.recognisedCount, language).toBe(1);
      const xml = new TextDecoder().decode(unzipSync(await readFile(result.path))['word/document.xml']);
      const { found, total } = recall(referenceWords(source), words(xml.replace(/<[^>]+>/g, ' ')));
      expect(found / total, language).toBeGreaterThan(0.9);
    }
  });

  it('gives each section the page size of the PDF', async () => {
    const { docx } = await convert('pdf/pdfjs_mixed-page-sizes-3p.pdf');
    const sizes = new Set(docx.xml.match(/<w:pgSz [^>]*>/g));
    expect(sizes.size).toBeGreaterThan(1);
  });
});

describe('pdfToWord passwords and damaged files', () => {
  it('asks for the user password, naming the file', async () => {
    const error = await expectAppError(
      pdfToWord({ file: inputFile(corpusPath(USER_PASSWORD_FILE)), options: NO_OPTIONS }, ctx),
      'PASSWORD_REQUIRED',
    );
    expect(error.details).toMatchObject({ fileName: 'pysamples_encrypted_user-openpassword.pdf' });
  });

  it('refuses a wrong password', async () => {
    await expectAppError(
      pdfToWord({ file: inputFile(corpusPath(USER_PASSWORD_FILE), 'wrong'), options: NO_OPTIONS }, ctx),
      'PASSWORD_INCORRECT',
    );
  });

  it('converts an owner-password-only file without asking', async () => {
    const { docx } = await convert(OWNER_ONLY_FILE);
    expect(docx.text.trim().length).toBeGreaterThan(0);
  });

  it('rejects a file that is not a PDF as damaged', async () => {
    await expectAppError(
      pdfToWord(
        { file: inputFile(corpusPath('bad/qpdf_bad1_not-a-pdf-oops.pdf')), options: NO_OPTIONS },
        ctx,
      ),
      'FILE_DAMAGED',
    );
  });

  it('repairs a file without startxref and says so', async () => {
    const { result } = await convert('bad/qpdf_bad2_no-startxref.pdf');
    expect(result.report.notices).toContainEqual({ code: 'FILE_REPAIRED', fileIndex: 0 });
  });
});

describe('pdfToWord of a decompression bomb (hardening items 24 and 28)', () => {
  it('leaves out an image claiming 32768² pixels instead of decoding it', async () => {
    const path = join(ctx.workDir, 'bomb.pdf');
    await writeFile(path, createImageFlateBomb());
    const before = process.memoryUsage().rss;
    const result = await pdfToWord({ file: inputFile(path), options: NO_OPTIONS }, ctx);
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries).filter((name) => name.startsWith('word/media/'))).toEqual([]);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
