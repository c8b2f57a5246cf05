import type { Locale, ToolId } from '@quire/shared';
import { toolPath } from '@quire/shared';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { corpusEntry, featureValue } from '@quire/corpus';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { waitForHydration } from './browser-session.ts';
import { waitForJobResult } from './job-requests.ts';
import { downloadResult } from './download-result.ts';

export type ToolPageView = {
  /** A fresh page for each test, on the tool's English page, hydrated. */
  readonly page: Page;
  /** Where the browser saves downloads; removed with the browser. */
  readonly downloadsPath: string;
};

/**
 * One Chromium for the calling test file and, before each test, a fresh browser context opened on the tool's page
 * and waited on until React has hydrated it. Tests read `view.page` and `view.downloadsPath`.
 */
export function useToolPage(toolId: ToolId): ToolPageView {
  const baseUrl = inject('baseUrl');
  let session: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const view = { page: undefined as unknown as Page, downloadsPath: '' };
  beforeAll(async () => {
    session = await launchBrowser();
    view.downloadsPath = session.downloadsPath;
  });
  afterAll(async () => {
    await session?.close();
  });
  beforeEach(async () => {
    if (!session) throw new Error('the browser did not start');
    const context = await session.browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
    view.page = await context.newPage();
    await view.page.goto(new URL(toolPath('en', toolId), baseUrl).href);
    await waitForHydration(view.page);
  });
  return view;
}

/** Opens a tool's page in another language in the same tab, and waits until React has hydrated it. */
export async function openToolPageIn(page: Page, locale: Locale, toolId: ToolId): Promise<void> {
  await page.goto(new URL(toolPath(locale, toolId), inject('baseUrl')).href);
  await waitForHydration(page);
}

/** What a tool's run should show: its success toast's words, and the name its download gets from the files chosen. */
export type ExpectedRun = {
  title?: string;
  description: string;
  fileName: (chosen: readonly string[]) => string;
};

/** How long the page's scroll position must hold for the page to count as still. */
const STILL_MS = 150;
/** How long a page may go on scrolling: a smooth scroll, however far, takes less than a second. */
const SCROLL_SETTLE_MS = 10_000;

/**
 * Waits until the page has stopped scrolling. The site scrolls smoothly (`scroll-behavior: smooth`), and focusing
 * an element scrolls it in: a click that starts while that scroll runs can be released over another element (the
 * button moved away under the pointer), and no click reaches the button.
 */
async function scrollSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (ms) =>
            new Promise<boolean>((resolve) => {
              const from = window.scrollY;
              setTimeout(() => resolve(window.scrollY === from), ms);
            }),
          STILL_MS,
        ),
      { timeout: SCROLL_SETTLE_MS },
    )
    .toBe(true);
}

/** Presses the tool's action button once the page has stopped scrolling (see `scrollSettled`). */
export async function pressAction(page: Page): Promise<void> {
  await scrollSettled(page);
  await page.getByTestId('action-button').click();
}

/**
 * Runs the tool on what is chosen, checks that it answered and said so in a success toast, downloads the result,
 * checks its name, and saves it in the downloads folder as `savedName`: returns its path.
 */
export async function runAndDownload(
  view: ToolPageView,
  expected: ExpectedRun,
  savedName: string,
): Promise<string> {
  const [response] = await Promise.all([waitForJobResult(view.page), pressAction(view.page)]);
  expect(response.status()).toBe(200);
  await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('default');
  if (expected.title !== undefined)
    expect(await view.page.getByTestId('toast-title').textContent()).toBe(expected.title);
  expect(await view.page.getByTestId('toast-description').textContent()).toBe(expected.description);
  const download = await downloadResult(view.page);
  const chosen = await view.page.getByTestId('selected-file-name').allTextContents();
  expect(download.suggestedFilename()).toBe(expected.fileName(chosen));
  const saved = join(view.downloadsPath, savedName);
  await download.saveAs(saved);
  return saved;
}

/**
 * Starts the tool on the protected corpus file `corpusName`, already chosen with its options set; answers the
 * password dialog with the file's user password (from the corpus manifest), checks the answer, downloads the result
 * and saves it in the downloads folder as `savedName`.
 */
export async function unlockAndDownload(
  view: ToolPageView,
  corpusName: string,
  savedName: string,
): Promise<{ download: Download; saved: string; password: string }> {
  await pressAction(view.page);
  const dialog = view.page.getByRole('dialog', { name: 'Password required' });
  await dialog.waitFor();
  const password = featureValue(corpusEntry(corpusName), 'user-password') ?? '';
  await dialog.getByLabel('Password').fill(password);
  const [response] = await Promise.all([
    waitForJobResult(view.page),
    dialog.getByRole('button', { name: 'Unlock and continue' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await view.page.getByTestId('download-button').waitFor();
  const download = await downloadResult(view.page);
  const saved = join(view.downloadsPath, savedName);
  await download.saveAs(saved);
  return { download, saved, password };
}
