import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.ts';

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
    /** A hydrated page at `path`; `beforeLoad` runs first (init scripts, routes). */
    async open(
      path: string,
      options: BrowserContextOptions = {},
      beforeLoad?: (page: Page) => Promise<void>,
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
      await page.goto(new URL(path, baseUrl).href);
      await waitForHydration(page);
      return page;
    },
  };
}

/**
 * React has hydrated once the header's language switcher answers (its click handler is attached). Pages boot
 * after their first paint, so a test that acts before this acts on HTML that React will not see: a file set on
 * the input before hydration is lost.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-testid="language-switcher"]');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactProps'));
  });
}
