import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';

type Session = Awaited<ReturnType<typeof launchBrowser>>;

/**
 * One Chromium for the calling test file; `open(path, options)` gives a page in a fresh browser context (its own
 * storage, locale and viewport), on the built site, hydrated. Contexts close after each test.
 */
export function useBrowserSession(launch: { backForwardCache?: boolean } = {}) {
  const baseUrl = inject('baseUrl');
  let session: Session | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    session = await launchBrowser(launch);
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  afterAll(async () => {
    await session?.close();
  });

  return {
    baseUrl,
    get downloadsPath() {
      return session?.downloadsPath ?? '';
    },
    /** A hydrated page at `path` (or only loaded, if not `hydrated`); `beforeLoad` runs first (init scripts, routes). */
    async open(
      path: string,
      options: BrowserContextOptions = {},
      beforeLoad?: (page: Page) => Promise<void>,
      hydrated = true,
    ): Promise<Page> {
      if (!session) throw new Error('the browser did not start');
      const context = await session.browser.newContext({
        acceptDownloads: true,
        viewport: { width: 1280, height: 900 },
        ...options,
      });
      const page = await context.newPage();
      pages.push(page);
      await beforeLoad?.(page);
      await page.goto(new URL(path, baseUrl).href, { waitUntil: hydrated ? 'load' : 'domcontentloaded' });
      if (hydrated) await waitForHydration(page);
      return page;
    },
    /**
     * A page at `path` whose scripts are held back (every `.js` request waits) until `release()`: the page as a
     * visitor sees it between its first paint and the arrival of its JavaScript. Resolves once the page has loaded
     * its HTML; `release()` lets the scripts through and resolves once the page has hydrated.
     */
    async openHeld(
      path: string,
      options: BrowserContextOptions = {},
    ): Promise<{ page: Page; release: () => Promise<void> }> {
      let letThrough = () => {};
      const held = new Promise<void>((resolve) => {
        letThrough = resolve;
      });
      const page = await this.open(
        path,
        options,
        async (page) => {
          await page.route(/\.js(\?|$)/, async (route) => {
            await held;
            await route.continue();
          });
        },
        false,
      );
      const release = async () => {
        letThrough();
        await waitForHydration(page);
      };
      return { page, release };
    },
  };
}

/**
 * React has hydrated once the header's language switcher answers (its click handler is attached). Pages boot
 * after their first paint, so a test that acts before this acts on HTML that React will not see: a file set on
 * the input before hydration is lost.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(hasHydrated);
}

/** Whether React has hydrated the page now (see `waitForHydration`). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(hasHydrated);
}

/** In the page: whether the header's language switcher has React's props. */
function hasHydrated(): boolean {
  const root = document.querySelector('[data-testid="language-switcher"]');
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactProps'));
}
