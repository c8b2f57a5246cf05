import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';

/** V8's explicit compile hint (see packages/web/build-time/compile-hints.ts). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

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
    // React Router's manifest is data.
    for (const path of scripts.filter((script) => !/\/manifest-/.test(script))) {
      const code = await (await fetch(new URL(path, session.baseUrl))).text();
      expect(code.startsWith(COMPILE_HINT), path).toBe(true);
    }
  });
});
