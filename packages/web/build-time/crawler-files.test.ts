import { allPagePaths } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './crawler-files.ts';

const ORIGIN = 'https://pdf.example.org';

/** Each `<url>` of a sitemap: its `<loc>` and its alternates as [hreflang, href]. */
function readSitemap(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body)?.[1],
    alternates: [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
      ([, hreflang, href]) => [hreflang, href],
    ),
  }));
}

describe('sitemapXml', () => {
  it('lists every page in every language once, each with its 12 languages and x-default, absolute', () => {
    const paths = allPagePaths();
    const xml = sitemapXml(ORIGIN, paths);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const urls = readSitemap(xml);
    expect(urls.map((url) => url.loc)).toEqual(paths.map((path) => ORIGIN + path));
    for (const url of urls) {
      expect(url.alternates, url.loc).toHaveLength(13);
      expect(url.alternates.map(([hreflang]) => hreflang)).toContain('x-default');
      for (const [, href] of url.alternates) expect(href?.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    const arabicMerge = urls.find((url) => url.loc === `${ORIGIN}/ar/merge-pdf`);
    expect(arabicMerge?.alternates).toContainEqual(['ar', `${ORIGIN}/ar/merge-pdf`]);
    expect(arabicMerge?.alternates).toContainEqual(['zh-CN', `${ORIGIN}/zh-cn/merge-pdf`]);
    expect(arabicMerge?.alternates).toContainEqual(['x-default', `${ORIGIN}/merge-pdf`]);
  });

  it('names only alternates that exist, so that every pair links back', () => {
    const urls = readSitemap(sitemapXml(ORIGIN, ['/', '/es/', '/blog/only-english']));
    expect(urls[0]?.alternates).toEqual([
      ['en', `${ORIGIN}/`],
      ['es', `${ORIGIN}/es/`],
      ['x-default', `${ORIGIN}/`],
    ]);
    expect(urls[2]?.alternates).toEqual([
      ['en', `${ORIGIN}/blog/only-english`],
      ['x-default', `${ORIGIN}/blog/only-english`],
    ]);
  });

  it('escapes what XML needs escaped', () => {
    expect(sitemapXml(ORIGIN, ['/a&b'])).toContain(`<loc>${ORIGIN}/a&amp;b</loc>`);
  });
});

describe('robotsTxt', () => {
  it('allows everything but the API and names the sitemap by its absolute URL', () => {
    expect(robotsTxt(ORIGIN)).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://pdf.example.org/sitemap.xml\n',
    );
  });
});
