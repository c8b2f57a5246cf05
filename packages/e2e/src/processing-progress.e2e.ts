import { corpusEntry, corpusPath } from '@quire/corpus';
import { AppError, JOBS_PATH, TOOLS, toolPath } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import { isJobCancel, isJobSubmit, refuseJobs, waitForJobResult } from './job-requests.ts';
import { liveRecordOf, recordLiveRegions, saidIn } from './keyboard.ts';
import { jobFoldersLeft } from './job-folders.ts';

// A job that runs longer than its first two seconds shows where it stands: the pages done of the document's pages,
// on a determinate bar, and a few announcements of it. Real jobs on the real server: PDF to JPG at 300 DPI of a
// long lecture script takes many seconds.

/**
 * 117 pages of lecture notes: well past two seconds at 300 DPI (some 20 s on a 2-core machine), in six batches, so
 * that the bar shows several values. (Twice over, as it was, took twice as long and proved nothing more.)
 */
const NOTES = 'pdf/pysamples_geotopo-lecture-notes_117p.pdf';
const LONG_PAGES = corpusEntry(NOTES).pages ?? 0;
const SMALL = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const WORKING = 'Processing your files. This can take a few seconds…';
const PAGES_LINE = new RegExp(`^Processing page (\\d+) of ${LONG_PAGES}…$`);
/**
 * A test of the long job lasts as long as the job may: the server ends it within its tool's time limit (and the
 * page then shows the error), plus the upload before and the download after.
 */
const LONG_JOB_TEST_MS = TOOLS['pdf-to-jpg'].timeoutMs + 60_000;

const browser = useBrowserSession();
const longPdf = corpusPath(NOTES);

/** The PDF to JPG page with the file at `path` chosen, at high quality, recording what its live regions say. */
async function openPdfToJpgWith(path: string): Promise<Page> {
  const page = await browser.open(toolPath('en', 'pdf-to-jpg'), {}, recordLiveRegions);
  await page.locator('input[type=file]').setInputFiles([path]);
  await expect.poll(() => page.getByTestId('selected-file').count()).toBe(1);
  await page.getByRole('radio', { name: 'High (300 DPI)' }).check();
  return page;
}

/** Every request the page sends to the job API from now on, as `METHOD path`. */
function watchJobRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(JOBS_PATH)) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

/** The progress as the page showed it: its line, phase, `data-percent` and the bar's `aria-valuenow`. */
type ProgressShown = {
  text: string | null;
  phase: string | null;
  percent: string | null;
  valueNow: string | null;
};

/**
 * Waits on the job, not on a clock, until its progress counts pages, and returns the progress then: for the page to
 * show the job, then for as long as it shows it, looked at every frame (the server ends every job within its tool's
 * time limit). Fails if the job ended without counting pages.
 */
async function waitForPages(page: Page): Promise<ProgressShown> {
  await page.getByTestId('progress').waitFor();
  const counted = await page.waitForFunction(
    (pagesLine) => {
      const progress = document.querySelector<HTMLElement>('[data-testid="progress"]');
      const text = document.querySelector('[data-testid="progress-text"]')?.textContent ?? null;
      if (progress === null) return { hasEnded: true, text, phase: null, percent: null, valueNow: null };
      if (!new RegExp(pagesLine).test(text ?? '')) return false;
      return {
        hasEnded: false,
        text,
        phase: progress.dataset.phase ?? null,
        percent: progress.dataset.percent ?? null,
        valueNow:
          document.querySelector('[data-testid="progress-bar"]')?.getAttribute('aria-valuenow') ?? null,
      };
    },
    PAGES_LINE.source,
    { timeout: 0 },
  );
  const shown = await counted.jsonValue();
  if (!shown || shown.hasEnded) throw new Error('the job ended before its progress counted pages');
  return { text: shown.text, phase: shown.phase, percent: shown.percent, valueNow: shown.valueNow };
}

describe('a job that runs for more than two seconds', { timeout: LONG_JOB_TEST_MS }, () => {
  it('shows the pages processed of the real page count, on a bar that rises, then the result', async () => {
    const page = await openPdfToJpgWith(longPdf);
    const result = waitForJobResult(page);
    await page.getByTestId('action-button').click();

    const shown = await waitForPages(page);
    const done = Number(PAGES_LINE.exec(shown.text ?? '')?.[1]);
    const percent = String(Math.floor((done / LONG_PAGES) * 100));
    expect(shown).toMatchObject({ phase: 'processing', percent, valueNow: percent });

    const response = await result;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(TOOLS['pdf-to-jpg'].output.mimeType);
    await page.getByTestId('tool-result').waitFor();
    expect(await page.getByTestId('result-name').textContent()).toBe(
      'pysamples_geotopo-lecture-notes_117p-jpg.zip',
    );
    expect(await page.getByTestId('progress').count()).toBe(0);

    // The bar went up in whole percents of the pages, never down, through more than one value.
    const values = (await liveRecordOf(page)).progress
      .filter((entry) => entry.phase === 'processing' && entry.value !== null)
      .map((entry) => Number(entry.value));
    expect(values.length).toBeGreaterThan(1);
    expect(values.every((value, index) => value >= (values[index - 1] ?? 0))).toBe(true);
    expect(values.at(-1)).toBeGreaterThan(values[0] ?? 100);
    expect(values.every((value) => value >= 0 && value <= 100)).toBe(true);

    // The live region said first that the job works, then each stage and each quarter of the pages once, in
    // order, and nothing twice; then the result.
    const said = await saidIn(page, 'job-status');
    const running = said.slice(said.indexOf(WORKING), -1);
    expect(running[0]).toBe(WORKING);
    expect(running).toEqual([...new Set(running)]);
    const quarters = running.flatMap((line) => {
      const done = PAGES_LINE.exec(line)?.[1];
      return done === undefined ? [] : [Math.floor((Number(done) / LONG_PAGES) * 4)];
    });
    expect(quarters.length).toBeGreaterThan(0);
    expect(quarters.every((quarter, index) => quarter > (quarters[index - 1] ?? -1))).toBe(true);
    expect(said.at(-1)).toMatch(/is ready to download/);

    // The result was fetched, so the server deleted the job with its files.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('stops on Cancel while processing: the job is deleted on the server, the files stay chosen', async () => {
    const page = await openPdfToJpgWith(longPdf);
    const jobRequests = watchJobRequests(page);
    const submitted = page.waitForRequest(isJobSubmit);
    await page.getByTestId('action-button').click();
    expect((await (await submitted).response())?.status()).toBe(202);
    await waitForPages(page);

    const cancelled = page.waitForResponse((response) => isJobCancel(response.request()));
    await page.getByTestId('cancel-button').click();
    const response = await cancelled;
    expect(response.status()).toBe(204);

    await expect.poll(() => page.getByTestId('progress').count()).toBe(0);
    expect(await page.getByTestId('selected-file').count()).toBe(1);
    expect(await page.getByTestId('action-button').count()).toBe(1);
    expect((await saidIn(page, 'job-status')).at(-1)).toBe('Cancelled. Your files are still selected.');
    expect(await page.getByTestId('tool-result').count()).toBe(0);
    expect(await page.getByTestId('toast').count()).toBe(0);

    // The job is gone from the server, its files with it, and its result was never asked for.
    const jobUrl = response.request().url();
    expect(new URL(jobUrl).pathname.startsWith(`${JOBS_PATH}/`)).toBe(true);
    expect((await fetch(jobUrl)).status).toBe(404);
    await expect.poll(() => jobFoldersLeft(), { timeout: 10_000 }).toEqual([]);
    expect(jobRequests.filter((request) => request.endsWith('/result'))).toEqual([]);
  });
});

describe('a job refused when submitted', () => {
  it('shows the refusal in the workbench like any failure and offers the action again', async () => {
    const page = await openPdfToJpgWith(corpusPath(SMALL));
    await refuseJobs(
      page,
      new AppError('TOO_MANY_JOBS', 'Refused by the test.', { retryAfterSeconds: 5, maxQueued: 3 }),
    );
    const jobRequests = watchJobRequests(page);
    const refused = page.waitForResponse((response) => isJobSubmit(response.request()));
    await page.getByTestId('action-button').click();
    const response = await refused;
    expect(response.status()).toBe(429);
    expect(response.headers()['retry-after']).toBe('5');

    const message = 'You already have 3 documents waiting. Wait until they are done, then try again.';
    await expect.poll(() => page.getByTestId('job-error').textContent()).toBe(message);
    await expect.poll(() => page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await page.getByTestId('toast-description').textContent()).toBe(message);
    expect(await page.getByTestId('progress').count()).toBe(0);
    expect(await page.getByTestId('job-status').textContent()).toBe('');
    expect(await page.getByTestId('selected-file').count()).toBe(1);
    expect(await page.getByTestId('action-button').count()).toBe(1);
    // Refused before any job existed: nothing was followed, fetched or cancelled.
    expect(jobRequests).toEqual([`POST ${JOBS_PATH}`]);
    await expect.poll(() => jobFoldersLeft()).toEqual([]);
  });
});
