import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntry, corpusPath, featureValue } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isJobSubmit, waitForJobResult } from './job-requests.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';

const view = useToolPage('split');

/** Runs the tool, checks the success toast and returns the entries of the downloaded zip. */
async function splitAndDownload(): Promise<Record<string, Uint8Array>> {
  const saved = await runAndDownload(
    view,
    {
      title: 'Success',
      description: 'PDF split successfully!',
      // Named after the (first) file chosen, as the server names it.
      fileName: (chosen) => resultFileName('split', chosen, 'application/zip'),
    },
    `split-${Date.now()}.zip`,
  );
  return unzipSync(new Uint8Array(await readFile(saved)));
}

/** The page count of one zip entry, read by qpdf. */
async function pagesOf(entries: Record<string, Uint8Array>, name: string): Promise<number> {
  const bytes = entries[name];
  if (!bytes) throw new Error(`${name} is not in the zip`);
  const path = join(view.downloadsPath, name);
  await writeFile(path, bytes);
  return Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }));
}

describe('the split page in a real browser', () => {
  it('splits every page into its own PDF by default', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect.poll(() => view.page.getByTestId('selected-file').count()).toBe(1);
    expect(await view.page.getByTestId('split-pageRange').count()).toBe(0);

    const entries = await splitAndDownload();
    const stem = 'pysamples_outline-bookmarks_4p';
    const count = corpusEntry(FOUR_PAGES).pages ?? 0;
    expect(Object.keys(entries)).toEqual(
      Array.from({ length: count }, (_, index) => `${stem}-p${index + 1}.pdf`),
    );
    for (const name of Object.keys(entries)) expect(await pagesOf(entries, name)).toBe(1);

    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('extracts the ranges typed in range mode, in the order given', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /Page ranges/ }).check();
    const range = view.page.getByTestId('split-pageRange');
    expect(await range.getAttribute('placeholder')).toBe('1-5, 10-15');
    await range.fill('  3-4, 1 ');

    const entries = await splitAndDownload();
    const stem = 'pysamples_outline-bookmarks_4p';
    expect(Object.keys(entries)).toEqual([`${stem}-p3-4.pdf`, `${stem}-p1.pdf`]);
    expect(await pagesOf(entries, `${stem}-p3-4.pdf`)).toBe(2);
    expect(await pagesOf(entries, `${stem}-p1.pdf`)).toBe(1);
  });

  it('asks for a page range before sending anything, and names a wrong item', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /Page ranges/ }).check();
    let requests = 0;
    view.page.on('request', (request) => {
      if (isJobSubmit(request)) requests += 1;
    });

    const range = view.page.getByTestId('split-pageRange');
    await range.fill('   ');
    await view.page.getByTestId('action-button').click();
    const error = view.page.getByTestId('split-pageRange-error');
    await expect.poll(() => error.textContent()).toBe('Please enter a page range');
    expect(await range.getAttribute('aria-invalid')).toBe('true');
    expect(await view.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'split-pageRange',
    );

    await range.fill('1-2, 4-3');
    expect(await error.count()).toBe(0);
    await view.page.getByTestId('action-button').click();
    await expect
      .poll(() => error.textContent())
      .toBe('“\u20684-3\u2069”: the range runs backwards. Write the lower page first.');
    expect(requests).toBe(0);
  });

  it('refuses a range beyond the last page beside the field, before uploading', async () => {
    let requests = 0;
    view.page.on('request', (request) => {
      if (isJobSubmit(request)) requests += 1;
    });
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /Page ranges/ }).check();
    // The browser counts the pages (pdf.js) and says so in the hint.
    await expect
      .poll(() => view.page.getByTestId('split-pageRange-hint').textContent())
      .toMatch(/^This PDF has 4 pages\./);
    await view.page.getByTestId('split-pageRange').fill('2-9');
    await view.page.getByTestId('action-button').click();
    await expect
      .poll(() => view.page.getByTestId('split-pageRange-error').textContent())
      .toBe('“\u20682-9\u2069”: the document has 4 pages.');
    expect(await view.page.getByTestId('split-pageRange').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toBe(0);

    // Fixing the range clears the message and the split runs.
    await view.page.getByTestId('split-pageRange').fill('2-4');
    expect(await view.page.getByTestId('split-pageRange-error').count()).toBe(0);
    const entries = await splitAndDownload();
    expect(Object.keys(entries)).toEqual(['pysamples_outline-bookmarks_4p-p2-4.pdf']);
    expect(requests).toBe(1);
  });

  it('asks for the password of a protected file and splits it', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    await view.page.getByTestId('action-button').click();
    const dialog = view.page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill(featureValue(corpusEntry(PROTECTED), 'user-password') ?? '');
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      dialog.getByRole('button', { name: 'Unlock and continue' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await view.page.getByTestId('download-button').waitFor();
  });
});
