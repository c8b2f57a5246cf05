import { homePath, pagePath, toolPath, type Locale } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import { expectedMessage } from './page-head.ts';

const session = useBrowserSession();
const message = async (locale: Locale, key: string) => (await expectedMessage(locale, key)).text;

/** The tools section is the focused element, and its heading is in view below the sticky header. */
async function expectAtTools(page: Page, locale: Locale): Promise<void> {
  await page.waitForURL((url) => url.pathname === homePath(locale));
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tools');
  await expect
    .poll(() => page.locator('#tools-heading').evaluate((heading) => heading.getBoundingClientRect().top))
    .toBeLessThan(page.viewportSize()?.height ?? 0);
}

describe("the header's call to action", () => {
  it.each<[Locale, string]>([
    ['en', toolPath('en', 'merge')],
    ['ja', pagePath('ja', 'faq')],
  ])(
    '%s: names what it does, links to the tools section and takes the visitor there from %s',
    async (locale, path) => {
      const page = await session.open(path);
      const cta = page.getByTestId('choose-tool');
      expect(await cta.textContent()).toBe(await message(locale, 'common.nav.chooseTool'));
      expect(await cta.getAttribute('href')).toBe(`${homePath(locale)}#tools`);
      // There is no PDF editor, and nothing in the header says there is.
      if (locale === 'en') expect(await page.getByRole('banner').textContent()).not.toMatch(/edit/i);
      await cta.click();
      await expectAtTools(page, locale);
    },
  );

  it('does the same from the menu on a phone, and closes the menu', async () => {
    const page = await session.open(toolPath('es', 'split'), { viewport: { width: 390, height: 844 } });
    await page.getByTestId('menu-button').click();
    const cta = page.getByTestId('menu-choose-tool');
    expect(await cta.textContent()).toBe(await message('es', 'common.nav.chooseTool'));
    await cta.click();
    await expectAtTools(page, 'es');
    expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('false');
  });

  it('is a real link in the prerendered page, so it works before (or without) JavaScript', async () => {
    const html = await (await fetch(new URL('/de/help-center', session.baseUrl))).text();
    const link = /<a [^>]*data-testid="choose-tool"[^>]*>([^<]*)<\/a>/.exec(html);
    expect(link?.[0]).toContain('href="/de/#tools"');
    expect(link?.[1]).toBe(await message('de', 'common.nav.chooseTool'));
    const home = await (await fetch(new URL('/de/', session.baseUrl))).text();
    expect(home).toMatch(/<section id="tools"/);
  });
});
