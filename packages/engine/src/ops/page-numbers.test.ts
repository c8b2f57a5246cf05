import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { AppError, type ToolOptions } from '@quire/shared';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, useJobContext } from '../../test/job-context.ts';
import { pageNumbers } from './page-numbers.ts';

const ctx = useJobContext(180_000);
const ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const ARABIC_ROTATED = 'pdf/pysamples_arabic-habibi_rotated-90-180-270.pdf';
const JAPANESE = 'pdf/pdfjs_japanese-text_issue16538.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';

const OPTIONS: ToolOptions<'page-numbers'> = {
  position: 'bottom-center',
  format: '{n}',
  start: 1,
  pages: undefined,
  fontSize: 12,
  margin: 28,
};

const numberPages = (path: string, options: Partial<ToolOptions<'page-numbers'>> = {}, password?: string) =>
  pageNumbers({ file: inputFile(path, password), options: { ...OPTIONS, ...options } }, ctx);

/** Each page's text as poppler reads it, bidi marks taken out (poppler wraps right-to-left runs in them). */
function pageTexts(path: string, password?: string): string[] {
  const text = execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return text
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .split('\f')
    .slice(0, -1);
}

/** How often each character occurs in a text, spaces left out. */
function characterCounts(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const character of text.replace(/\s/g, '')) counts[character] = (counts[character] ?? 0) + 1;
  return counts;
}

/** The words of a text, in order. */
const wordsOf = (text: string) => text.split(/\s+/).filter((word) => word !== '');

type Line = { text: string; box: [number, number, number, number]; dir: [number, number] };

/** The lines MuPDF reads on a page, in the page's visible space (y down from its top-left corner, /Rotate applied). */
function visibleLines(path: string, pageIndex: number): { lines: Line[]; width: number; height: number } {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const page = document.loadPage(pageIndex);
    const [x0, y0, x1, y1] = page.getBounds();
    const json = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as {
      blocks: {
        lines?: {
          text: string;
          bbox: { x: number; y: number; w: number; h: number };
          wmode: number;
          x?: number;
          dir?: { x: number; y: number };
        }[];
      }[];
    };
    const lines = json.blocks
      .flatMap((block) => block.lines ?? [])
      .map((line) => ({
        text: line.text,
        box: [
          line.bbox.x - x0,
          line.bbox.y - y0,
          line.bbox.x + line.bbox.w - x0,
          line.bbox.y + line.bbox.h - y0,
        ],
        dir: [line.dir?.x ?? 1, line.dir?.y ?? 0],
      })) as Line[];
    return { lines, width: x1 - x0, height: y1 - y0 };
  } finally {
    document.destroy();
  }
}

/** The one line of a page whose text is exactly `text`. */
function lineOf(path: string, pageIndex: number, text: string) {
  const page = visibleLines(path, pageIndex);
  const found = page.lines.filter((line) => line.text.trim() === text);
  expect(found, `page ${pageIndex + 1}: ${page.lines.map((line) => line.text).join(' | ')}`).toHaveLength(1);
  return { ...found[0]!, width: page.width, height: page.height };
}

/** Fonts of a PDF as pdffonts lists them: name (a subset's tag taken off), whether embedded. */
function fontsOf(path: string): { name: string; isEmbedded: boolean }[] {
  const listing = execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2);
  return listing.flatMap((line) => {
    const columns = /^(\S+)\s.*\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
    return columns
      ? [{ name: columns[1]!.replace(/^[A-Z]{6}\+/, ''), isEmbedded: columns[2] === 'yes' }]
      : [];
  });
}

describe('page-numbers', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: every page gets its number, and keeps its text',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const source = corpusPath(entry.name);
      // At the top left, where the corpus's documents have no page number of their own (poppler would drop one
      // drawn over the same digits as a duplicate).
      const result = await numberPages(
        source,
        { format: 'No. {n} of {total}', position: 'top-left' },
        password,
      );
      const pages = Number(entry.pages);
      expect(result.report.values).toEqual({ pageCount: pages, numberedPages: pages });
      expect(isEncrypted(result.path)).toBe(false);
      const before = pageTexts(source, password);
      const after = pageTexts(result.path);
      expect(after).toHaveLength(pages);
      // Each page gains exactly the characters of its number, and keeps all of its own (compared as counts of
      // characters: poppler may group a page's lines differently once a line is added near them).
      after.forEach((text, index) => {
        expect(characterCounts(text)).toEqual(
          characterCounts(`${before[index] ?? ''}No. ${index + 1} of ${pages}`),
        );
      });
    },
  );

  it('writes upright at the foot of pages turned 90, 180 and 270 degrees, centred as the visitor sees them', async () => {
    const result = await numberPages(corpusPath(ROTATED), { format: 'Page {n} of {total}', margin: 36 });
    for (let index = 0; index < 6; index += 1) {
      const line = lineOf(result.path, index, `Page ${index + 1} of 6`);
      expect(line.dir[0]).toBeCloseTo(1, 3);
      expect(line.dir[1]).toBeCloseTo(0, 3);
      const centre = (line.box[0] + line.box[2]) / 2;
      expect(centre).toBeCloseTo(line.width / 2, 0);
      // Its foot within the margin of the page's visible foot, as a line's box has some room below the glyphs.
      expect(line.height - line.box[3]).toBeGreaterThan(30);
      expect(line.height - line.box[3]).toBeLessThan(40);
    }
  });

  it.each([
    ['top-left', (line: ReturnType<typeof lineOf>) => [line.box[0], line.box[1]]],
    ['top-right', (line: ReturnType<typeof lineOf>) => [line.width - line.box[2], line.box[1]]],
    ['bottom-left', (line: ReturnType<typeof lineOf>) => [line.box[0], line.height - line.box[3]]],
    [
      'bottom-right',
      (line: ReturnType<typeof lineOf>) => [line.width - line.box[2], line.height - line.box[3]],
    ],
  ] as const)(
    'puts the number %s, the margin from both edges, on a page whose box is away from 0,0',
    async (position, gaps) => {
      // A page whose media box starts at (100, 200) and whose crop box, inside it, is what a reader shows; turned 90°.
      const document = new mupdf.PDFDocument();
      const page = document.addPage([100, 200, 712, 992], 90, {}, '');
      page.put('CropBox', [150, 250, 662, 942]);
      document.insertPage(-1, page);
      const source = join(ctx.workDir, 'offset-box.pdf');
      writeFileSync(source, document.saveToBuffer('').asUint8Array());
      const result = await numberPages(source, { position, margin: 40, fontSize: 20 });
      const line = lineOf(result.path, 0, '1');
      // The visible page is the crop box, turned: 692 wide, 512 high.
      expect([line.width, line.height]).toEqual([692, 512]);
      const [horizontal, vertical] = gaps(line);
      expect(horizontal).toBeGreaterThan(38);
      expect(horizontal).toBeLessThan(44);
      expect(vertical).toBeGreaterThan(34);
      expect(vertical).toBeLessThan(46);
    },
  );

  it('numbers only the pages listed, the count running over all of them from the first number', async () => {
    const result = await numberPages(corpusPath(ROTATED), {
      format: '[{n}/{total}]',
      start: 5,
      pages: '2-3, 6',
    });
    expect(result.report.values).toEqual({ pageCount: 6, numberedPages: 3 });
    const texts = pageTexts(result.path);
    const numbers = texts.map((text) => /\[(\d+)\/(\d+)\]/.exec(text)?.slice(1).join('/') ?? null);
    expect(numbers).toEqual([null, '6/10', '7/10', null, null, '10/10']);
  });

  it('writes Arabic joined and right to left, copied back as typed, in an embedded font', async () => {
    const source = corpusPath(ARABIC_ROTATED);
    const result = await numberPages(source, { format: 'صفحة {n} من {total}', position: 'top-right' });
    const before = pageTexts(source);
    pageTexts(result.path).forEach((text, index) => {
      // poppler gives a right-to-left word in its logical order (its lines' words in their visual one).
      expect(text).toContain('صفحة');
      expect(text).toContain('من');
      // No presentation forms: the letters as typed, and nothing else added.
      expect(text).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff]/u);
      expect(characterCounts(text)).toEqual(characterCounts(`${before[index]}صفحة ${index + 1} من 4`));
    });
    const added = fontsOf(result.path).filter((font) => font.name === 'Noto-Arabic');
    expect(added).toEqual([{ name: 'Noto-Arabic', isEmbedded: true }]);
    // Subset: Noto Sans Arabic is 200 kB whole.
    expect(readFileSync(result.path).length - readFileSync(source).length).toBeLessThan(60_000);
  });

  it('copies back a lam-alef ligature in the order typed', async () => {
    const result = await numberPages(corpusPath(ROTATED), { format: 'لا {n}' });
    expect(pageTexts(result.path)[0]).toContain('لا');
  });

  it.each([
    ['Japanese', 'ページ {n} / {total}', 'Noto-JP'],
    ['Chinese', '第 {n} 页，共 {total} 页', 'Noto-SC'],
    ['Korean', '{total}페이지 중 {n}페이지', 'Noto-KR'],
  ])(
    'writes %s with the Noto CJK face of its language, embedded as a subset',
    async (_language, format, face) => {
      const source = corpusPath(JAPANESE);
      const result = await numberPages(source, { format });
      const expected = format.replaceAll('{n}', '1').replaceAll('{total}', '1');
      expect(characterCounts(pageTexts(result.path)[0]!)).toEqual(
        characterCounts(`${pageTexts(source)[0]}${expected}`),
      );
      expect(fontsOf(result.path)).toContainEqual({ name: face, isEmbedded: true });
      // A subset: Noto Sans CJK is 16 MB whole.
      expect(readFileSync(result.path).length - readFileSync(source).length).toBeLessThan(400_000);
    },
  );

  it('opens a protected file with its password and gives it back without one', async () => {
    const result = await numberPages(corpusPath(PROTECTED), { format: '{n}' }, 'view');
    expect(isEncrypted(result.path)).toBe(false);
    expect(result.report.notices).toContainEqual({ code: 'PASSWORD_REMOVED', fileIndex: 0 });
    expect(wordsOf(pageTexts(result.path)[29]!)).toContain('30');
  });

  it('refuses a page list beyond the document', async () => {
    const error = await numberPages(corpusPath(ROTATED), { pages: '7' }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_PAGE_RANGE');
  });
});
