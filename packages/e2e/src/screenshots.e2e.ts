import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { homePath, toolPath, type Locale } from '@quire/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { waitForHydration } from './browser-session.ts';
import {
  boxOf,
  centerXOf,
  endCharactersOf,
  inkCenterOf,
  isFirstCharacterShown,
  lineGapsOf,
} from './page-geometry.ts';
import { expectMatchesBaseline } from './screenshot-baseline.ts';

/**
 * Screenshots of the home page and the merge page in English and Arabic, at a desktop and a phone size, compared
 * with the baselines in `packages/e2e/screenshots/`; `UPDATE_SCREENSHOTS=1 npm run screenshots` rewrites them.
 * Beside the pixels, each case measures the layout, so a mirrored page is proven whatever the baseline says.
 */

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
/** A fixed day, so nothing that shows the date (the footer's year) moves. */
const FIXED_TIME = new Date('2026-06-15T12:00:00Z');
/** A Latin name that starts with a bracket and an Arabic one that ends in Latin: both jumble without isolation. */
const LATIN_FILE_NAME = '(draft) Q3 report.pdf';
const ARABIC_FILE_NAME = 'تقرير المبيعات 2024.pdf';
const FROZEN_CSS = '*, *::before, *::after { animation: none !important; transition: none !important; }';

type Viewport = typeof DESKTOP;

let browser: Browser;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
});
afterAll(async () => {
  await close();
});

/** A fresh page at a fixed time, hydrated, with animations and the caret stopped and the fonts loaded. */
async function openPage(path: string, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    // The frozen-animation style sheet below is the test's, not the page's: the page's CSP would refuse it.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_TIME);
  await page.goto(new URL(path, baseUrl).href);
  await waitForHydration(page);
  await page.addStyleTag({ content: FROZEN_CSS });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page;
}

async function screenshotOf(page: Page): Promise<Buffer> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

async function expectDocumentDirection(page: Page, locale: Locale): Promise<void> {
  const [lang, dir] = await page.evaluate(() => [
    document.documentElement.lang,
    document.documentElement.dir,
  ]);
  expect(lang).toBe(locale);
  expect(dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
}

/** The logo sits at the inline start, the language switcher (or menu button) at the inline end. */
async function expectHeaderMirrored(page: Page, locale: Locale, viewport: Viewport): Promise<void> {
  const logo = await boxOf(page.locator(`header a[href="${homePath(locale)}"]:not([hreflang])`));
  const control = await boxOf(
    page.getByTestId(viewport === MOBILE ? 'menu-button' : 'language-switcher').first(),
  );
  const middle = viewport.width / 2;
  if (locale === 'ar') {
    expect(centerXOf(logo)).toBeGreaterThan(middle);
    expect(centerXOf(control)).toBeLessThan(middle);
  } else {
    expect(centerXOf(logo)).toBeLessThan(middle);
    expect(centerXOf(control)).toBeGreaterThan(middle);
  }
}

/** Every line of a block touches the page's start edge, and the other edge is ragged. */
async function expectAlignedToStart(page: Page, selector: string | Locator, locale: Locale): Promise<void> {
  const gaps = await lineGapsOf(typeof selector === 'string' ? page.locator(selector).first() : selector);
  const [start, end] = locale === 'ar' ? [gaps.right, gaps.left] : [gaps.left, gaps.right];
  expect(start).toBeLessThan(1.5);
  expect(end).toBeGreaterThan(8);
}

const LOCALES_SHOWN = ['en', 'ar'] as const satisfies readonly Locale[];

describe.each(LOCALES_SHOWN)('the home page in %s', (locale) => {
  it('on a desktop: header, hero text and tools mirror with the language', async () => {
    const page = await openPage(homePath(locale), DESKTOP);
    await expectDocumentDirection(page, locale);
    await expectHeaderMirrored(page, locale, DESKTOP);
    await expectAlignedToStart(page, 'main h1 + p', locale);
    await expectMatchesBaseline(`home-${locale}-desktop`, await screenshotOf(page));
  });

  it('on a phone with the menu open: the menu comes from the inline end', async () => {
    const page = await openPage(homePath(locale), MOBILE);
    await expectHeaderMirrored(page, locale, MOBILE);
    await page.getByTestId('menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    await expect
      .poll(async () => (await boxOf(menu)).x)
      .toBe(locale === 'ar' ? 0 : MOBILE.width - (await boxOf(menu)).width);
    // The pointer rests on the dimmed backdrop beside the menu, where nothing reacts to hover.
    await page.mouse.move(locale === 'ar' ? MOBILE.width - 4 : 4, MOBILE.height / 2);
    await expectMatchesBaseline(`home-${locale}-mobile-menu`, await screenshotOf(page));
  });
});

/** The merge page with a Latin and an Arabic file name selected, so the file list shows. */
async function openMergeWithFiles(locale: Locale, viewport: Viewport): Promise<Page> {
  const page = await openPage(toolPath(locale, 'merge'), viewport);
  const files = [
    { name: LATIN_FILE_NAME, path: 'pdf/pysamples_outline-bookmarks_4p.pdf' },
    { name: ARABIC_FILE_NAME, path: 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf' },
  ];
  await page.locator('input[type=file]').setInputFiles(
    await Promise.all(
      files.map(async ({ name, path }) => ({
        name,
        mimeType: 'application/pdf',
        buffer: await readFile(corpusPath(path)),
      })),
    ),
  );
  await expect.poll(() => page.getByTestId('selected-file').count()).toBe(2);
  // Each row shows its file's first page once drawn: waited for, so every picture of the list is the same.
  await expect.poll(() => page.getByTestId('first-page').count(), { timeout: 20_000 }).toBe(2);
  return page;
}

describe.each(LOCALES_SHOWN)('the merge page in %s', (locale) => {
  it('on a desktop: back arrow, file list and file names read in the right direction', async () => {
    const page = await openMergeWithFiles(locale, DESKTOP);
    await expectDocumentDirection(page, locale);
    await expectHeaderMirrored(page, locale, DESKTOP);

    // The back arrow stands at the inline start of its link and points that way.
    const back = page.getByTestId('back-to-tools');
    const arrow = back.locator('svg');
    const isArrowRightOfText = centerXOf(await boxOf(arrow)) > centerXOf(await boxOf(back));
    expect(isArrowRightOfText).toBe(locale === 'ar');
    const ink = await inkCenterOf(arrow);
    if (locale === 'ar') expect(ink).toBeGreaterThan(0.55);
    else expect(ink).toBeLessThan(0.45);

    // Each file row runs from its first page at the inline start to the remove button at the inline end.
    const row = page.getByTestId('selected-file').first();
    const icon = centerXOf(await boxOf(row.getByTestId('first-page')));
    const remove = centerXOf(await boxOf(row.getByTestId('remove-file')));
    expect(icon > remove).toBe(locale === 'ar');

    // A Latin name reads left to right and an Arabic name right to left, whatever the page's direction, and
    // both line up with the page's start side.
    const [latin, arabic] = await page.getByTestId('selected-file-name').all();
    if (!latin || !arabic) throw new Error('two file names expected');
    const latinEnds = await endCharactersOf(latin);
    expect(latinEnds.first).toBeLessThan(latinEnds.last);
    const arabicEnds = await endCharactersOf(arabic);
    expect(arabicEnds.first).toBeGreaterThan(arabicEnds.last);
    await expectAlignedToStart(page, latin, locale);
    await expectAlignedToStart(page, arabic, locale);

    await expectMatchesBaseline(`merge-${locale}-desktop`, await screenshotOf(page));
  });

  it('on a phone: the header, the file list and the how-to mirror', async () => {
    const page = await openMergeWithFiles(locale, MOBILE);
    await expectHeaderMirrored(page, locale, MOBILE);
    const heading = page.locator('#selected-files-heading span');
    const isHeadingRightOfCount =
      centerXOf(await boxOf(heading.first())) > centerXOf(await boxOf(heading.last()));
    expect(isHeadingRightOfCount).toBe(locale === 'ar');
    await expectAlignedToStart(page, '#how-to-heading', locale);
    // A name too long for a phone is cut at its own end, so its beginning stays readable.
    for (const name of await page.getByTestId('selected-file-name').all()) {
      expect(await isFirstCharacterShown(name)).toBe(true);
    }
    await page.getByTestId('selected-files').evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await expectMatchesBaseline(`merge-${locale}-mobile`, await screenshotOf(page));
  });
});
