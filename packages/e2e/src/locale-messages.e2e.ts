import { toolPath, type Locale } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { waitForHydration } from './browser-session.ts';

const baseUrl = inject('baseUrl');
/** A language's message chunk, as the build names it (`/assets/messages-zh-cn-AbC123_x.js`). */
const MESSAGE_CHUNK = /\/assets\/messages-([a-z]{2}(?:-[a-z]{2})?)-[\w-]{8}\.js$/;

let session: Awaited<ReturnType<typeof launchBrowser>> | undefined;
beforeAll(async () => {
  session = await launchBrowser();
});
afterAll(async () => {
  await session?.close();
});

describe("each page loads its own language's messages only", () => {
  it.each<[Locale, string[]]>([
    ['en', ['en']],
    ['es', ['en', 'es']],
    ['ar', ['ar', 'en']],
    ['ja', ['en', 'ja']],
  ])('%s: message chunks %j, hydrated without an error, still in its language', async (locale, chunks) => {
    if (!session) throw new Error('the browser did not start');
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const loaded = new Set<string>();
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const chunk = MESSAGE_CHUNK.exec(new URL(request.url()).pathname)?.[1];
      if (chunk) loaded.add(chunk);
    });

    const url = new URL(toolPath(locale, 'merge'), baseUrl).href;
    const prerendered = await (await fetch(url)).text();
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(prerendered)?.[1];
    await page.goto(url);
    // The page boots after its first paint: the language menu opens once React has hydrated the header.
    await waitForHydration(page);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-es').first().waitFor({ state: 'visible' });

    expect(heading).toBeTruthy();
    expect(await page.locator('h1').textContent()).toBe(heading);
    expect([...loaded].sort()).toEqual(chunks);
    expect(errors).toEqual([]);
    await context.close();
  });
});
