import type { Locale, ToolId } from '@quire/shared';
import { toolPath } from '@quire/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { waitForHydration } from './browser-session.ts';

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
