import { homePath, pagePath, toolPath, type Locale } from '@quire/shared';
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
    // Every language has every message: English is not downloaded as a fallback.
    ['es', ['es']],
    ['ar', ['ar']],
    ['ja', ['ja']],
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

describe('a page whose language cannot be loaded', () => {
  it('loads English instead and works in it', async () => {
    if (!session) throw new Error('the browser did not start');
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.route(
      (url) => MESSAGE_CHUNK.exec(url.pathname)?.[1] === 'de',
      (route) => route.abort('failed'),
    );
    const english = /<h1[^>]*>([^<]+)<\/h1>/.exec(
      await (await fetch(new URL(toolPath('en', 'merge'), baseUrl))).text(),
    )?.[1];
    await page.goto(new URL(toolPath('de', 'merge'), baseUrl).href);
    await waitForHydration(page);
    expect(english).toBeTruthy();
    await expect.poll(() => page.locator('h1').textContent()).toBe(english);
    // A working page: the chooser takes a file.
    await page.getByTestId('file-input').setInputFiles({
      name: 'a.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect.poll(() => page.getByTestId('selected-file-name').count()).toBe(1);
    // React says that the German it was given does not match the English it renders (a hydration mismatch, which it
    // recovers from by rendering the page anew); nothing else may fail.
    const HYDRATION_MISMATCH = /Minified React error #(418|423|425)\b/;
    expect(pageErrors.filter((error) => !HYDRATION_MISMATCH.test(error))).toEqual([]);
    await context.close();
  });
});

/** Words of the API docs page alone (its `apiDocs` messages), in English and in Arabic. */
const API_DOCS_WORDS = ['API Documentation – Quire PDF Tools over HTTP', 'لملفات PDF عبر HTTP'];

describe('the API docs words reach the API docs page only', () => {
  it('a tool page downloads none of them, in English or Arabic', async () => {
    if (!session) throw new Error('the browser did not start');
    for (const locale of ['en', 'ar'] as const) {
      const context = await session.browser.newContext();
      const page = await context.newPage();
      // The scripts' addresses, read here once the page is idle: a body asked of the browser can be gone by then
      // (a preload answered from its cache), and a chunk that comes after hydration would still be on its way.
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = response.url();
        if (response.request().resourceType() === 'script' && url.startsWith('http')) scripts.add(url);
      });
      await page.goto(new URL(toolPath(locale, 'merge'), baseUrl).href);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const texts = await Promise.all([...scripts].map(async (url) => (await fetch(url)).text()));
      expect(texts.length, locale).toBeGreaterThan(3);
      for (const words of API_DOCS_WORDS) {
        expect(texts.filter((text) => text.includes(words)).length, `${locale}: ${words}`).toBe(0);
      }
      await context.close();
    }
  });

  it('the API docs page has them, opened first and reached from another page', async () => {
    if (!session) throw new Error('the browser did not start');
    const url = new URL(pagePath('ar', 'api-docs'), baseUrl).href;
    const prerendered = await (await fetch(url)).text();
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(prerendered)?.[1];
    const title = /<title>([^<]+)<\/title>/.exec(prerendered)?.[1];
    expect(heading).toBeTruthy();
    expect(title).toContain(API_DOCS_WORDS[1]);

    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url);
    await waitForHydration(page);
    expect(await page.locator('h1').textContent()).toBe(heading);
    expect(await page.title()).toBe(title);

    // From the home page, through the footer's link: the router renders the page in the browser.
    await page.goto(new URL(homePath('ar'), baseUrl).href);
    await waitForHydration(page);
    const link = `footer a[href="${pagePath('ar', 'api-docs')}"]`;
    await page.waitForFunction(
      (selector) =>
        Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__reactProps')),
      link,
    );
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator(link).click();
    await page.waitForURL(url);
    await page.locator('h1', { hasText: heading ?? '' }).waitFor();
    expect(await page.title()).toBe(title);
    expect(await page.locator('main').textContent()).not.toMatch(/apiDocs\./);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
