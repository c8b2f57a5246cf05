import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';

const session = useBrowserSession();

/**
 * Opens `path` and records what the browser reports: the status of the first answer, the address the page ended
 * at, and every error but the log line of a 404 answer itself.
 */
async function openRecording(path: string): Promise<{ page: Page; status: number; errors: string[] }> {
  const errors: string[] = [];
  let status = 0;
  const page = await session.open(path, {}, async (opening) => {
    opening.on('response', (response) => {
      if (response.request().isNavigationRequest() && status === 0) status = response.status();
    });
    opening.on('pageerror', (error) => errors.push(error.message));
    opening.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
  });
  // Errors of hydration are reported once React has finished: wait until the page has nothing left to do (an idle
  // period comes only after its pending tasks), not for a time.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  return { page, status, errors };
}

/**
 * React Router matches paths in the browser regardless of letter case; the page the server sends must be the one
 * the router hydrates, or React throws away the server's HTML with its error #418 (or shows "Application Error").
 */
describe('paths in other letter case', () => {
  it.each([
    ['/FOO', 'not-found', 'en'],
    ['/ES/no-such-page', 'not-found', 'es'],
    ['/BLOG/no-such-post', 'post-not-found', 'en'],
    ['/es/BLOG/No-Such-Post', 'post-not-found', 'es'],
  ])(
    '%s is a 404 that hydrates as the page it was served as, without an error',
    async (path, testId, lang) => {
      const { page, status, errors } = await openRecording(path);
      const served = await (await fetch(new URL(path, session.baseUrl))).text();

      expect(status).toBe(404);
      await page.getByTestId(testId).waitFor();
      expect(await page.locator('h1').textContent()).toBe(/<h1[^>]*>([^<]+)<\/h1>/.exec(served)?.[1]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(errors).toEqual([]);
    },
  );

  it.each([
    ['/Merge-PDF', '/merge-pdf', 'tool-workbench'],
    ['/ES/Split-PDF', '/es/split-pdf', 'tool-workbench'],
    ['/Blog/How-To-Merge-PDF-Files-Online', '/blog/how-to-merge-pdf-files-online', 'blog-post'],
  ])('%s leads to the page it names, %s, without an error', async (path, target, testId) => {
    const { page, status, errors } = await openRecording(path);
    expect(status).toBe(301);
    expect(new URL(page.url()).pathname).toBe(target);
    await page.getByTestId(testId).waitFor();
    expect(errors).toEqual([]);
  });
});

/**
 * The routes are one branch under an optional language segment, so the router reads any first segment as a
 * language: `/xx/merge-pdf` matches the merge route. The page there is the English not-found page, and the server
 * sends the one prerendered for that route, so that it hydrates as it was rendered.
 */
describe('paths under a segment that is no language', () => {
  it.each([
    '/xx',
    '/xx/merge-pdf',
    '/en/faq',
    '/xx/privacy-policy',
    '/xx/blog',
    '/xx/blog/no-such-post',
    '/xx/no-such-page',
    '/merge-pdf/deeper',
    '/Xx/Status',
  ])('%s is the English not-found page, a 404 that hydrates without an error', async (path) => {
    const { page, status, errors } = await openRecording(path);
    expect(status).toBe(404);
    await page.getByTestId('not-found').waitFor();
    expect(await page.title()).toMatch(/not found/i);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByTestId('tool-workbench').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
