import { corpusEntry, corpusPath } from '@quire/corpus';
import { formatBytes, toolPath } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession, waitForHydration } from './browser-session.ts';
import { isJobSubmit, runJobWith, stallJobSubmits } from './job-requests.ts';
import { focusedName, isolated, liveRecordOf, recordLiveRegions, saidIn } from './keyboard.ts';

/** About a megabyte, so a throttled upload takes a few seconds. */
const LARGE = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const SMALL = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const UPLOAD_BYTES_PER_SECOND = 256 * 1024;

const browser = useBrowserSession({ backForwardCache: true });

async function openMergeWith(files: readonly string[]): Promise<Page> {
  const page = await browser.open(toolPath('en', 'merge'), {}, recordLiveRegions);
  await page.locator('input[type=file]').setInputFiles(files.map(corpusPath));
  await expect.poll(() => page.getByTestId('selected-file').count()).toBe(files.length);
  return page;
}

describe('a running job', () => {
  it('shows the upload in percent, then a processing state, then the result with its name and size', async () => {
    const page = await openMergeWith([LARGE, SMALL]);
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: UPLOAD_BYTES_PER_SECOND,
    });
    // Waits on the job (its upload, then its work), not for a time.
    await runJobWith(page, () => page.getByTestId('action-button').click());
    await page.getByTestId('tool-result').waitFor();

    const { progress } = await liveRecordOf(page);
    const phases = progress
      .map((entry) => entry.phase)
      .filter((phase, index, all) => phase !== all[index - 1]);
    expect(phases).toEqual(['none', 'uploading', 'processing', 'none']);
    const percents = progress
      .filter((entry) => entry.phase === 'uploading')
      .map((entry) => Number(entry.value));
    expect(percents.every((percent, index) => percent >= (percents[index - 1] ?? 0))).toBe(true);
    expect(new Set(percents.filter((percent) => percent > 0 && percent < 100)).size).toBeGreaterThan(3);
    expect(progress.filter((entry) => entry.phase === 'processing').map((entry) => entry.value)).toEqual([
      null,
    ]);

    // Announced in quarters, not every percent.
    const said = await saidIn(page, 'job-status');
    const uploads = said.filter((text) => text.startsWith('Uploading'));
    expect(uploads.length).toBeLessThanOrEqual(5);
    expect(uploads[0]).toBe('Uploading your files… 0%');
    for (const text of uploads) expect(text).toMatch(/… (0|25|50|75|100)%$/);
    expect(said.at(-2)).toBe('Processing your files. This can take a few seconds…');

    const size = await page.getByTestId('download-button').evaluate(async (link) => {
      const response = await fetch((link as HTMLAnchorElement).href);
      return (await response.blob()).size;
    });
    expect(size).toBeGreaterThan(corpusEntry(LARGE).bytes / 2);
    // A merge is named after its first file.
    const resultName = 'pdfjs_tracemonkey-paper_14p-text-2col-merged.pdf';
    expect(await page.getByTestId('result-name').textContent()).toBe(resultName);
    expect(await page.getByTestId('result-size').textContent()).toBe(formatBytes(size));
    expect(said.at(-1)).toBe(
      `${isolated(resultName)} is ready to download (${isolated(formatBytes(size))}).`,
    );
  });

  it('stops with Cancel, keeps the files and says so', async () => {
    const page = await openMergeWith([SMALL, SMALL]);
    // The server never answers, so the job is still running whenever Cancel is pressed.
    await stallJobSubmits(page);
    const failed = page.waitForEvent('requestfailed', isJobSubmit);
    await page.getByTestId('action-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('progress').waitFor();
    await expect.poll(() => focusedName(page)).toBe('cancel-button');
    await page.keyboard.press('Enter');

    expect((await failed).failure()?.errorText).toMatch(/ABORTED/);
    await expect.poll(() => page.getByTestId('progress').count()).toBe(0);
    expect((await saidIn(page, 'job-status')).at(-1)).toBe('Cancelled. Your files are still selected.');
    expect(await page.getByTestId('selected-file').count()).toBe(2);
    await expect.poll(() => focusedName(page)).toBe('action-button');
    expect(await page.getByTestId('toast').count()).toBe(0);
  });
});

describe('nothing of the visitor is kept', () => {
  it('revokes the result on Start over', async () => {
    const page = await openMergeWith([SMALL, SMALL]);
    await page.getByTestId('action-button').click();
    const link = page.getByTestId('download-button');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^blob:/);
    const read = () =>
      page.evaluate(
        (url) =>
          fetch(url ?? '').then(
            () => 'read',
            () => 'gone',
          ),
        href,
      );
    expect(await read()).toBe('read');
    await page.getByTestId('start-over').click();
    expect(await read()).toBe('gone');
  });

  it('leaves no file, name or result in storage, the URL, or a page restored from the back-forward cache', async () => {
    const page = await openMergeWith([SMALL, SMALL]);
    await page.evaluate(() => {
      window.addEventListener('pageshow', (event) => {
        (window as unknown as { restored: boolean }).restored = event.persisted;
      });
    });
    await page.getByTestId('action-button').click();
    const href = await page.getByTestId('download-button').getAttribute('href');
    const fileName = SMALL.split('/').at(-1) ?? '';

    const kept = await page.evaluate(async () => ({
      url: location.href,
      storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    }));
    expect(kept.url).toBe(new URL(toolPath('en', 'merge'), browser.baseUrl).href);
    expect(kept.storage).not.toContain(fileName);
    expect(kept.storage).not.toContain('merged');
    expect([kept.databases, kept.caches]).toEqual([0, 0]);

    await page.goto(new URL(toolPath('en', 'split'), browser.baseUrl).href);
    await waitForHydration(page);
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { restored?: boolean }).restored === true);
    // The same document, back from the cache: its files, result and download are gone.
    expect(await page.getByTestId('selected-file').count()).toBe(0);
    expect(await page.getByTestId('tool-result').count()).toBe(0);
    expect(
      await page.evaluate(
        (url) =>
          fetch(url ?? '').then(
            () => 'read',
            () => 'gone',
          ),
        href,
      ),
    ).toBe('gone');
  });
});
