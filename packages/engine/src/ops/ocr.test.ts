import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { bindScans, scanImage } from '@quire/test-kit/scanned-pdfs';
import { handwrittenFaxPage } from '../../test/unreadable-scans.ts';
import { ocr } from './ocr.ts';

const ctx = useJobContext(300_000);
const PAPER = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');

/** The text of one page as poppler extracts it, blanks trimmed: what a search or a copy finds there. */
const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
  }).trim();

describe('ocr', () => {
  it('says that no text could be read on a handwritten fax, and claims no page recognised', async () => {
    const fax = await handwrittenFaxPage(join(ctx.workDir, 'fax.png'));
    const path = bindScans([fax], join(ctx.workDir, 'fax.pdf'));
    // Read in English: a handwritten page read with no language chosen (a sample in every script's model, then the
    // whole page in two), through the same `readScans`, is PDF to Word's and PDF to text's test of the corpus's fax.
    const result = await ocr({ file: inputFile(path), options: { language: ['en'] } }, ctx);
    expect(result.report).toEqual({
      values: { pageCount: 1, recognisedPages: '', recognisedCount: 0, confidence: null },
      notices: [{ code: 'PAGES_ARE_SCANS', fileIndex: 0, pages: 1 }],
    });
    expect(pageText(result.path, 1)).toBe('');
  });

  it('reads a printed scan and says which handwritten page beside it it could not read', async () => {
    const printed = await scanImage(
      { path: PAPER, page: 1, language: 'en' },
      'clean',
      join(ctx.workDir, 'p'),
    );
    const fax = await handwrittenFaxPage(join(ctx.workDir, 'fax.png'));
    const path = bindScans([fax, printed], join(ctx.workDir, 'scans.pdf'));
    const result = await ocr({ file: inputFile(path), options: { language: ['en'] } }, ctx);

    expect(result.report.values).toMatchObject({ pageCount: 2, recognisedPages: '2', recognisedCount: 1 });
    expect(result.report.values.confidence).toBeGreaterThan(80);
    expect(result.report.notices).toEqual([{ code: 'PAGES_ARE_SCANS', fileIndex: 0, pages: 1 }]);
    expect(pageText(result.path, 1)).toBe('');
    expect(pageText(result.path, 2)).toContain('JavaScript');
  }, 120_000);
});
