import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { homePath, LOCALE_INFO, toolPath, type Locale } from '@quire/shared';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isHydrated, useBrowserSession, waitForHydration } from './browser-session.ts';
import { waitForJobResult } from './job-requests.ts';
import { expectedMessage } from './page-head.ts';
import { downloadResult } from './download-result.ts';

// "Switching language keeps the chosen files": with files chosen, the header's language links change the page's
// language in place (a client-side navigation) and the files and the tool's options come along; without files
// they are plain links that load a new document. Nothing is kept beyond the page: a reload starts empty.

const session = useBrowserSession();
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const THREE_PAGES = 'pdf/pdfjs_mixed-page-sizes-3p.pdf';
const STEM = 'pysamples_outline-bookmarks_4p';
const RANGE = '3-4, 1';
const PHONE = { viewport: { width: 390, height: 844 } };

type Marked = { __marker?: number };

/**
 * Marks the current document (the marker goes when a new document loads) and counts the documents the tab asks
 * for from now on.
 */
async function watch(page: Page): Promise<{ documents: () => number }> {
  await page.evaluate(() => {
    (window as unknown as Marked).__marker = 1;
  });
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  return { documents: () => documents };
}

const markerOf = (page: Page) => page.evaluate(() => (window as unknown as Marked).__marker);
const names = (page: Page) => page.getByTestId('selected-file-name').allTextContents();
const nameOf = (file: string) => basename(file);
const rangeRadio = (page: Page) => page.getByTestId('split-mode').locator('input[value="range"]');

/** Picks `locale` in the header's language menu (desktop) or in the menu of a phone. */
async function switchLanguage(
  page: Page,
  locale: Locale,
  on: 'desktop' | 'phone' = 'desktop',
): Promise<void> {
  if (on === 'desktop') {
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-list').getByTestId(`language-${locale}`).click();
  } else {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('mobile-menu').getByTestId(`language-${locale}`).click();
  }
}

/** Waits until the tab shows `path` with the document in `locale`'s language. */
async function expectLanguage(page: Page, path: string, locale: Locale): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  await expect
    .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
    .toEqual([LOCALE_INFO[locale].tag, LOCALE_INFO[locale].dir]);
}

/** The split page with the four-page PDF chosen, range mode on and a range typed. */
async function openSplitWithChoices(options = {}): Promise<Page> {
  const page = await session.open(toolPath('en', 'split'), options);
  await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
  await expect.poll(() => names(page)).toEqual([nameOf(FOUR_PAGES)]);
  await rangeRadio(page).check();
  await page.getByTestId('split-pageRange').fill(RANGE);
  return page;
}

/** Runs split and returns the names of the entries of the downloaded zip. */
async function splitAndDownload(page: Page): Promise<string[]> {
  const [response] = await Promise.all([waitForJobResult(page), page.getByTestId('action-button').click()]);
  expect(response.status()).toBe(200);
  const download = await downloadResult(page);
  const saved = join(session.downloadsPath, `carried-split-${Date.now()}.zip`);
  await download.saveAs(saved);
  return Object.keys(unzipSync(new Uint8Array(await readFile(saved))));
}

/**
 * After a switch of language: the same file and split options are shown, in the same document (a change of
 * language in place, not a new page), and they are the ones the tool uses (pages 3 to 4, then page 1).
 */
async function expectSplitCarried(page: Page, watched: { documents: () => number }): Promise<void> {
  expect(await names(page)).toEqual([nameOf(FOUR_PAGES)]);
  expect(await rangeRadio(page).isChecked()).toBe(true);
  expect(await page.getByTestId('split-pageRange').inputValue()).toBe(RANGE);
  expect(await markerOf(page)).toBe(1);
  expect(watched.documents()).toBe(0);
  expect(await splitAndDownload(page)).toEqual([`${STEM}-p3-4.pdf`, `${STEM}-p1.pdf`]);
}

describe('switching language with files chosen', () => {
  it('split: the file, range mode and the range come along to Japanese, in place, and the split runs there', async () => {
    const page = await openSplitWithChoices();
    const watched = await watch(page);
    await switchLanguage(page, 'ja');
    await expectLanguage(page, toolPath('ja', 'split'), 'ja');

    expect(await page.getByTestId('action-button').textContent()).toBe(
      (await expectedMessage('ja', 'tools.split.action')).text,
    );
    await expectSplitCarried(page, watched);
  });

  it('split on a phone: the menu carries the file and the options to Arabic, right to left', async () => {
    const page = await openSplitWithChoices(PHONE);
    const watched = await watch(page);
    await switchLanguage(page, 'ar', 'phone');
    await expectLanguage(page, toolPath('ar', 'split'), 'ar');

    await expectSplitCarried(page, watched);
  });

  it('merge: two files keep the order the visitor gave them', async () => {
    const page = await session.open(toolPath('en', 'merge'));
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES), corpusPath(THREE_PAGES)]);
    await expect.poll(() => names(page)).toEqual([nameOf(FOUR_PAGES), nameOf(THREE_PAGES)]);
    // The visitor moves the second file first: the order is theirs, not the order of picking or of the names.
    await page.getByTestId('selected-file').nth(1).getByTestId('move-up').click();
    await expect.poll(() => names(page)).toEqual([nameOf(THREE_PAGES), nameOf(FOUR_PAGES)]);

    const watched = await watch(page);
    await switchLanguage(page, 'de');
    await expectLanguage(page, toolPath('de', 'merge'), 'de');
    expect(await names(page)).toEqual([nameOf(THREE_PAGES), nameOf(FOUR_PAGES)]);
    expect(await markerOf(page)).toBe(1);
    expect(watched.documents()).toBe(0);

    // The merged file has the carried files' pages in that order: the three-page file's first.
    const [response] = await Promise.all([waitForJobResult(page), page.getByTestId('action-button').click()]);
    expect(response.status()).toBe(200);
    // The result as the visitor downloads it: Playwright reads the job's result, which the page takes as a blob,
    // as an empty body.
    const download = await downloadResult(page);
    const merged = join(session.downloadsPath, `carried-merge-${Date.now()}.pdf`);
    await download.saveAs(merged);
    // Page sizes in order: the three-page file's (letter, 649 x 323, letter landscape), then the A4 pages.
    expect(pageSizes(merged)).toEqual([
      ...pageSizes(corpusPath(THREE_PAGES)),
      ...pageSizes(corpusPath(FOUR_PAGES)),
    ]);
    expect(pageSizes(merged)).toHaveLength(
      (corpusEntry(THREE_PAGES).pages ?? 0) + (corpusEntry(FOUR_PAGES).pages ?? 0),
    );
  });

  it('home: a chosen file comes along to French, and on to the tool chosen there', async () => {
    const page = await session.open(homePath('en'));
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect.poll(() => names(page)).toEqual([nameOf(FOUR_PAGES)]);
    const watched = await watch(page);
    await switchLanguage(page, 'fr');
    await expectLanguage(page, homePath('fr'), 'fr');

    expect(await names(page)).toEqual([nameOf(FOUR_PAGES)]);
    const choice = page.getByTestId('home-tool-choice');
    const split = choice.locator(`a[href="${toolPath('fr', 'split')}"]`);
    expect(await split.textContent()).toContain((await expectedMessage('fr', 'tools.split.title')).text);
    expect(await markerOf(page)).toBe(1);
    expect(watched.documents()).toBe(0);

    await split.click();
    await expectLanguage(page, toolPath('fr', 'split'), 'fr');
    await expect.poll(() => names(page)).toEqual([nameOf(FOUR_PAGES)]);
  });
});

describe('switching language without files, and reloading', () => {
  it('with no file chosen, the language link loads a new document', async () => {
    const page = await session.open(toolPath('en', 'split'));
    // Options alone are not carried: only chosen files make the switch happen in place.
    await rangeRadio(page).check();
    const watched = await watch(page);
    await switchLanguage(page, 'ja');
    await expectLanguage(page, toolPath('ja', 'split'), 'ja');
    await waitForHydration(page);

    expect(await markerOf(page)).toBeUndefined();
    expect(watched.documents()).toBe(1);
    expect(await page.getByTestId('selected-file').count()).toBe(0);
  });

  it('works before the page’s scripts have run: the menu opens and the link loads the page in the language', async () => {
    // A slow phone shows the page seconds before its scripts run; a click on the language menu then must not be
    // lost (it was a button that only React opened).
    const { page } = await session.openHeld(toolPath('en', 'merge'));
    expect(await isHydrated(page)).toBe(false);
    await page.getByTestId('language-switcher').click();
    expect(await page.getByTestId('language-list').isVisible()).toBe(true);
    await Promise.all([
      page.waitForURL(new RegExp(`${toolPath('es', 'merge')}$`)),
      page.getByTestId('language-list').getByTestId('language-es').click(),
    ]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('works before the page’s scripts have run on a phone: the menu opens, closes and its language links work', async () => {
    const { page } = await session.openHeld(toolPath('en', 'merge'), PHONE);
    const menu = page.getByTestId('mobile-menu');
    await page.getByTestId('menu-button').click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('button').first().click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByTestId('menu-button').click();
    expect(await isHydrated(page)).toBe(false);
    await Promise.all([
      page.waitForURL(new RegExp(`${toolPath('ar', 'merge')}$`)),
      menu.getByTestId('language-ar').click(),
    ]);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
  });

  it('after a carried switch, a reload keeps nothing of the files or the options', async () => {
    const page = await openSplitWithChoices();
    await switchLanguage(page, 'ja');
    await expectLanguage(page, toolPath('ja', 'split'), 'ja');
    expect(await names(page)).toEqual([nameOf(FOUR_PAGES)]);
    const watched = await watch(page);

    await page.reload();
    await waitForHydration(page);
    expect(watched.documents()).toBe(1);
    expect(await markerOf(page)).toBeUndefined();
    expect(page.url()).toMatch(new RegExp(`${toolPath('ja', 'split')}$`));
    // Give a late restore (from storage, a handed-over selection) the time to show: a frame and a task.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
    );
    expect(await page.getByTestId('selected-file').count()).toBe(0);
    expect(await page.getByTestId('split-mode').locator('input[value="pages"]').isChecked()).toBe(true);
    expect(await page.getByTestId('split-pageRange').count()).toBe(0);

    // Nor is anything of the visitor's in the browser's storage.
    const stored = await page.evaluate(async () => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      databases: (await indexedDB.databases()).map((database) => database.name),
      caches: await caches.keys(),
    }));
    for (const text of [stored.local, stored.session]) {
      expect(text).not.toContain(STEM);
      expect(text).not.toContain(RANGE);
    }
    expect(stored.databases).toEqual([]);
    expect(stored.caches).toEqual([]);
  });
});

describe('a hand-over reaches the next page only', () => {
  /** Removes the chosen file, then follows the footer's link to merge (client-side) and lists the files there. */
  async function removeThenOpenMerge(page: Page): Promise<string[]> {
    await page.getByTestId('remove-file').click();
    await expect.poll(() => page.getByTestId('selected-file').count()).toBe(0);
    const watched = await watch(page);
    await page.locator(`footer a[href="${toolPath('en', 'merge')}"]`).click();
    await page.waitForURL((url) => url.pathname === toolPath('en', 'merge'));
    await expect.poll(() => page.getByTestId('drop-area').textContent()).toContain('Drop your PDFs here');
    // Still the same document: what the merge page shows came from this page's memory.
    expect(await markerOf(page)).toBe(1);
    expect(watched.documents()).toBe(0);
    return names(page);
  }

  it('picking the language the page is already in leaves nothing for a later page', async () => {
    const page = await session.open(toolPath('en', 'split'));
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect.poll(() => names(page)).toEqual([nameOf(FOUR_PAGES)]);
    await switchLanguage(page, 'en');
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe(toolPath('en', 'split'));
    expect(await names(page)).toEqual([nameOf(FOUR_PAGES)]);

    // The visitor removes the file and goes on to another tool: the removed file must not come back there.
    expect(await removeThenOpenMerge(page)).toEqual([]);
  });

  it('a tool link of the home page opened in a new tab leaves nothing for a later page of this tab', async () => {
    const page = await session.open(homePath('en'));
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect.poll(() => names(page)).toEqual([nameOf(FOUR_PAGES)]);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByTestId('home-tool-choice')
        .locator(`a[href="${toolPath('en', 'split')}"]`)
        .click({ modifiers: ['Control'] }),
    ]);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe(homePath('en'));

    expect(await removeThenOpenMerge(page)).toEqual([]);
  });
});

/** The size of every page of a PDF, in page order, as pdfinfo reads it. */
function pageSizes(file: string): string[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
  return [...info.matchAll(/^Page +\d+ size: +(.+)$/gm)].map((match) => match[1] ?? '');
}
