import { execFileSync } from 'node:child_process';
import { corpusEntry, corpusPath, featureValue } from '@quire/corpus';
import { resultFileName, toolPath } from '@quire/shared';
import { describe, expect, inject, it } from 'vitest';
import { waitForHydration } from './browser-session.ts';
import { waitForJobResult } from './job-requests.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

const baseUrl = inject('baseUrl');
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';

const view = useToolPage('rotate');

/** Runs the tool, checks the success toast and returns the /Rotate of every page of the downloaded PDF. */
async function rotateAndDownload(): Promise<number[]> {
  const saved = await runAndDownload(
    view,
    {
      description: 'PDF rotated successfully!',
      // Named after the (first) file chosen, as the server names it.
      fileName: (chosen) => resultFileName('rotate', chosen, 'application/pdf'),
    },
    `rotated-${Date.now()}.pdf`,
  );
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', saved], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)$/gm)].map((match) => Number(match[1]));
}

/** The accessible name and turn of each page drawn in the page view. */
function previewOf() {
  return view.page
    .getByTestId('page-thumbnail')
    .evaluateAll((items) =>
      items
        .filter((item) => item.getAttribute('data-drawn') === 'true')
        .map((item) => [
          item.querySelector('button')?.getAttribute('aria-label'),
          item.getAttribute('data-degrees'),
        ]),
    );
}

describe('the rotate page in a real browser', () => {
  it('shows every page turning, then rotates every page', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect
      .poll(previewOf, { timeout: 15_000 })
      .toEqual([1, 2, 3, 4].map((n) => [`Page ${n} of 4, rotated by 90 degrees`, '90']));
    expect(await view.page.getByRole('radio', { name: /90°/ }).isChecked()).toBe(true);

    await view.page.getByRole('radio', { name: /180°/ }).check();
    await expect
      .poll(previewOf)
      .toEqual([1, 2, 3, 4].map((n) => [`Page ${n} of 4, rotated by 180 degrees`, '180']));

    expect(await rotateAndDownload()).toEqual([180, 180, 180, 180]);
    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('turns only the pages listed, in the preview and in the file', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /270°/ }).check();
    await view.page.getByRole('radio', { name: 'Selected pages' }).check();
    await view.page.getByTestId('rotate-pages').fill('2, 4');
    await expect.poll(previewOf, { timeout: 15_000 }).toEqual([
      ['Page 1 of 4, not rotated', '0'],
      ['Page 2 of 4, rotated by 270 degrees', '270'],
      ['Page 3 of 4, not rotated', '0'],
      ['Page 4 of 4, rotated by 270 degrees', '270'],
    ]);
    expect(await rotateAndDownload()).toEqual([0, 270, 0, 270]);
  });

  it('asks for the pages when "Selected pages" is left blank', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: 'Selected pages' }).check();
    await view.page.getByTestId('action-button').click();
    await expect
      .poll(() => view.page.getByTestId('rotate-pages-error').textContent())
      .toBe('Please enter the pages to rotate');
  });

  it('shows the pages of a protected file once the password asked by the server is given', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    await view.page.getByTestId('action-button').click();
    const dialog = view.page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    expect(await view.page.getByTestId('page-thumbnail').count()).toBe(0);
    await dialog.getByLabel('Password').fill(featureValue(corpusEntry(PROTECTED), 'user-password') ?? '');
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      dialog.getByRole('button', { name: 'Unlock and continue' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await view.page.getByTestId('download-button').waitFor();
    // Asked once: the page view opens the file with the same password.
    await expect
      .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 15_000 })
      .toBe('1');
  });

  it('loads pdf.js only on pages that show or count pages', async () => {
    const loaded: string[] = [];
    view.page.on('request', (request) => loaded.push(request.url()));
    await view.page.goto(new URL(toolPath('en', 'compress'), baseUrl).href);
    await waitForHydration(view.page);
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByTestId('selected-file').waitFor();
    expect(loaded.filter((url) => /pdf\.worker|pdf-thumbnails|page-renderer/.test(url))).toEqual([]);
  });
});
