import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isJobSubmit, waitForJobResult } from './job-requests.ts';
import { unlockAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { downloadResult } from './download-result.ts';

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';

const view = useToolPage('extract-pages');

/** Each page's text, as poppler reads it. */
const textsOf = (path: string, password?: string) =>
  execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);

/** Runs the tool, checks the success toast and the download's name, and saves the download. */
async function extractAndDownload(mimeType: string): Promise<string> {
  const [response] = await Promise.all([
    waitForJobResult(view.page),
    view.page.getByTestId('action-button').click(),
  ]);
  expect(response.status()).toBe(200);
  await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('default');
  expect(await view.page.getByTestId('toast-description').textContent()).toBe(
    'Pages extracted successfully!',
  );
  const download = await downloadResult(view.page);
  // Named after the file chosen, as the server names it: a PDF, or a zip of PDFs.
  const chosen = await view.page.getByTestId('selected-file-name').allTextContents();
  expect(download.suggestedFilename()).toBe(resultFileName('extract-pages', chosen, mimeType));
  const saved = join(view.downloadsPath, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  return saved;
}

describe('the extract pages page in a real browser', () => {
  it('copies the pages listed, in that order, into one PDF', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect
      .poll(() => view.page.getByTestId('extract-pages-pages-hint').textContent(), { timeout: 15_000 })
      .toMatch(/^This PDF has 4 pages\./);
    expect(await view.page.getByRole('radio', { name: /One PDF/ }).isChecked()).toBe(true);
    await view.page.getByTestId('extract-pages-pages').fill('4, 2-3, 4');
    const saved = await extractAndDownload('application/pdf');
    const source = textsOf(corpusPath(FOUR_PAGES));
    expect(textsOf(saved)).toEqual([source[3], source[1], source[2], source[3]]);
    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('zips one PDF per item when asked', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByTestId('extract-pages-pages').fill('3-4, 1');
    await view.page.getByRole('radio', { name: /A PDF for each item/ }).check();
    const saved = await extractAndDownload('application/zip');
    const entries = unzipSync(new Uint8Array(await readFile(saved)));
    expect(Object.keys(entries)).toEqual([
      'pysamples_outline-bookmarks_4p-p3-4.pdf',
      'pysamples_outline-bookmarks_4p-p1.pdf',
    ]);
    const source = textsOf(corpusPath(FOUR_PAGES));
    const texts = await Promise.all(
      Object.entries(entries).map(async ([name, bytes]) => {
        const path = join(view.downloadsPath, name);
        await writeFile(path, bytes);
        return textsOf(path);
      }),
    );
    expect(texts).toEqual([[source[2], source[3]], [source[0]]]);
  });

  it('asks for the pages before uploading', async () => {
    let requests = 0;
    view.page.on('request', (request) => {
      if (isJobSubmit(request)) requests += 1;
    });
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByTestId('action-button').click();
    const error = view.page.getByTestId('extract-pages-pages-error');
    await expect.poll(() => error.textContent()).toBe('Enter the pages, for example 1-5, 10-15.');
    await view.page.getByTestId('extract-pages-pages').fill('3, 5');
    await view.page.getByTestId('action-button').click();
    await expect.poll(() => error.textContent()).toBe('“\u20685\u2069”: the document has 4 pages.');
    expect(requests).toBe(0);
  });

  it('asks for the password of a protected file and extracts its pages', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    await view.page.getByTestId('extract-pages-pages').fill('30, 1');
    const { saved, password } = await unlockAndDownload(view, PROTECTED, `protected-${Date.now()}.pdf`);
    const source = textsOf(corpusPath(PROTECTED), password);
    expect(textsOf(saved)).toEqual([source[29], source[0]]);
  });
});
