import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { isJobSubmit, waitForJobResult } from './job-requests.ts';
import { unlockAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { downloadResult } from './download-result.ts';

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';

const view = useToolPage('remove-pages');

/** Runs the tool, checks the success toast and returns the text of each page of the downloaded PDF. */
async function removeAndDownload(): Promise<string[]> {
  const [response] = await Promise.all([
    waitForJobResult(view.page),
    view.page.getByTestId('action-button').click(),
  ]);
  expect(response.status()).toBe(200);
  await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('default');
  expect(await view.page.getByTestId('toast-description').textContent()).toBe('Pages removed successfully!');
  const download = await downloadResult(view.page);
  const chosen = await view.page.getByTestId('selected-file-name').allTextContents();
  expect(download.suggestedFilename()).toBe(resultFileName('remove-pages', chosen, 'application/pdf'));
  const saved = join(view.downloadsPath, `removed-${Date.now()}.pdf`);
  await download.saveAs(saved);
  return execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

const pagesOf = (name: string, password?: string) =>
  execFileSync('pdftotext', [...(password ? ['-upw', password] : []), corpusPath(name), '-'], {
    encoding: 'utf8',
  })
    .split('\f')
    .slice(0, -1);

describe('the remove pages page in a real browser', () => {
  it('removes the pages listed and keeps the others in order', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    // The browser counts the pages (pdf.js) and says so in the hint.
    await expect
      .poll(() => view.page.getByTestId('remove-pages-pages-hint').textContent(), { timeout: 15_000 })
      .toMatch(/^This PDF has 4 pages\./);
    await view.page.getByTestId('remove-pages-pages').fill('2, 4');
    const before = pagesOf(FOUR_PAGES);
    expect(await removeAndDownload()).toEqual([before[0], before[2]]);
    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('asks for the pages before uploading, and refuses a list that would remove every page', async () => {
    let requests = 0;
    view.page.on('request', (request) => {
      if (isJobSubmit(request)) requests += 1;
    });
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByTestId('action-button').click();
    const error = view.page.getByTestId('remove-pages-pages-error');
    await expect.poll(() => error.textContent()).toBe('Enter the pages, for example 1-5, 10-15.');
    await view.page.getByTestId('remove-pages-pages').fill('2-9');
    await view.page.getByTestId('action-button').click();
    await expect.poll(() => error.textContent()).toBe('“\u20682-9\u2069”: the document has 4 pages.');
    expect(requests).toBe(0);

    // Every page: the server reads the file and says why it cannot.
    await view.page.getByTestId('remove-pages-pages').fill('1-4');
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(400);
    await expect
      .poll(() => view.page.getByTestId('toast-description').textContent())
      .toBe('That would remove all 4 pages of the document. Leave at least one page.');
  });

  it('asks for the password of a protected file and removes its pages', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    await view.page.getByTestId('remove-pages-pages').fill('1, 3-30');
    const { saved, password } = await unlockAndDownload(view, PROTECTED, `protected-${Date.now()}.pdf`);
    const after = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
    expect(after).toEqual([pagesOf(PROTECTED, password)[1]]);
  });
});
