import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { encryptPdf } from '@quire/test-kit/hostile-pdfs';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { MARK_COLOURS } from '../compare/mark-colours.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { compare } from './compare.ts';
import { redact } from './redact.ts';

const ctx = useJobContext(120_000);

/** A scholarly paper's first pages: a title, text, figures and their captions. */
const PAPER = 'pdf/pdf2docx_demo_text-images-6p.pdf';
/** A page of another document, inserted into the paper. */
const OTHER = 'pdf/pdf2docx_sections-columns.pdf';
const TITLE = '[(Automated)-350(Data)-350(Extraction)-350(from)-350(Scholarly)-350(Line)]TJ';

/** Pages of a corpus file (qpdf's page list) as a file of the job's directory. */
function cut(name: string, pages: string, into: string): string {
  const path = join(ctx.workDir, into);
  execFileSync('qpdf', ['--empty', '--pages', corpusPath(name), pages, '--', path]);
  return path;
}

/**
 * A copy of a PDF whose uncompressed content has `from` rewritten as `to` (qpdf's QDF form, its offsets fixed by
 * fix-qdf): the text objects of the page changed as an editor would change them.
 */
async function rewrite(path: string, from: string, to: string, into: string): Promise<string> {
  const qdf = join(ctx.workDir, `${into}.qdf`);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, qdf]);
  const text = (await readFile(qdf)).toString('latin1');
  expect(text.split(from)).toHaveLength(2);
  await writeFile(qdf, Buffer.from(text.replace(from, to), 'latin1'));
  const output = join(ctx.workDir, into);
  await writeFile(output, execFileSync('fix-qdf', [qdf], { maxBuffer: 64 * 1024 * 1024 }));
  return output;
}

async function run(
  oldPath: string,
  newPath: string,
  language: 'en' | 'ja' | 'ar' = 'en',
  passwords: string[] = [],
) {
  return compare(
    {
      files: [inputFile(oldPath, passwords[0]), inputFile(newPath, passwords[1])],
      options: { reportLanguage: language },
    },
    ctx,
  );
}

/** A copy of a one-page PDF with a blue box drawn at its foot, after its content: its words stay as they were. */
async function drawBox(path: string, into: string): Promise<string> {
  const mupdf = await loadMupdf();
  const pdf = new mupdf.PDFDocument(await readFile(path));
  try {
    const page = pdf.findPage(0);
    const contents = pdf.newArray();
    contents.push(page.get('Contents'));
    contents.push(pdf.addStream('q 0 0 1 rg 100 100 80 40 re f Q', pdf.newDictionary()));
    page.put('Contents', contents);
    const output = join(ctx.workDir, into);
    await writeFile(output, pdf.saveToBuffer('').asUint8Array().slice());
    return output;
  } finally {
    pdf.destroy();
  }
}

/** The text of a page of the report, as poppler reads it. */
function pageText(path: string, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
  });
}

describe('compare', () => {
  it('finds exactly the words changed, deleted and inserted in a page of the paper, and marks them on both', async () => {
    const original = cut(PAPER, '1-3', 'original.pdf');
    // "Data" becomes "Table", "from" goes, "new" comes after "Scholarly": in the title of page 1.
    const changed = await rewrite(
      original,
      TITLE,
      '[(Automated)-350(Table)-350(Extraction)-350(Scholarly)-350(new)-350(Line)]TJ',
      'changed.pdf',
    );
    const result = await run(original, changed);
    expect(result.report).toEqual({
      values: {
        wordsInserted: 1,
        wordsDeleted: 1,
        wordsChanged: 1,
        pagesChanged: 1,
        pagesInserted: 0,
        pagesDeleted: 0,
        pagesDrawingOnly: 0,
      },
      notices: [],
    });
    // The summary, then page 1 of both side by side; pages 2 and 3 are the same, so not repeated.
    expect(qpdfPageCount(result.path)).toBe(2);
    const summary = pageText(result.path, 1).replace(/\s+/g, ' ');
    expect(summary).toContain('Comparison of two PDFs');
    expect(summary).toContain('Original page 1 and changed page 1: inserted 1, deleted 1, changed 1');
    // Under it, each place in reading order: the word changed, the one deleted, the one inserted.
    expect(summary).toContain('changed 1 Data → Table from new');
    const sideBySide = pageText(result.path, 2).replace(/\s+/g, ' ');
    expect(sideBySide).toContain('Original, page 1');
    expect(sideBySide).toContain('Changed version, page 1');
    expect(sideBySide).toContain('Automated Data Extraction from Scholarly Line');
    expect(sideBySide).toContain('Automated Table Extraction Scholarly new Line');
    // Three boxes of marks on the page's drawing: one changed word on each side, one deleted and one inserted.
    expect(markColours(result.path, 2)).toEqual({ inserted: 1, deleted: 1, changed: 2 });
  });

  it('says there are no differences between two files of the same pages, whether the same bytes or not', async () => {
    const original = cut(PAPER, '1-2', 'original.pdf');
    // The same pages written anew by qpdf: other bytes, same words and drawing.
    const rewritten = join(ctx.workDir, 'rewritten.pdf');
    execFileSync('qpdf', ['--object-streams=generate', original, rewritten]);
    const copy = join(ctx.workDir, 'copy.pdf');
    await copyFile(original, copy);
    for (const other of [rewritten, copy]) {
      const result = await run(original, other);
      expect(result.report.values).toMatchObject({
        wordsInserted: 0,
        wordsDeleted: 0,
        wordsChanged: 0,
        pagesChanged: 0,
      });
      expect(qpdfPageCount(result.path)).toBe(1);
      expect(pageText(result.path, 1).replace(/\s+/g, ' ')).toContain(
        'No differences: the two PDFs have the same words and look the same on every page.',
      );
    }
  });

  it('sets a page inserted in the middle apart, every later page paired with its own version', async () => {
    const original = cut(PAPER, '1-4', 'original.pdf');
    const inserted = join(ctx.workDir, 'inserted.pdf');
    execFileSync('qpdf', [
      '--empty',
      '--pages',
      original,
      '1-2',
      corpusPath(OTHER),
      '1',
      original,
      '3-4',
      '--',
      inserted,
    ]);
    // The inserted page's words, as poppler reads them one by one.
    const otherWords =
      execFileSync('pdftotext', ['-bbox', corpusPath(OTHER), '-'], { encoding: 'utf8' }).split('<word ')
        .length - 1;
    const result = await run(original, inserted);
    expect(result.report.values).toEqual({
      wordsInserted: otherWords,
      wordsDeleted: 0,
      wordsChanged: 0,
      pagesChanged: 1,
      pagesInserted: 1,
      pagesDeleted: 0,
      pagesDrawingOnly: 0,
    });
    expect(pageText(result.path, 1).replace(/\s+/g, ' ')).toContain('Changed page 3: inserted');
    // And the other way round, the page is removed.
    const removed = await run(inserted, original);
    expect(removed.report.values).toMatchObject({
      wordsDeleted: otherWords,
      pagesDeleted: 1,
      pagesChanged: 1,
    });
  });

  it('finds a page whose words are the same but whose drawing differs, and overlays the two', async () => {
    const original = cut(PAPER, '1', 'original.pdf');
    // A filled box drawn over the page's foot, after its content: the words stay, the drawing changes.
    const drawn = await drawBox(original, 'drawn.pdf');
    const result = await run(original, drawn);
    expect(result.report.values).toMatchObject({ pagesChanged: 1, pagesDrawingOnly: 1, wordsChanged: 0 });
    expect(pageText(result.path, 1).replace(/\s+/g, ' ')).toContain(
      'Original page 1 and changed page 1: same words, the drawing differs',
    );
    // The report's second page holds the overlay: a picture beside the two pages.
    const images = execFileSync('pdfimages', ['-list', '-f', '2', '-l', '2', result.path], {
      encoding: 'utf8',
    });
    expect(images.split('\n').filter((line) => /^\s+2\s/.test(line)).length).toBeGreaterThanOrEqual(1);
  });

  it('compares Japanese character by character: a word of three characters redacted is three characters deleted', async () => {
    const original = corpusPath('pdf/pdfjs_japanese-text_issue16538.pdf');
    const redacted = await redact(
      {
        file: inputFile(original),
        options: {
          search: ['非完備'],
          regex: 'false',
          areas: [],
          fill: '#000000',
          preview: 'false',
          skip: [],
        },
      },
      { ...ctx, workDir: await mkdtemp(join(ctx.workDir, 'redact-')) },
    );
    const result = await run(original, redacted.path);
    expect(result.report.values).toMatchObject({
      wordsInserted: 0,
      wordsDeleted: 3,
      wordsChanged: 0,
      pagesChanged: 1,
    });
    expect(pageText(result.path, 1)).toContain('非完備');
  });

  it('writes its summary in the language asked, in every script, and reads protected files', async () => {
    const original = cut(PAPER, '1', 'original.pdf');
    const changed = await rewrite(original, '(Data)', '(Table)', 'changed.pdf');
    const japanese = await run(original, changed, 'ja');
    expect(pageText(japanese.path, 1)).toContain('2つのPDFの比較');
    const arabic = await run(original, changed, 'ar');
    expect(pageText(arabic.path, 1)).toContain('مقارنة');
    // Both files locked with their own passwords: the report has none and says so of each.
    const lockedOld = join(ctx.workDir, 'locked-old.pdf');
    const lockedNew = join(ctx.workDir, 'locked-new.pdf');
    await writeFile(lockedOld, encryptPdf(await readFile(original), 'old-secret', 'owner'));
    await writeFile(lockedNew, encryptPdf(await readFile(changed), 'new-secret', 'owner'));
    const locked = await run(lockedOld, lockedNew, 'en', ['old-secret', 'new-secret']);
    expect(locked.report.values.wordsChanged).toBe(1);
    expect(locked.report.notices).toEqual([
      { code: 'PASSWORD_REMOVED', fileIndex: 0 },
      { code: 'PASSWORD_REMOVED', fileIndex: 1 },
    ]);
    expect(isEncrypted(locked.path)).toBe(false);
  });
});

/** How many boxes of each mark's colour a page of the report fills, read from its content (qpdf's QDF form). */
function markColours(path: string, page: number): Record<string, number> {
  const qdf = execFileSync(
    'qpdf',
    ['--qdf', '--object-streams=disable', path, '--pages', '.', String(page), '--', '-'],
    { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 },
  );
  const counts: Record<string, number> = {};
  for (const [mark, { rgb }] of Object.entries(MARK_COLOURS)) {
    const operator = `${rgb.join(' ')} rg\n`;
    // Each panel's boxes of a colour follow the colour, up to their fill.
    for (const block of qdf.split(operator).slice(1)) {
      counts[mark] = (counts[mark] ?? 0) + block.slice(0, block.indexOf('\nf\n')).split(' re').length - 1;
    }
  }
  return counts;
}
