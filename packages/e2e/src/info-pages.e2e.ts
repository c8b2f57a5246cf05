import {
  LOCALE_INFO,
  LOCALES,
  MAX_MERGE_FILES,
  PAGE_ALIASES,
  localePrefix,
  pagePath,
  type Locale,
} from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import {
  expectedFaq,
  expectedHelp,
  expectedTextPage,
  foldSpaces,
  mainText,
  type ExpectedFaqItem,
} from './info-content.ts';
import { tabTo } from './keyboard.ts';
import { expectedMessage, readHead } from './page-head.ts';

const baseUrl = inject('baseUrl');
const TEXT_PAGES = ['privacy-policy', 'terms-of-service', 'cookie-policy', 'security', 'about'] as const;

async function fetchPage(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(path, baseUrl));
  return { status: response.status, html: await response.text() };
}

const titleFor = async (locale: Locale, name: string) =>
  (await expectedMessage(locale, 'info.seo.title', { page: name })).text;

/** Every node of a JSON-LD graph. */
const graphNodes = (jsonLd: unknown[]) =>
  jsonLd.flatMap((block) => (block as { '@graph'?: Record<string, unknown>[] })['@graph'] ?? []);

/** Fails with the texts a page's raw HTML lacks. */
function expectTexts(path: string, html: string, texts: readonly string[]): void {
  const text = mainText(html);
  expect(
    texts.map(foldSpaces).filter((wanted) => !text.includes(wanted)),
    path,
  ).toEqual([]);
}

describe('informational pages in the prerendered HTML (no JavaScript)', () => {
  it('the help center (and /lp-center) carries every guide and benefit of its language', async () => {
    for (const locale of LOCALES) {
      const help = await expectedHelp(locale);
      const title = await titleFor(locale, help.title);
      for (const slug of ['help-center', ...Object.keys(PAGE_ALIASES)]) {
        const path = `${localePrefix(locale)}/${slug}`;
        const { status, html } = await fetchPage(path);
        expect(status, path).toBe(200);
        const head = readHead(html);
        expect(head.html.get('lang'), path).toBe(LOCALE_INFO[locale].tag);
        expect(head.title, path).toBe(title);
        expectTexts(path, html, [
          help.title,
          help.intro,
          help.backToTools,
          ...help.guides.map((guide) => guide.title),
          ...help.benefits.map((benefit) => benefit.title),
        ]);
        const links = head.links.filter((link) => link.get('rel') === 'canonical');
        expect(
          links.map((link) => new URL(link.get('href') ?? '').pathname),
          path,
        ).toEqual([pagePath(locale, 'help-center')]);
        const breadcrumb = graphNodes(head.jsonLd).find((node) => node['@type'] === 'BreadcrumbList');
        expect(breadcrumb, path).toBeDefined();
      }
    }
  });

  it('/lp-center shows the help center, word for word, and is not in the sitemap', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const help = await fetchPage(pagePath(locale, 'help-center'));
      const alias = await fetchPage(`${localePrefix(locale)}/lp-center`);
      expect(mainText(alias.html)).toBe(mainText(help.html));
    }
    const sitemap = await (await fetch(new URL('/sitemap.xml', baseUrl))).text();
    expect(sitemap).toContain('/help-center</loc>');
    expect(sitemap).not.toMatch(/\/lp-center/);
  });

  it('the FAQ carries every question of its language, and an FAQPage with plain-text answers', async () => {
    for (const locale of LOCALES) {
      const items = await expectedFaq(locale);
      const path = pagePath(locale, 'faq');
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(200);
      const head = readHead(html);
      expect(head.html.get('lang'), path).toBe(LOCALE_INFO[locale].tag);
      const faqTitle = (await expectedMessage(locale, 'info.faq.title')).text;
      expect(head.title, path).toBe(await titleFor(locale, faqTitle));
      expectTexts(path, html, [faqTitle, ...items.map((item) => item.question)]);

      const faqPage = graphNodes(head.jsonLd).find((node) => node['@type'] === 'FAQPage');
      const entities = (faqPage?.mainEntity ?? []) as { name: string; acceptedAnswer: { text: string } }[];
      expect(entities.map((entity) => entity.name).sort(), path).toEqual(
        items.map((item) => item.question).sort(),
      );
      for (const { acceptedAnswer } of entities) {
        expect(acceptedAnswer.text, path).not.toMatch(/[<>`]|\]\(|\{\w+\}/);
      }
      const limit = entities.find((entity) => entity.name === question(items, 'merge-how-many-files'));
      expect(limit?.acceptedAnswer.text, path).toContain(
        new Intl.NumberFormat(LOCALE_INFO[locale].tag).format(MAX_MERGE_FILES),
      );
    }
  });

  it('each legal and about page carries its title, date and sections in its language', async () => {
    for (const locale of LOCALES) {
      for (const page of TEXT_PAGES) {
        const expected = await expectedTextPage(page, locale);
        const path = `${localePrefix(locale)}/${page}`;
        const { status, html } = await fetchPage(path);
        expect(status, path).toBe(200);
        const head = readHead(html);
        expect(head.html.get('lang'), path).toBe(LOCALE_INFO[locale].tag);
        expect(head.title, path).toBe(await titleFor(locale, expected.title));
        expect(html, path).toContain(`<time dateTime="${expected.lastUpdated}"`);
        expectTexts(path, html, [expected.title, ...expected.headings]);
        expect(
          graphNodes(head.jsonLd).map((node) => node['@type']),
          path,
        ).toContain('BreadcrumbList');
      }
    }
  });
});

function question(items: readonly ExpectedFaqItem[], id: string): string {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no FAQ item ${id}`);
  return item.question;
}

const browser = useBrowserSession();

const shownIds = (page: Page) =>
  page.locator('[data-testid="faq-item"]:not([hidden])').evaluateAll((items) => items.map((item) => item.id));

describe('the FAQ in Chromium', () => {
  it('filters by category with the keyboard and says how many questions are shown', async () => {
    const items = await expectedFaq('en');
    const page = await browser.open('/faq');
    expect(await shownIds(page)).toHaveLength(items.length);
    await expect(page.getByTestId('faq-chip-all').getAttribute('aria-pressed')).resolves.toBe('true');

    await page.getByTestId('faq-search').focus();
    await tabTo(page, '[data-testid="faq-chip-security"]');
    await page.keyboard.press('Enter');
    const security = items.filter((item) => item.category === 'security').map((item) => item.id);
    await expect.poll(() => shownIds(page)).toEqual(security);
    await expect(page.getByTestId('faq-chip-security').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('faq-chip-all').getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(page.getByTestId('faq-shown').textContent()).resolves.toBe(
      `${security.length} questions shown`,
    );
    await expect(page.getByTestId('faq-section-merging').isHidden()).resolves.toBe(true);

    await tabTo(page, '[data-testid="faq-chip-all"]', { backwards: true });
    await page.keyboard.press('Space');
    await expect.poll(() => shownIds(page)).toHaveLength(items.length);
  });

  it('searches questions, shows the empty state and clears the filters', async () => {
    const page = await browser.open('/faq');
    const search = page.getByTestId('faq-search');
    await search.fill('cookies');
    const found = await shownIds(page);
    expect(found).toContain('security-cookies-tracking');
    expect(found.length).toBeLessThan((await expectedFaq('en')).length);

    await search.fill('zzqx nothing like this');
    await expect(page.getByTestId('faq-empty').textContent()).resolves.toContain(
      'No questions match your search.',
    );
    await expect(page.getByTestId('faq-shown').textContent()).resolves.toBe('No questions shown');
    await page.getByTestId('faq-clear').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shownIds(page)).toHaveLength((await expectedFaq('en')).length);
    await expect(search.inputValue()).resolves.toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('faq-search');
  });

  it('opens and closes a question with Enter and Space', async () => {
    const page = await browser.open('/faq');
    const first = page.getByTestId('faq-item').first();
    const answer = first.getByTestId('faq-answer');
    await expect(answer.isVisible()).resolves.toBe(false);
    await tabTo(page, '[data-testid="faq-item"] > summary');
    await page.keyboard.press('Enter');
    await expect.poll(() => first.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    await expect(answer.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => first.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
  });

  it('opens the question named in the address and gives it the keyboard', async () => {
    const page = await browser.open('/faq#security-cookies-tracking');
    const item = page.locator('#security-cookies-tracking');
    await expect.poll(() => item.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(
      await page.evaluate(() => document.activeElement?.closest('details')?.id ?? document.activeElement?.id),
    ).toBe('security-cookies-tracking');
  });

  it('reaches the FAQ by client-side navigation from the footer, with its questions', async () => {
    const page = await browser.open('/ar/');
    const [first] = await expectedFaq('ar');
    // The page's data comes from the file the build wrote for it (`/ar/faq.data`), not from a full page load.
    const [data] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === `${pagePath('ar', 'faq')}.data`,
      ),
      page.locator(`footer a[href="${pagePath('ar', 'faq')}"]`).click(),
    ]);
    expect(data.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === pagePath('ar', 'faq'));
    await expect(page.getByTestId('faq-item').first().locator('summary').textContent()).resolves.toBe(
      first?.question,
    );
  });
});

describe('the help center and the text pages in Chromium', () => {
  it('the back-to-tools button goes to the tools section of the home page, like Tools in the header', async () => {
    const page = await browser.open('/es/lp-center');
    await page.getByTestId('back-to-tools').click();
    await page.waitForURL((url) => url.pathname === '/es/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tools');
  });

  it('keeps code and Latin links left to right in Arabic', async () => {
    const page = await browser.open('/ar/privacy-policy');
    const body = page.getByTestId('text-page-body');
    const code = body.locator('code').first();
    await expect(code.evaluate((element) => getComputedStyle(element).direction)).resolves.toBe('ltr');
    await expect(code.evaluate((element) => getComputedStyle(element).unicodeBidi)).resolves.toBe('isolate');
    await expect(body.locator('a[href="/source.tar.gz"]').getAttribute('dir')).resolves.toBe('ltr');
    await expect(
      page.getByTestId('text-page').evaluate((element) => getComputedStyle(element).direction),
    ).resolves.toBe('rtl');
  });

  it('jumps to a section from the table of contents', async () => {
    const page = await browser.open('/privacy-policy');
    const link = page.getByTestId('toc').locator('a').nth(2);
    const target = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.hash === target);
    // Headings stop 6rem (96 px) below the top, clear of the 64 px sticky header; the scroll may be smooth.
    const top = () => page.locator(target).evaluate((element) => element.getBoundingClientRect().top);
    await expect.poll(async () => Math.round(await top())).toBe(96);
  });
});
