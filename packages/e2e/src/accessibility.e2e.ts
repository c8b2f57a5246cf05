import { corpusPath } from '@quire/corpus';
import {
  LOCALES,
  SITE_TOOL_IDS,
  TOOLS,
  blogPostPath,
  homePath,
  localePrefix,
  pagePath,
  sitePagePaths,
  splitLocale,
  switchLocale,
  toolPath,
  type Locale,
} from '@quire/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { seriousViolations } from './axe.ts';
import { waitForJobResult } from './job-requests.ts';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Time allowed per page of the full run (about 1.5 s each on an idle machine; the test machine is shared). */
const AXE_BUDGET_PER_PAGE_MS = 4_000;
/** The language written right to left, which reads a page of each kind besides its turn (see `pathsFor`). */
const RIGHT_TO_LEFT: Locale = 'ar';
const TOOL_SLUGS: ReadonlySet<string> = new Set(SITE_TOOL_IDS.map((id) => TOOLS[id].slug));

/** Serious and critical violations on the page as it is now, one readable line per element. */
async function violationsAt(page: Page, where: string): Promise<string[]> {
  return (await seriousViolations(page)).map((line) => `${where}: ${line}`);
}

/** Opens a path and waits until React has hydrated the document (its elements carry React's fiber keys). */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, baseUrl).href);
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

let close: (() => Promise<void>) | undefined;
let context: BrowserContext;
let page: Page;
/** A second tab for the pages of one language, walked two at a time. */
let secondPage: Page;

beforeAll(async () => {
  const session = await launchBrowser();
  close = session.close;
  // Reduced motion: axe judges colours once, so nothing should be halfway through a fade.
  context = await session.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  page = await context.newPage();
  secondPage = await context.newPage();
});
afterAll(async () => {
  await close?.();
});
// The tab opened last is the one in front, and a tab behind it draws no frames: Playwright's wait for a clicked
// element to stand still then took 2 s a click (the FAQ's questions, 18 s of waiting).
beforeEach(async () => {
  await page.bringToFront();
});

/**
 * The pages axe reads in `locale`: every page is read once, in one language, the languages taking turns down the
 * list, so that each reads pages of every kind (a tool page among them); Arabic, the one written right to left,
 * also reads one page of each kind (its layout mirrors per kind, not per page); and each language reads its
 * not-found pages. Pages of one kind share their markup, colours and landmarks in every language; what one language
 * alone can break (a label left empty) is its messages', which the unit tests hold complete. (Every page in English
 * and in Arabic was read until the suite had to fit its time: 3 readings of the site, now 1.)
 */
function pathsFor(locale: Locale): string[] {
  const turn = LOCALES.indexOf(locale);
  const prefix = localePrefix(locale);
  const own = sitePagePaths().filter((_path, index) => index % LOCALES.length === turn);
  const extra = locale === RIGHT_TO_LEFT ? onePageOfEachKind().filter((path) => !own.includes(path)) : [];
  return [
    ...[...own, ...extra].map((rest) => switchLocale(rest, locale)),
    `${prefix}/no-such-page`,
    blogPostPath(locale, 'no-such-post'),
  ];
}

/** The home page, a tool page, an information page, the blog and a blog post (English paths). */
function onePageOfEachKind(): string[] {
  const paths = sitePagePaths();
  const isTool = (path: string) => TOOL_SLUGS.has(path.slice(1));
  const isPost = (path: string) => path.startsWith('/blog/');
  return [
    '/',
    paths.find(isTool),
    paths.find((path) => path !== '/' && path !== '/blog' && !isTool(path) && !isPost(path)),
    '/blog',
    paths.find(isPost),
  ].filter((path): path is string => path !== undefined);
}

describe('axe-core: no serious or critical WCAG 2.2 AA violation', () => {
  // One test per language, so that each stays well inside its time limit however many pages the site has
  // (allowing some 3 s a page on a busy machine).
  it.each(LOCALES)(
    'on the pages read in %s, and on its not-found pages',
    async (locale) => {
      const paths = pathsFor(locale);
      // Two tabs take turns at the list: axe's work is the browser's, and the machine has two cores.
      const violations: string[] = [];
      let next = 0;
      const walk = async (tab: Page) => {
        for (let path = paths[next++]; path !== undefined; path = paths[next++]) {
          await openHydrated(tab, path);
          violations.push(...(await violationsAt(tab, path)));
        }
      };
      await Promise.all([walk(page), walk(secondPage)]);
      expect(violations.sort()).toEqual([]);
    },
    (sitePagePaths().length + 2) * AXE_BUDGET_PER_PAGE_MS,
  );

  it('reads every page in one language or more, and every language reads pages of each kind', () => {
    const read = LOCALES.flatMap((locale) => pathsFor(locale).map((path) => splitLocale(path).rest));
    expect(new Set(read)).toEqual(new Set([...sitePagePaths(), '/no-such-page', '/blog/no-such-post']));
    for (const locale of LOCALES) {
      const rests = pathsFor(locale).map((path) => splitLocale(path).rest);
      expect(
        rests.some((rest) => TOOL_SLUGS.has(rest.slice(1))),
        locale,
      ).toBe(true);
    }
    expect(
      onePageOfEachKind().every((rest) =>
        pathsFor(RIGHT_TO_LEFT).includes(switchLocale(rest, RIGHT_TO_LEFT)),
      ),
    ).toBe(true);
  });

  it('on a tool page with files selected, an upload error, the password dialog and a toast', async () => {
    const path = toolPath('en', 'merge');
    const input = page.locator('input[type=file]');
    const violations: string[] = [];
    await openHydrated(page, path);

    await input.setInputFiles([corpusPath('word/mammoth_tables.docx')]);
    await page.getByTestId('upload-error').waitFor();
    violations.push(...(await violationsAt(page, `${path} with an upload error`)));

    await input.setInputFiles([
      corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf'),
      corpusPath('pdf/pysamples_encrypted_user-openpassword.pdf'),
    ]);
    await page.getByTestId('action-button').waitFor();
    violations.push(...(await violationsAt(page, `${path} with files selected`)));

    await page.getByTestId('action-button').click();
    const dialog = page.getByTestId('password-dialog');
    await dialog.waitFor();
    violations.push(...(await violationsAt(page, `${path} with the password dialog open`)));

    await dialog.locator('input[type=password]').fill('openpassword');
    await Promise.all([waitForJobResult(page), dialog.locator('button[type=submit]').click()]);
    await page.getByTestId('toast').waitFor();
    violations.push(...(await violationsAt(page, `${path} with a toast and the result`)));

    expect(violations).toEqual([]);
  });

  it('on the home page with a PDF and a JPG chosen, each kind offered its tools, on a desktop and on a phone', async () => {
    const violations: string[] = [];
    for (const [locale, viewport] of [
      ['en', DESKTOP],
      ['ar', PHONE],
    ] as const) {
      const path = homePath(locale);
      await page.setViewportSize(viewport);
      await openHydrated(page, path);
      await page
        .getByTestId('file-input')
        .setInputFiles([
          corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf'),
          corpusPath('images/pysamples_progressive.jpg'),
        ]);
      await page.getByTestId('home-file-group').first().waitFor();
      violations.push(...(await violationsAt(page, `${path} with a PDF and a JPG at ${viewport.width} px`)));
    }
    await page.setViewportSize(DESKTOP);
    expect(violations).toEqual([]);
  });

  it('on the blog with no post matching the search, on a desktop and on a phone', async () => {
    const violations: string[] = [];
    for (const [locale, viewport] of [
      ['en', DESKTOP],
      ['ar', PHONE],
    ] as const) {
      const path = `${pagePath(locale, 'blog')}?q=no-such-words`;
      await page.setViewportSize(viewport);
      await openHydrated(page, path);
      await page.getByTestId('no-results').waitFor();
      violations.push(...(await violationsAt(page, `${path} at ${viewport.width} px`)));
    }
    await page.setViewportSize(DESKTOP);
    expect(violations).toEqual([]);
  });

  it('with the language menu open, and with the mobile menu open on a phone', async () => {
    const violations: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      const path = toolPath(locale, 'merge');
      await page.setViewportSize(DESKTOP);
      await openHydrated(page, path);
      await page.getByTestId('language-switcher').click();
      await page.getByTestId('language-es').first().waitFor({ state: 'visible' });
      violations.push(...(await violationsAt(page, `${path} with the language menu open`)));

      await page.setViewportSize(PHONE);
      await openHydrated(page, path);
      await page.getByTestId('menu-button').click();
      await page.getByTestId('mobile-menu').locator('button').first().waitFor({ state: 'visible' });
      violations.push(...(await violationsAt(page, `${path} at 390×844 with the menu open`)));
    }
    await page.setViewportSize(DESKTOP);
    expect(violations).toEqual([]);
  });

  it('on the FAQ with a category chosen, questions open and no match', async () => {
    const violations: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      const path = pagePath(locale, 'faq');
      await openHydrated(page, path);
      await page.getByTestId('faq-chip-splitting').click();
      for (const summary of await page.locator('[data-testid="faq-item"]:not([hidden]) > summary').all()) {
        await summary.click();
      }
      await page
        .locator('[data-testid="faq-item"]:not([hidden]) [data-testid="faq-answer"]')
        .first()
        .waitFor({ state: 'visible' });
      violations.push(...(await violationsAt(page, `${path} with a category and its answers open`)));

      await page.getByTestId('faq-search').fill('zzqx');
      await page.getByTestId('faq-empty').waitFor();
      violations.push(...(await violationsAt(page, `${path} with no match`)));
    }
    expect(violations).toEqual([]);
  });
});

describe('keyboard focus', () => {
  it('is visible on every element the Tab key reaches', async () => {
    const missing: string[] = [];
    for (const path of [
      '/',
      toolPath('en', 'merge'),
      '/ar/',
      pagePath('en', 'blog'),
      blogPostPath('ar', 'tips-splitting-large-pdf-files'),
    ]) {
      await openHydrated(page, path);
      let reached = 0;
      for (let step = 0; step < 100; step += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!(element instanceof HTMLElement) || element === document.body) return null;
          // Marked when first reached: meeting a marked element again means focus went round the page.
          if (element.dataset.focusReached) return null;
          element.dataset.focusReached = 'yes';
          const style = getComputedStyle(element);
          const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          const hasRing = style.boxShadow !== 'none';
          const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
          return {
            name: `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`,
            isVisible: hasOutline || hasRing,
          };
        });
        if (!focused) break;
        reached += 1;
        if (!focused.isVisible) missing.push(`${path}: ${focused.name}`);
      }
      expect(reached, path).toBeGreaterThan(10);
    }
    expect(missing).toEqual([]);
  });
});
