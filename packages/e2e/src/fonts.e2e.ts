import { toolPath, type Locale } from '@quire/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';

const baseUrl = inject('baseUrl');
const SAMPLE = 'Merge, split and compress your PDF files online, for free and without an account.';

let session: Awaited<ReturnType<typeof launchBrowser>> | undefined;
beforeAll(async () => {
  session = await launchBrowser();
});
afterAll(async () => {
  await session?.close();
});

/** Opens a language's merge page and lists the font files it downloaded. */
async function openWithFonts(locale: Locale): Promise<{ page: Page; fontFiles: string[] }> {
  if (!session) throw new Error('the browser did not start');
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const fontFiles: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font')
      fontFiles.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  await page.goto(new URL(toolPath(locale, 'merge'), baseUrl).href, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  return { page, fontFiles };
}

describe('fonts', () => {
  it('English pages set text in Figtree, preloaded, from its basic Latin file only', async () => {
    const { page, fontFiles } = await openWithFonts('en');
    expect(fontFiles).toEqual([expect.stringMatching(/^figtree-latin-wght-normal-[\w-]+\.woff2$/)]);
    expect(await page.locator('link[rel=preload][as=font]').count()).toBe(1);
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(
      /^"Figtree Variable"/,
    );
    expect(await page.evaluate(() => document.fonts.check('700 16px "Figtree Variable"'))).toBe(true);
    await page.close();
  });

  it('English pages ask the system for no generic font before their first layout, Arabic pages for theirs', async () => {
    // The system fonts a page's load looks up through the browser process, as Chromium's trace names them.
    const lookups = async (locale: Locale) => {
      if (!session) throw new Error('the browser did not start');
      const page = await session.browser.newPage({ viewport: { width: 412, height: 823 } });
      await session.browser.startTracing(page, { categories: ['fonts', 'disabled-by-default-fonts'] });
      await page.goto(new URL(toolPath(locale, 'merge'), baseUrl).href, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const trace = JSON.parse((await session.browser.stopTracing()).toString()) as {
        traceEvents: { name: string; args?: { family_name?: string } }[];
      };
      await page.close();
      return trace.traceEvents
        .filter((event) => event.name === 'FontDataManager::onMatchFamilyStyle')
        .map((event) => event.args?.family_name);
    };
    expect(await lookups('ar')).toContain('Noto Sans Arabic');
    expect(await lookups('en')).not.toEqual(expect.arrayContaining(['sans-serif']));
  });

  it.each<Locale>(['ar', 'ja', 'zh-cn', 'ru'])('%s pages download no font', async (locale) => {
    const { page, fontFiles } = await openWithFonts(locale);
    expect(fontFiles).toEqual([]);
    expect(await page.locator('link[rel=preload][as=font]').count()).toBe(0);
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)).not.toMatch(/Figtree/);
    await page.close();
  });

  it('the fallback shown while Figtree loads takes the same room, so the swap moves nothing', async () => {
    const { page } = await openWithFonts('en');
    const boxes = await page.evaluate((text) => {
      const measure = (family: string, weight: number) => {
        const block = document.createElement('p');
        block.textContent = text;
        block.style.cssText = `position:absolute;white-space:nowrap;line-height:normal;font:${weight} 20px ${family}`;
        document.body.append(block);
        const { width, height } = block.getBoundingClientRect();
        block.remove();
        return { width, height };
      };
      return [400, 700].map((weight) => ({
        weight,
        figtree: measure('"Figtree Variable"', weight),
        fallback: measure('"Figtree Fallback"', weight),
      }));
    }, SAMPLE);
    for (const { weight, figtree, fallback } of boxes) {
      expect(Math.abs(fallback.width / figtree.width - 1), `width at ${weight}`).toBeLessThan(0.02);
      expect(Math.abs(fallback.height - figtree.height), `line height at ${weight}`).toBeLessThanOrEqual(1);
    }
    await page.close();
  });
});
