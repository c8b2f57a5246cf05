import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, switchLocale } from '@quire/shared';

/**
 * `sitemap.xml`: every page in every language, each with its `hreflang` alternates (every language the page exists
 * in, itself included, and `x-default`), as absolute URLs. No `lastmod`: a build date is not when a page changed.
 */
export function sitemapXml(origin: string, pagePaths: readonly string[]): string {
  const pages = new Set(pagePaths);
  const urls = pagePaths.map((path) => {
    const alternates = [
      ...LOCALES.map((locale) => [LOCALE_INFO[locale].tag, switchLocale(path, locale)] as const),
      ['x-default', switchLocale(path, DEFAULT_LOCALE)] as const,
    ]
      .filter(([, href]) => pages.has(href))
      .map(
        ([hreflang, href]) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + href)}"/>`,
      );
    return ['  <url>', `    <loc>${escapeXml(origin + path)}</loc>`, ...alternates, '  </url>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `robots.txt`: everything may be crawled but the API; the sitemap's absolute URL. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
