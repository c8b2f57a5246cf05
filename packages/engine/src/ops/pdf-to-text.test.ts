import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntry, corpusPath, featureValue, popplerWords, recall, words } from '@quire/corpus';
import { AppError } from '@quire/shared';
import { bindScans, referenceWords, scanImage } from '@quire/test-kit/scanned-pdfs';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { PAGE_SEPARATOR, pdfToText } from './pdf-to-text.ts';

const ctx = useJobContext(120_000);

const TWO_COLUMN_FILE = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const OWNER_ONLY_FILE = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';

async function convert(path: string, password?: string, language: 'auto' | ['en'] = 'auto') {
  const result = await pdfToText({ file: inputFile(path, password), options: { language } }, ctx);
  const text = await readFile(result.path, 'utf8');
  return { result, text, pages: text.split(PAGE_SEPARATOR) };
}

/** The corpus file's user password, from its manifest entry. */
function passwordOf(name: string): string {
  const password = featureValue(corpusEntry(name), 'user-password');
  if (password === undefined) throw new Error(`${name} has no user password in the manifest`);
  return password;
}

describe('pdf-to-text', () => {
  it('gives every word of a two-column paper, one page of text per page, column after column', async () => {
    const path = corpusPath(TWO_COLUMN_FILE);
    const { result, text, pages } = await convert(path);
    expect(result.report).toEqual({
      values: {
        pageCount: 14,
        pagesWithoutText: 0,
        recognisedPages: '',
        recognisedCount: 0,
        confidence: null,
      },
      notices: [],
    });
    expect(pages).toHaveLength(corpusEntry(TWO_COLUMN_FILE).pages ?? 0);
    expect(text.endsWith('\n')).toBe(true);
    const { found, total } = recall(popplerWords(path), words(text));
    expect(found / total).toBeGreaterThan(0.99);
    // The first column of page 1 ends before the second starts, which goes on down its column.
    const page1 = (pages[0] ?? '').replace(/\s+/g, ' ');
    const endOfColumn1 = page1.indexOf('de facto standard for client-side web programming');
    const startOfColumn2 = page1.indexOf('and is used for the application logic of browser-based');
    const laterInColumn2 = page1.indexOf('Compilers for statically typed languages rely on type');
    expect(endOfColumn1).toBeGreaterThan(0);
    expect(startOfColumn2).toBeGreaterThan(endOfColumn1);
    expect(laterInColumn2).toBeGreaterThan(startOfColumn2);
    // Each page's own words are on its page of the text (poppler, page by page, as the reference).
    for (const pageNumber of [1, 7, 14]) {
      const reference = execFileSync(
        'pdftotext',
        ['-f', String(pageNumber), '-l', String(pageNumber), '-enc', 'UTF-8', path, '-'],
        { encoding: 'utf8' },
      );
      const page = recall(words(reference), words(pages[pageNumber - 1] ?? ''));
      expect(page.found / page.total).toBeGreaterThan(0.99);
    }
  });

  it('reads right-to-left lines in reading order, without direction marks', async () => {
    const hebrew = (await convert(corpusPath('pdf/pdfjs_hebrew-text_issue11656.pdf'))).text;
    expect(hebrew).toContain('שלום עולם מה שלום כולם?');
    expect(hebrew).toContain('כמו כל הילדים.');
    expect(hebrew).toContain('לחיוב פעולות אלה לפי סעיף 15(ב)(4) לחוק מבקר המדינה');
    const arabic = (await convert(corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf'))).text;
    expect(arabic).toContain('١٤ إبريل ١٤٣٤');
    expect(arabic).toContain('١٤-إبريل-١٤٣٤');
    expect(arabic).toContain('(يناير)');
    expect(arabic).toContain('«إختبار ذاتي»');
    expect(arabic).toContain('A line with an Arabic العربية word embedded.');
    for (const text of [hebrew, arabic]) expect(text).not.toMatch(/[\u202a-\u202e]/u);
  });

  it('reads a scanned page with OCR and puts its text in the page’s place among pages of text', async () => {
    const source = { path: corpusPath(TWO_COLUMN_FILE), page: 1, language: 'en' };
    const image = await scanImage(source, 'clean', join(ctx.workDir, 'scan'));
    const scans = bindScans([image], join(ctx.workDir, 'scans.pdf'));
    // A page of the paper's text, then the scan of its first page.
    const mixed = join(ctx.workDir, 'mixed.pdf');
    execFileSync('qpdf', ['--empty', '--pages', corpusPath(TWO_COLUMN_FILE), '2', scans, '--', mixed]);
    const progress: number[] = [];
    const result = await pdfToText(
      { file: inputFile(mixed), options: { language: ['en'] } },
      { ...ctx, onProgress: (_stage, pages) => pages && progress.push(pages.done) },
    );
    expect(result.report.values).toMatchObject({
      pageCount: 2,
      pagesWithoutText: 0,
      recognisedPages: '2',
      recognisedCount: 1,
    });
    expect(result.report.values.confidence).toBeGreaterThan(85);
    expect(result.report.notices).toEqual([]);
    // Progress only moves forward, and is full once the scan is read.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(2);
    const [textPage = '', scanPage = ''] = (await readFile(result.path, 'utf8')).split(PAGE_SEPARATOR);
    const scanned = recall(referenceWords(source), words(scanPage));
    expect(scanned.found / scanned.total).toBeGreaterThan(0.95);
    const page2 = recall(referenceWords({ ...source, page: 2 }), words(textPage));
    expect(page2.found / page2.total).toBeGreaterThan(0.99);
  });

  it('takes the text layer of a scan that has one, without reading the scan again', async () => {
    const path = corpusPath('pdf/pypdf_epson-scan_indirect-rotate-5p.pdf');
    const { result, text } = await convert(path);
    expect(result.report.values).toMatchObject({ pageCount: 5, recognisedCount: 0, pagesWithoutText: 0 });
    const { found, total } = recall(popplerWords(path), words(text));
    expect(found / total).toBeGreaterThan(0.99);
  });

  it('says so when pages have no text and none could be read: a handwritten scan, a drawing', async () => {
    const handwriting = await convert(corpusPath('pdf/pdfbox_ccitt-g4-fax-scan.pdf'));
    expect(handwriting.result.report).toEqual({
      values: {
        pageCount: 1,
        pagesWithoutText: 1,
        recognisedPages: '',
        recognisedCount: 0,
        confidence: null,
      },
      notices: [{ code: 'NO_TEXT_FOUND', fileIndex: 0, pages: 1 }],
    });
    expect(words(handwriting.text)).toEqual([]);
    // Two pages of lines and a box, no text and no picture: nothing to read, nothing to scan.
    const mupdf = await loadMupdf();
    const document = new mupdf.PDFDocument();
    for (const content of ['72 72 m 500 700 l S', '100 100 300 200 re f']) {
      document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, document.newDictionary(), content));
    }
    const drawing = join(ctx.workDir, 'drawing.pdf');
    await writeFile(drawing, document.saveToBuffer('').asUint8Array().slice());
    document.destroy();
    const drawn = await convert(drawing);
    expect(drawn.result.report.values).toMatchObject({
      pageCount: 2,
      pagesWithoutText: 2,
      recognisedCount: 0,
    });
    expect(drawn.result.report.notices).toEqual([{ code: 'NO_TEXT_FOUND', fileIndex: 0, pages: 2 }]);
    expect(drawn.pages).toHaveLength(2);
    expect(words(drawn.text)).toEqual([]);
  });

  it('reads a protected PDF with its password, and refuses it without', async () => {
    const path = corpusPath(USER_PASSWORD_FILE);
    const password = passwordOf(USER_PASSWORD_FILE);
    const { result, text } = await convert(path, password);
    expect(result.report.notices).toEqual([{ code: 'PASSWORD_REMOVED', fileIndex: 0 }]);
    const { found, total } = recall(popplerWords(path, password), words(text));
    expect(total).toBeGreaterThan(0);
    expect(found / total).toBeGreaterThan(0.99);
    await expect(convert(path)).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
    await expect(convert(path, 'not-the-password')).rejects.toBeInstanceOf(AppError);
    await expect(convert(path, 'not-the-password')).rejects.toMatchObject({ code: 'PASSWORD_INCORRECT' });
    // A file restricted by an owner password only is read without one.
    const restricted = await convert(corpusPath(OWNER_ONLY_FILE));
    expect(restricted.pages).toHaveLength(corpusEntry(OWNER_ONLY_FILE).pages ?? 0);
    const owner = recall(popplerWords(corpusPath(OWNER_ONLY_FILE)), words(restricted.text));
    expect(owner.found / owner.total).toBeGreaterThan(0.99);
  });
});
