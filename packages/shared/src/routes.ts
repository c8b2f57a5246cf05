import { BLOG_POST_SLUGS } from './blog/blog-post-slugs.ts';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './i18n/locales.ts';
import type { ToolId } from './tools/tool-ids.ts';
import { SITE_TOOL_IDS, TOOLS } from './tools/registry.ts';

/**
 * The only place site URLs are built. English has no prefix (`/merge-pdf`); every other language puts its code
 * first (`/de/merge-pdf`). Slugs are English in every language.
 */

/** Pages outside the tools, by slug. The footer, header and sitemap link to them. */
export const PAGE_SLUGS = [
  'help-center',
  'faq',
  'api-docs',
  'status',
  'privacy-policy',
  'terms-of-service',
  'cookie-policy',
  'security',
  'about',
  'blog',
] as const;

export type PageSlug = (typeof PAGE_SLUGS)[number];

/** The informational pages, prerendered in every language (the blog adds its own paths). */
const INFO_PAGE_SLUGS = PAGE_SLUGS.filter((slug) => slug !== 'blog');

/**
 * Addresses that show another page (`/lp-center` shows the help center): prerendered in every language with the
 * other page's canonical URL, and left out of the sitemap and of `allPagePaths()`.
 */
export const PAGE_ALIASES = { 'lp-center': 'help-center' } as const satisfies Record<string, PageSlug>;

/**
 * The segment of the prerendered not-found pages' paths (`/__404`, `/de/__404`, `/__404/merge-pdf`): no page uses
 * it. The web build writes those pages to `404.html` files, which the server answers unknown paths with.
 */
export const NOT_FOUND_SEGMENT = '__404';

export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** The home page of a language: `/` for English, `/es/` for Spanish. */
export function homePath(locale: Locale): string {
  return `${localePrefix(locale)}/`;
}

export function toolPath(locale: Locale, toolId: ToolId): string {
  return `${localePrefix(locale)}/${TOOLS[toolId].slug}`;
}

export function pagePath(locale: Locale, slug: PageSlug): string {
  return `${localePrefix(locale)}/${slug}`;
}

export function blogPostPath(locale: Locale, postSlug: string): string {
  return `${localePrefix(locale)}/blog/${postSlug}`;
}

/**
 * Splits a pathname into its language and the language-neutral rest (always starting with `/`). The language
 * segment is read regardless of letter case (`/ES/…` is Spanish), as the site's router matches it.
 */
export function splitLocale(pathname: string): { locale: Locale; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1]?.toLowerCase();
  if (first !== undefined && first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, rest: match?.[2] ?? '/' };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname };
}

/** The same page in another language. */
export function switchLocale(pathname: string, target: Locale): string {
  const { rest } = splitLocale(pathname);
  return rest === '/' ? homePath(target) : `${localePrefix(target)}${rest}`;
}

/** Every language-neutral page path that is prerendered and listed in the sitemap. */
export function sitePagePaths(): string[] {
  return [
    '/',
    ...SITE_TOOL_IDS.map((id) => `/${TOOLS[id].slug}`),
    ...INFO_PAGE_SLUGS.map((slug) => `/${slug}`),
    '/blog',
    ...BLOG_POST_SLUGS.map((slug) => blogPostPath(DEFAULT_LOCALE, slug)),
  ];
}

/** Every prerendered path in every language. */
export function allPagePaths(): string[] {
  return LOCALES.flatMap((locale) =>
    sitePagePaths().map((rest) => (rest === '/' ? homePath(locale) : `${localePrefix(locale)}${rest}`)),
  );
}

/** Every alias path (`PAGE_ALIASES`) in every language: prerendered, but not pages of their own. */
export function allAliasPaths(): string[] {
  return LOCALES.flatMap((locale) =>
    Object.keys(PAGE_ALIASES).map((alias) => `${localePrefix(locale)}/${alias}`),
  );
}
