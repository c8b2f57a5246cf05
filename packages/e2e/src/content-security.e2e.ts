import { corpusPath } from '@quire/corpus';
import { toolPath } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import { waitForJobResult } from './job-requests.ts';
import { downloadResult } from './download-result.ts';

const session = useBrowserSession();
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';

/** Collects every Content-Security-Policy violation the page reports, from before its first script. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}

const violationsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

describe('the Content-Security-Policy in Chromium', () => {
  it('lets the prerendered pages hydrate and run with no violation', async () => {
    for (const path of ['/', '/ar/', '/ja/merge-pdf', '/de/no-such-page']) {
      const page = await session.open(path, {}, recordViolations);
      const response = await page.request.get(page.url());
      expect(response.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
      expect(await violationsOf(page), path).toEqual([]);
    }
  });

  it('lets the blog filter, navigate to a post, copy its link and show Post Not Found with no violation', async () => {
    const listing = await session.open('/es/blog?q=pdf', {}, recordViolations);
    await listing.getByTestId('category-security').click();
    await listing.locator('[data-testid="read-more"]').first().click();
    await listing.getByTestId('blog-post').waitFor();
    expect(await violationsOf(listing)).toEqual([]);

    const post = await session.open(
      '/ar/blog/tips-splitting-large-pdf-files',
      { permissions: ['clipboard-read', 'clipboard-write'] },
      async (page) => {
        await recordViolations(page);
        await page.addInitScript(() => delete (Navigator.prototype as Partial<Navigator>).share);
      },
    );
    await post.getByTestId('share-button').click();
    await expect.poll(() => post.getByTestId('share-button').getAttribute('data-feedback')).toBe('copied');
    expect(await violationsOf(post)).toEqual([]);

    const missing = await session.open('/blog/no-such-post', {}, recordViolations);
    await missing.getByTestId('post-not-found').waitFor();
    expect(await violationsOf(missing)).toEqual([]);
  });

  it('blocks a script injected into the page', async () => {
    const page = await session.open('/', {}, recordViolations);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violationsOf(page)).join('\n')).toMatch(/^script-src-elem inline/m);
  });

  it('runs a tool end to end, with the page view drawn in its worker and the download, with no violation', async () => {
    const page = await session.open(toolPath('en', 'rotate'), {}, recordViolations);
    await page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await expect
      .poll(() => page.locator('[data-testid="page-thumbnail"][data-drawn="true"]').count(), {
        timeout: 20_000,
      })
      .toBe(4);
    await Promise.all([waitForJobResult(page), page.getByTestId('action-button').click()]);
    const download = await downloadResult(page);
    expect(download.suggestedFilename()).toBe('pysamples_outline-bookmarks_4p-rotated.pdf');
    expect(await violationsOf(page)).toEqual([]);
  });
});
