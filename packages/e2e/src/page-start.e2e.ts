import { pagePath, toolPath } from '@quire/shared';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';

/** V8's explicit compile hint (see packages/web/build-time/compile-hints.ts). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const WARMING_WORKER = /\/assets\/warm-intl\.worker-[\w-]+\.js$/;

const session = useBrowserSession();

describe('what a page runs as it starts', () => {
  it('compiles the scripts it starts with as they stream in (each opens with the compile hint)', async () => {
    const scripts: string[] = [];
    const page = await session.open('/merge-pdf', {}, async (opening) => {
      opening.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) scripts.push(pathname);
      });
    });
    expect(await page.locator('h1').textContent()).toBeTruthy();
    // The boot's modules: the client entry, React Router's manifest, the route modules and the shared chunks.
    expect(scripts.some((path) => /\/entry\.client-/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/framework-/.test(path))).toBe(true);
    // React Router's manifest is data; the worker's script runs on its own thread.
    for (const path of scripts.filter(
      (script) => !/\/manifest-/.test(script) && !WARMING_WORKER.test(script),
    )) {
      const code = await (await fetch(new URL(path, session.baseUrl))).text();
      expect(code.startsWith(COMPILE_HINT), path).toBe(true);
    }
  });

  it('starts React DOM without stack traces for its sentinels (packages/web/build-time/react-dom-sentinels.ts)', async () => {
    const html = await (await fetch(new URL('/merge-pdf', session.baseUrl))).text();
    const framework = /"(\/assets\/framework-[\w-]+\.js)"/.exec(html)?.[1];
    expect(framework).toBeDefined();
    const code = await (await fetch(new URL(framework ?? '', session.baseUrl))).text();
    // The stand-in's body survives minifying; React DOM's own start makes no other object of Error's prototype.
    expect(code.match(/Object\.create\(Error\.prototype\)/g)).toHaveLength(1);
  });

  it.each(['/', '/merge-pdf', '/ar/merge-pdf', '/blog/how-to-merge-pdf-files-online', '/status'])(
    '%s is written in reading order, and its later parts hydrate too, without an error',
    async (path) => {
      const html = await (await fetch(new URL(path, session.baseUrl))).text();
      // The parts hydrated later are Suspense boundaries written in place (<!--$-->…<!--/$-->), never as a
      // template that a script moves in once the rest has painted.
      expect(html).toContain('<!--$-->');
      expect(html).not.toMatch(/<template id="B:|<!--\$\?-->|\$RC\(/);
      const errors: string[] = [];
      const page = await session.open(path, {}, async (opening) => {
        opening.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        opening.on('pageerror', (error) => errors.push(error.message));
      });
      // The footer is among the parts hydrated last: its links become React's.
      await page.waitForFunction(() => {
        const link = document.querySelector('footer a');
        return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'));
      });
      expect(errors).toEqual([]);
    },
  );

  it('opens the locale data in a worker, then hydrates in the page language', async () => {
    const workers: string[] = [];
    const errors: string[] = [];
    const page = await session.open(toolPath('ar', 'merge'), {}, async (opening) => {
      opening.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      opening.on('pageerror', (error) => errors.push(error.message));
    });
    expect(workers.filter((url) => WARMING_WORKER.test(url))).toHaveLength(1);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toMatch(/PDF/);
    expect(errors).toEqual([]);
  });

  it('applies its stylesheet once: the copy in the page, never fetching the file as well, hydrated or navigated', async () => {
    const sheets = (page: Page) =>
      page.evaluate(() =>
        [...document.styleSheets]
          .filter((sheet) => !sheet.disabled)
          .map((sheet) => (sheet.href === null ? 'inline' : new URL(sheet.href).pathname)),
      );
    // An information page too: its Markdown typography is in the one stylesheet, not a second file of its own.
    for (const path of [toolPath('en', 'merge'), pagePath('fr', 'faq')]) {
      const fetched: string[] = [];
      const page = await session.open(path, {}, async (opening) => {
        opening.on('request', (request) => {
          if (new URL(request.url()).pathname.endsWith('.css')) fetched.push(request.url());
        });
      });
      // The boot may still be settling: give it the frames a page needs to add a link.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
      expect(await sheets(page), path).toEqual(['inline']);
      expect(await page.locator('link[rel=stylesheet]').count(), path).toBe(0);
      // Not even by the preload scanner, which fetched a link left in the page disabled.
      expect(fetched, path).toEqual([]);
    }
    // A client-side navigation (the footer's link to the FAQ) keeps the one copy.
    const page = await session.open(toolPath('en', 'merge'));
    await page
      .locator(`footer a[href="${pagePath('en', 'faq')}"]`)
      .first()
      .click();
    await page.waitForURL(new URL(pagePath('en', 'faq'), session.baseUrl).href);
    await page.locator('h1').waitFor();
    expect(await sheets(page)).toEqual(['inline']);
  });

  it("hydrates with its own routes only, and reaches the others without a reload after the visitor's first input", async () => {
    const routeIds = (page: Page) =>
      page.evaluate(() =>
        Object.keys(
          (window as { __reactRouterManifest?: { routes: object } }).__reactRouterManifest?.routes ?? {},
        ),
      );
    const errors: string[] = [];
    const page = await session.open(toolPath('en', 'merge'), {}, async (opening) => {
      opening.on('pageerror', (error) => errors.push(error.message));
    });
    // packages/web/app/lib/held-routes.ts: nothing put the other routes back while the page started.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(await routeIds(page)).toEqual(['root', 'layout', 'tool/merge']);
    await page.evaluate(() => Object.assign(window, { quireSamePage: true }));
    // A click (its pointerdown puts the routes back first): the next tool, rendered by the router in this page.
    await page
      .locator(`footer a[href="${toolPath('en', 'compress')}"]`)
      .first()
      .click();
    await page.waitForURL(new URL(toolPath('en', 'compress'), session.baseUrl).href);
    await page.getByRole('heading', { level: 1, name: 'Compress PDF' }).waitFor();
    expect((await routeIds(page)).length).toBeGreaterThan(20);
    expect(await page.evaluate(() => 'quireSamePage' in window)).toBe(true);
    // Back: the router's own move through the history.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Merge PDF' }).waitFor();
    expect(await page.evaluate(() => 'quireSamePage' in window)).toBe(true);

    // By keyboard on a fresh page: the focus moving to a link is the first input, Enter follows it.
    const keyed = await session.open(pagePath('fr', 'faq'));
    await keyed.evaluate(() => Object.assign(window, { quireSamePage: true }));
    const security = keyed.locator(`footer a[href="${pagePath('fr', 'security')}"]`).first();
    await security.focus();
    await keyed.keyboard.press('Enter');
    await keyed.waitForURL(new URL(pagePath('fr', 'security'), session.baseUrl).href);
    await keyed.locator('h1').waitFor();
    expect(await keyed.evaluate(() => 'quireSamePage' in window)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('starts no document besides its own: its icon is a PNG, where an SVG icon is a document built on the main thread', async () => {
    type TraceEvent = {
      name: string;
      pid: number;
      args?: { frame?: string; data?: { documentLoaderURL?: string } };
    };
    /** Documents that start in the page's process in frames other than the page's own, as the trace names them. */
    const otherDocuments = async (svgIcon: boolean) => {
      let browser: Browser | null = null;
      const page = await session.open(toolPath('en', 'merge'), {}, async (opening) => {
        browser = opening.context().browser();
        await browser?.startTracing(opening, { categories: ['blink.user_timing', 'loading'] });
        if (svgIcon) {
          // The same page linking the SVG the PNG is drawn from: what the check below must catch.
          await opening.route(new URL(toolPath('en', 'merge'), session.baseUrl).href, async (route) => {
            const response = await route.fetch();
            const html = (await response.text()).replace(
              /<link rel="icon"[^>]*>/,
              '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
            );
            await route.fulfill({ response, body: html });
          });
        }
      });
      await page.waitForLoadState('networkidle');
      const trace = await (browser as Browser | null)?.stopTracing();
      const events =
        (JSON.parse(trace?.toString() ?? '{}') as { traceEvents?: TraceEvent[] }).traceEvents ?? [];
      const own = events.find(
        (event) =>
          event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith('http'),
      );
      expect(own).toBeDefined();
      return events.filter(
        (event) =>
          event.name === 'navigationStart' &&
          event.pid === own?.pid &&
          event.args?.frame !== own?.args?.frame,
      ).length;
    };
    expect(await otherDocuments(true)).toBeGreaterThan(0);
    expect(await otherDocuments(false)).toBe(0);
    const icon = await (await fetch(new URL('/merge-pdf', session.baseUrl))).text();
    const href = /<link rel="icon" href="([^"]+)" type="image\/png"/.exec(icon)?.[1];
    expect(href).toBeDefined();
    const response = await fetch(new URL(href ?? '', session.baseUrl));
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('hydrates all the same when the worker cannot load (the main thread opens the locale data)', async () => {
    const errors: string[] = [];
    let refused = 0;
    const page = await session.open(toolPath('de', 'merge'), {}, async (opening) => {
      opening.on('pageerror', (error) => errors.push(error.message));
      await opening.route(WARMING_WORKER, async (route) => {
        refused += 1;
        await route.abort();
      });
    });
    expect(refused).toBe(1);
    // Hydrated (the session waits for it), in German: the language menu answers.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-es').first().waitFor({ state: 'visible' });
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(errors).toEqual([]);
  });
});
