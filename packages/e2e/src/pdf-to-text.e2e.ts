import { readFile } from 'node:fs/promises';
import { corpusEntry, corpusPath, popplerWords, recall, words } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { expectedMessage } from './page-head.ts';
import { openToolPageIn, runAndDownload, unlockAndDownload, useToolPage } from './tool-page.ts';

const view = useToolPage('pdf-to-text');
const TWO_COLUMN_FILE = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';
/** Between two pages of the text file: a form feed on a line of its own. */
const PAGE_SEPARATOR = '\f\n';

const textFileName = (chosen: readonly string[]) => `${(chosen[0] ?? '').replace(/\.pdf$/, '')}.txt`;

describe('the PDF to Text page in a real browser', () => {
  it('converts a two-column paper to a .txt named after it: one page of text per page, every word', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(TWO_COLUMN_FILE)]);
    const saved = await runAndDownload(
      view,
      { description: 'PDF converted to text successfully!', fileName: textFileName },
      'paper.txt',
    );
    const text = await readFile(saved, 'utf8');
    expect(text.split(PAGE_SEPARATOR)).toHaveLength(corpusEntry(TWO_COLUMN_FILE).pages ?? 0);
    const { found, total } = recall(popplerWords(corpusPath(TWO_COLUMN_FILE)), words(text));
    expect(found / total).toBeGreaterThan(0.99);
    // The first column ends before the second starts.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat.indexOf('and is used for the application logic of browser-based')).toBeGreaterThan(
      flat.indexOf('de facto standard for client-side web programming'),
    );
  });

  it('gives Arabic in reading order, the page in Arabic', async () => {
    await openToolPageIn(view.page, 'ar', 'pdf-to-text');
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf')]);
    const saved = await runAndDownload(
      view,
      {
        description: (await expectedMessage('ar', 'tools.pdf-to-text.success')).text,
        fileName: textFileName,
      },
      'arabic.txt',
    );
    const text = await readFile(saved, 'utf8');
    expect(text).toContain('١٤ إبريل ١٤٣٤');
    expect(text).toContain('A line with an Arabic العربية word embedded.');
  });

  it('says in the toast and beside the result that a page gave no text (a handwritten scan)', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pdfbox_ccitt-g4-fax-scan.pdf')]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-notices']).toBe('NO_TEXT_FOUND;file=0;pages=1');
    const notice = view.page.getByTestId('result-notices').locator('[data-notice="NO_TEXT_FOUND"]');
    expect(await notice.textContent()).toBe(
      '1 page has no text, and no words could be read on it: it is empty in the text file.',
    );
    expect(await view.page.getByTestId('toast-title').textContent()).toBe('Done');
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'No text could be found in your PDF: its pages hold no text and no words we could read. The text file is empty.',
    );
  });

  it('asks for the password of a protected file and gives its text', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    const { saved, password } = await unlockAndDownload(view, PROTECTED, 'protected.txt');
    const text = await readFile(saved, 'utf8');
    const { found, total } = recall(popplerWords(corpusPath(PROTECTED), password), words(text));
    expect(total).toBeGreaterThan(0);
    expect(found / total).toBeGreaterThan(0.99);
  });
});
