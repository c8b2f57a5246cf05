import { LOCALES, LOCALE_INFO, allPagePaths, homePath } from '@quire/shared';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

async function fetchPage(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(path, baseUrl));
  return { status: response.status, html: await response.text() };
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('prerendered pages, as a search engine sees them', () => {
  it('serves / in English, /es/ in Spanish and /ar/ right to left', async () => {
    const english = await fetchPage('/');
    expect(english.status).toBe(200);
    expect(attribute(english.html, /<html[^>]*\slang="([^"]+)"/)).toBe('en');
    expect(attribute(english.html, /<html[^>]*\sdir="([^"]+)"/)).toBe('ltr');
    expect(attribute((await fetchPage('/es/')).html, /<html[^>]*\slang="([^"]+)"/)).toBe('es');
    const arabic = await fetchPage('/ar/');
    expect(attribute(arabic.html, /<html[^>]*\slang="([^"]+)"/)).toBe('ar');
    expect(attribute(arabic.html, /<html[^>]*\sdir="([^"]+)"/)).toBe('rtl');
  });

  it('gives every page in every language its title, description, canonical, hreflang set and JSON-LD', async () => {
    for (const path of allPagePaths()) {
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(200);
      expect(html, path).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      const canonical = attribute(html, /<link rel="canonical" href="([^"]+)"/);
      expect(canonical && new URL(canonical).pathname, path).toBe(path);
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)];
      expect(alternates.map((match) => match[1]).sort(), path).toEqual(
        [...LOCALES.map((locale) => LOCALE_INFO[locale].tag), 'x-default'].sort(),
      );
      expect(html, path).toMatch(/<script type="application\/ld\+json">/);
      expect(html, path).not.toMatch(/aggregateRating/);
    }
  });

  it('holds every page’s header, content and footer in place, none left for a script to move in', async () => {
    // React outlines a large Suspense boundary when it prerenders: the boundary's place stays empty and its content
    // comes at the end of the document, hidden, for a script to move in. A page whose header came that way showed
    // without it until then (and shifted when it came).
    for (const path of ['/', '/merge-pdf', '/ar/merge-pdf', '/blog', '/faq']) {
      const { html } = await fetchPage(path);
      const header = html.indexOf('<header');
      const main = html.indexOf('<main');
      const footer = html.indexOf('<footer');
      expect(header, path).toBeGreaterThan(0);
      expect(main, path).toBeGreaterThan(header);
      expect(footer, path).toBeGreaterThan(main);
      expect(html.slice(0, footer), path).not.toMatch(/<template id="B:/);
      expect(html, path).not.toMatch(/<div hidden id="S:\d+"><(header|footer|section|main)/);
    }
  });

  it('answers an unknown path with HTTP 404 and the not-found page, in the language of its prefix', async () => {
    const english = await fetchPage('/no-such-page');
    expect(english.status).toBe(404);
    expect(english.html).toContain('404');
    expect(attribute(english.html, /<html[^>]*\slang="([^"]+)"/)).toBe('en');
    const arabic = await fetchPage('/ar/no-such-page');
    expect(arabic.status).toBe(404);
    expect(attribute(arabic.html, /<html[^>]*\sdir="([^"]+)"/)).toBe('rtl');
  });

  it('routes all twelve language homes', async () => {
    for (const locale of LOCALES) {
      const { status, html } = await fetchPage(homePath(locale));
      expect(status, locale).toBe(200);
      expect(attribute(html, /<html[^>]*\slang="([^"]+)"/), locale).toBe(LOCALE_INFO[locale].tag);
    }
  });
});
