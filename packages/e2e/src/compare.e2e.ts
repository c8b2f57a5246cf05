import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { expectedMessage } from './page-head.ts';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';

const view = useToolPage('compare');
/** A scholarly paper's first page: its title is rewritten in the changed version. */
const PAPER = 'pdf/pdf2docx_demo_text-images-6p.pdf';
const TITLE = '[(Automated)-350(Data)-350(Extraction)-350(from)-350(Scholarly)-350(Line)]TJ';

/**
 * The paper's first two pages as `original.pdf`, and `changed.pdf`, the same with "Data" become "Table", "from"
 * gone and "new" come into its title (the page's text object rewritten in qpdf's QDF form, offsets fixed by fix-qdf).
 */
async function versions(): Promise<{ original: string; changed: string }> {
  const original = join(view.downloadsPath, 'original.pdf');
  execFileSync('qpdf', ['--empty', '--pages', corpusPath(PAPER), '1-2', '--', original]);
  const qdf = join(view.downloadsPath, 'changed.qdf');
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', original, qdf]);
  const text = (await readFile(qdf)).toString('latin1');
  const rewritten = '[(Automated)-350(Table)-350(Extraction)-350(Scholarly)-350(new)-350(Line)]TJ';
  await writeFile(qdf, Buffer.from(text.replace(TITLE, rewritten), 'latin1'));
  const changed = join(view.downloadsPath, 'changed.pdf');
  await writeFile(changed, execFileSync('fix-qdf', [qdf], { maxBuffer: 64 * 1024 * 1024 }));
  return { original, changed };
}

const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ');

describe('the Compare PDF page in a real browser', () => {
  it('compares the original with its changed version: the changes counted, marked in a report shown side by side', async () => {
    const { original, changed } = await versions();
    await view.page.locator('input[type=file]').setInputFiles([original, changed]);
    await expect
      .poll(() => view.page.getByTestId('selected-file-slot').allTextContents())
      .toEqual(['Original', 'Changed version']);
    expect(await view.page.getByTestId('compare-reportLanguage').inputValue()).toBe('en');
    const saved = await runAndDownload(
      view,
      {
        description: 'Comparison ready! The report shows the changes marked in colour.',
        fileName: () => 'original-compared.pdf',
      },
      'report.pdf',
    );
    for (const [testId, value] of [
      ['compare-inserted', '1'],
      ['compare-deleted', '1'],
      ['compare-changed', '1'],
      ['compare-pages', '1'],
    ]) {
      expect(await view.page.getByTestId(testId as string).textContent()).toBe(value);
    }
    expect(pageText(saved, 1)).toContain(
      'Original page 1 and changed page 1: inserted 1, deleted 1, changed 1',
    );
    expect(pageText(saved, 2)).toContain('Automated Table Extraction Scholarly new Line');
    // The report's pages are shown: its summary and the page of both versions side by side.
    await expect.poll(() => view.page.getByTestId('result-pages').getAttribute('data-page-count')).toBe('2');
  });

  it('writes the report in the page’s language, and says when the files are the same', async () => {
    await openToolPageIn(view.page, 'ja', 'compare');
    const { original } = await versions();
    await view.page.locator('input[type=file]').setInputFiles([original, original]);
    expect(await view.page.getByTestId('compare-reportLanguage').inputValue()).toBe('ja');
    const saved = await runAndDownload(
      view,
      {
        title: (await expectedMessage('ja', 'common.toast.done')).text,
        description: (await expectedMessage('ja', 'tools.compare.successSame')).text,
        fileName: () => 'original-compared.pdf',
      },
      'same.pdf',
    );
    expect(pageText(saved, 1).replace(/ /g, '')).toContain('違いはありません。');
  });
});
