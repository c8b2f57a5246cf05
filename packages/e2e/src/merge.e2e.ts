import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { MAX_MERGE_FILES, toolPath } from '@quire/shared';
import { describe, expect, inject, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { downloadResult } from './download-result.ts';

const baseUrl = inject('baseUrl');
const FIRST = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const SECOND = 'pdf/pysamples_outline-bookmarks_4p.pdf';

const view = useToolPage('merge');

describe('the merge page in a real browser', () => {
  it('merges two PDFs and downloads the result, named after the first, with every page', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FIRST), corpusPath(SECOND)]);
    await expect.poll(() => view.page.getByTestId('selected-file').count()).toBe(2);
    await expect
      .poll(() => view.page.getByTestId('selected-file-name').allTextContents())
      .toEqual([FIRST.split('/')[1], SECOND.split('/')[1]]);

    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    const toast = view.page.getByTestId('toast');
    await expect.poll(() => toast.getAttribute('data-variant')).toBe('default');
    expect(await view.page.getByTestId('toast-title').textContent()).toBe('Success');
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'PDF files merged successfully!',
    );

    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe('pdfjs_tracemonkey-paper_14p-text-2col-merged.pdf');
    const saved = join(view.downloadsPath, 'merged.pdf');
    await download.saveAs(saved);
    const pages = Number(execFileSync('qpdf', ['--show-npages', saved], { encoding: 'utf8' }));
    expect(pages).toBe((corpusEntry(FIRST).pages ?? 0) + (corpusEntry(SECOND).pages ?? 0));

    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('asks for PDFs, several of them', async () => {
    expect(await view.page.getByTestId('drop-area').textContent()).toContain('Drop your PDFs here');
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('Select PDF Files');
  });

  it('names the first file of the wrong type and counts the others', async () => {
    await view.page.locator('input[type=file]').setInputFiles([
      {
        name: 'mammoth_tables.docx',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('a document'),
      },
      { name: 'outline.pdf', mimeType: 'application/pdf', buffer: await readFile(corpusPath(SECOND)) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a PDF') },
    ]);
    const error = view.page.getByTestId('upload-error');
    await expect
      .poll(() => error.textContent())
      .toBe(
        'Invalid file type: “\u2068mammoth_tables.docx\u2069”. Please select \u2068PDF\u2069 files. ' +
          '1 other file was not added either.',
      );
    expect(await view.page.getByTestId('selected-file-name').allTextContents()).toEqual(['outline.pdf']);
  });

  it(`keeps at most ${MAX_MERGE_FILES} files and says so`, async () => {
    const file = corpusPath(SECOND);
    const files = Array.from({ length: MAX_MERGE_FILES + 1 }, (_, index) => ({
      name: `part-${index + 1}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(execFileSync('cat', [file])),
    }));
    await view.page.locator('input[type=file]').setInputFiles(files);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(
        `Maximum ${MAX_MERGE_FILES} files allowed. “\u2068part-${MAX_MERGE_FILES + 1}.pdf\u2069” was not added.`,
      );
    expect(await view.page.getByTestId('selected-file').count()).toBe(MAX_MERGE_FILES);
  });

  it('shows no merge button until two files are selected', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FIRST)]);
    await expect.poll(() => view.page.getByTestId('selected-file').count()).toBe(1);
    expect(await view.page.getByTestId('action-button').count()).toBe(0);
    expect(await view.page.getByTestId('select-prompt').textContent()).toBe(
      'Please select at least 2 PDF files to merge',
    );
  });

  it('asks for the password of a protected file and merges with it', async () => {
    const protectedFile = 'pdf/pysamples_encrypted_user-openpassword.pdf';
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath(SECOND), corpusPath(protectedFile)]);
    await view.page.getByTestId('action-button').click();
    const dialog = view.page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('openpassword');
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      dialog.getByRole('button', { name: 'Unlock and continue' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await view.page.getByTestId('download-button').waitFor();
    // The merged file has no password, and the page says so beside it, naming the file that had one.
    expect(response.headers()['x-notices']).toBe('PASSWORD_REMOVED;file=1');
    const notice = view.page.getByTestId('result-notices').locator('[data-notice="PASSWORD_REMOVED"]');
    expect(await notice.textContent()).toContain('pysamples_encrypted_user-openpassword.pdf');
  });
});

describe('languages in a real browser', () => {
  it('renders Arabic right to left and switches language at the same path', async () => {
    await view.page.goto(new URL(toolPath('ar', 'merge'), baseUrl).href);
    expect(
      await view.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['ar', 'rtl']);
    // The switcher's menu opens by script: act once the page has hydrated (a state), not after a time.
    await openToolPageIn(view.page, 'en', 'merge');
    await view.page.getByTestId('language-switcher').click();
    await Promise.all([
      view.page.waitForURL(/\/es\/merge-pdf$/),
      view.page.getByTestId('language-es').first().click(),
    ]);
    expect(await view.page.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('shows the not-found page for an unknown path', async () => {
    const response = await view.page.goto(new URL('/this/page/does-not-exist', baseUrl).href);
    expect(response?.status()).toBe(404);
    await view.page.getByTestId('not-found').waitFor();
  });
});
