import {
  LOCALES,
  LOCALE_INFO,
  allPagePaths,
  homePath,
  pagePath,
  switchLocale,
  type Locale,
} from '@quire/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { expectedMessage, metaContents, readHead, type PageHead } from './page-head.ts';

const baseUrl = inject('baseUrl');

type Page = { path: string; locale: Locale; toolId?: 'merge' };
const PAGES: Page[] = [
  { path: '/', locale: 'en' },
  { path: '/merge-pdf', locale: 'en', toolId: 'merge' },
  { path: '/ar/merge-pdf', locale: 'ar', toolId: 'merge' },
  { path: '/ja/', locale: 'ja' },
];

/** Types whose nodes must say their language (schema.org CreativeWork types Quire uses). */
const CREATIVE_WORKS = new Set(['WebSite', 'WebApplication', 'FAQPage', 'BlogPosting', 'Article']);
/** Properties that would carry ratings or invented figures (spec A.8). */
const INVENTED = [
  'aggregateRating',
  'review',
  'ratingValue',
  'ratingCount',
  'reviewCount',
  'interactionStatistic',
];

async function fetchText(path: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(new URL(path, baseUrl));
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** The width and height in a JPEG's start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  for (let offset = 2; offset + 9 < bytes.length;) {
    const marker = bytes[offset + 1] ?? 0;
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const read16 = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
      return { height: read16(offset + 5), width: read16(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

/** Every object in a JSON-LD value, nested ones included. */
function allObjects(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(allObjects);
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [object, ...Object.values(object).flatMap(allObjects)];
}

/** What the page's messages say, in its language (English where a translation is still missing). */
async function expectedTexts(page: Page) {
  if (page.toolId) {
    const name = await expectedMessage(page.locale, `tools.${page.toolId}.title`);
    return {
      title: await expectedMessage(page.locale, 'seo.tool.title', { tool: name.text }),
      description: await expectedMessage(page.locale, `tools.${page.toolId}.description`),
      headline: name,
    };
  }
  return {
    title: await expectedMessage(page.locale, 'seo.home.title'),
    description: await expectedMessage(page.locale, 'seo.home.description'),
    headline: await expectedMessage(page.locale, 'common.home.hero.title'),
  };
}

const heads = new Map<string, PageHead>();
let origin: string;

beforeAll(async () => {
  for (const page of PAGES) {
    const { status, type, text } = await fetchText(page.path);
    expect(status, page.path).toBe(200);
    expect(type, page.path).toMatch(/^text\/html/);
    heads.set(page.path, readHead(text));
  }
  // The public origin the site was built for: the home page's canonical, which must be a bare origin + "/".
  const homeCanonical =
    heads
      .get('/')
      ?.links.find((link) => link.get('rel') === 'canonical')
      ?.get('href') ?? '';
  origin = new URL(homeCanonical).origin;
  expect(homeCanonical).toBe(`${origin}/`);
  expect(origin).toMatch(/^https?:\/\/[^/]+$/);
  if (process.env.QUIRE_PUBLIC_ORIGIN) expect(origin).toBe(new URL(process.env.QUIRE_PUBLIC_ORIGIN).origin);
});

describe.each(PAGES)('$path, as a search engine reads it before any script runs', (page) => {
  const head = () => heads.get(page.path) as PageHead;
  const canonical = () => origin + switchLocale(page.path, page.locale);

  it('has the language and direction, and the localized title and description', async () => {
    const { title, description } = await expectedTexts(page);
    expect(head().html.get('lang')).toBe(LOCALE_INFO[page.locale].tag);
    expect(head().html.get('dir')).toBe(LOCALE_INFO[page.locale].dir);
    expect(head().title).toBe(title.text);
    expect(metaContents(head(), 'description')).toEqual([description.text]);
  });

  it('has a self canonical and exactly 13 absolute alternates: every language and x-default', () => {
    const links = head().links;
    expect(links.filter((link) => link.get('rel') === 'canonical').map((link) => link.get('href'))).toEqual([
      canonical(),
    ]);
    const alternates = links
      .filter((link) => link.get('rel') === 'alternate')
      .map((link) => [link.get('hreflang'), link.get('href')]);
    expect(alternates).toHaveLength(13);
    expect(alternates).toEqual(
      expect.arrayContaining([
        ...LOCALES.map((locale) => [LOCALE_INFO[locale].tag, origin + switchLocale(page.path, locale)]),
        ['x-default', origin + switchLocale(page.path, 'en')],
      ]),
    );
  });

  it('has JSON-LD of the right schema.org types, in the page language, with absolute URLs and no ratings', async () => {
    expect(head().jsonLd).toHaveLength(1);
    const document = head().jsonLd[0] as { '@context': string; '@graph': Record<string, unknown>[] };
    expect(document['@context']).toBe('https://schema.org');
    const byType = new Map(document['@graph'].map((node) => [node['@type'], node]));
    const tag = LOCALE_INFO[page.locale].tag;
    const { headline } = await expectedTexts(page);

    for (const object of allObjects(document)) {
      for (const property of INVENTED) expect(object).not.toHaveProperty(property);
      if (CREATIVE_WORKS.has(object['@type'] as string)) expect(object.inLanguage).toBe(tag);
      for (const property of ['url', 'item', 'logo', 'image', 'urlTemplate', '@id']) {
        if (property in object)
          expect(String(object[property]).startsWith(`${origin}/`), property).toBe(true);
      }
    }

    if (!page.toolId) {
      expect([...byType.keys()].sort()).toEqual(['Organization', 'WebSite']);
      expect(byType.get('WebSite')).toMatchObject({
        url: canonical(),
        name: 'Quire',
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${origin}${pagePath(page.locale, 'blog')}?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      });
      expect(byType.get('Organization')).toMatchObject({ name: 'Quire', url: `${origin}/` });
      return;
    }
    expect([...byType.keys()].sort()).toEqual(['BreadcrumbList', 'WebApplication']);
    expect(byType.get('WebApplication')).toMatchObject({
      name: headline.text,
      url: canonical(),
      applicationCategory: expect.any(String),
      operatingSystem: expect.any(String),
      offers: { '@type': 'Offer', price: '0', priceCurrency: expect.stringMatching(/^[A-Z]{3}$/) },
    });
    const home = await expectedMessage(page.locale, 'seo.breadcrumb.home');
    expect(byType.get('BreadcrumbList')).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: home.text, item: origin + homePath(page.locale) },
        { '@type': 'ListItem', position: 2, name: headline.text, item: canonical() },
      ],
    });
  });

  it('has Open Graph and Twitter tags, and its own 1200×630 share image that can be fetched', async () => {
    const { title, description, headline } = await expectedTexts(page);
    const meta = (key: string) => metaContents(head(), key);
    expect(meta('og:type')).toEqual(['website']);
    expect(meta('og:title')).toEqual([title.text]);
    expect(meta('og:description')).toEqual([description.text]);
    expect(meta('og:url')).toEqual([canonical()]);
    expect(meta('og:locale')).toEqual([expect.stringMatching(/^[a-z]{2}_[A-Z]{2}$/)]);
    expect(meta('og:locale:alternate')).toHaveLength(LOCALES.length - 1);
    expect(meta('og:locale:alternate')).not.toContain(meta('og:locale')[0]);
    expect(meta('og:image:width')).toEqual(['1200']);
    expect(meta('og:image:height')).toEqual(['630']);
    expect(meta('og:image:alt')).toEqual([headline.text]);
    expect(meta('twitter:card')).toEqual(['summary_large_image']);
    expect(meta('twitter:title')).toEqual([title.text]);
    expect(meta('twitter:description')).toEqual([description.text]);

    const [image] = meta('og:image');
    expect(image?.startsWith(`${origin}/og/${page.locale}/`)).toBe(true);
    expect(meta('twitter:image')).toEqual([image]);
    const response = await fetch(new URL(new URL(image ?? '').pathname, baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
  });
});

describe('localized pages', () => {
  it('differ from English wherever the language has its own title or description', async () => {
    for (const [page, english] of [
      [PAGES[2], PAGES[1]],
      [PAGES[3], PAGES[0]],
    ] as [Page, Page][]) {
      const { title, description } = await expectedTexts(page);
      const [localized, original] = [heads.get(page.path), heads.get(english.path)] as PageHead[];
      if (title.isTranslated) expect(localized?.title).not.toBe(original?.title);
      if (description.isTranslated) {
        expect(metaContents(localized as PageHead, 'description')).not.toEqual(
          metaContents(original as PageHead, 'description'),
        );
      }
    }
  });

  it('each have a share image of their own', async () => {
    const images = PAGES.map((page) => metaContents(heads.get(page.path) as PageHead, 'og:image')[0]);
    expect(new Set(images).size).toBe(PAGES.length);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('sitemap.xml parses and lists every page in every language, each with its 13 alternates', async () => {
    const { status, type, text } = await fetchText('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toMatch(/^(application|text)\/xml/);
    const { browser, close } = await launchBrowser();
    try {
      const page = await browser.newPage();
      const urls = await page.evaluate((xml) => {
        const document = new DOMParser().parseFromString(xml, 'application/xml');
        if (document.getElementsByTagName('parsererror').length > 0)
          throw new Error('sitemap.xml is not XML');
        const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';
        return [...document.getElementsByTagNameNS(sitemapNs, 'url')].map((url) => ({
          loc: url.getElementsByTagNameNS(sitemapNs, 'loc')[0]?.textContent ?? '',
          alternates: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [
            link.getAttribute('rel'),
            link.getAttribute('hreflang'),
            link.getAttribute('href'),
          ]),
        }));
      }, text);
      expect(urls.map((url) => url.loc).sort()).toEqual(
        allPagePaths()
          .map((path) => origin + path)
          .sort(),
      );
      for (const { loc, alternates } of urls) {
        const path = loc.slice(origin.length);
        expect(alternates, loc).toHaveLength(13);
        expect(alternates, loc).toEqual(
          expect.arrayContaining([
            ...LOCALES.map((locale) => [
              'alternate',
              LOCALE_INFO[locale].tag,
              origin + switchLocale(path, locale),
            ]),
            ['alternate', 'x-default', origin + switchLocale(path, 'en')],
          ]),
        );
      }
    } finally {
      await close();
    }
  });

  it('robots.txt is plain text that keeps crawlers out of the API and names the sitemap', async () => {
    const { status, type, text } = await fetchText('/robots.txt');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${origin.replace(/[.]/g, '\\.')}/sitemap\\.xml$`, 'm'));
  });
});
