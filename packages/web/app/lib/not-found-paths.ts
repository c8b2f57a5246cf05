import { LOCALES, localePrefix, type Locale } from '@quire/shared';

/**
 * The not-found page is prerendered once per language at a path no real page uses; after the build it is moved to
 * `404.html` (English) and `<locale>/404.html`, which the server answers unknown paths with (status 404).
 */
export const NOT_FOUND_SEGMENT = '__404';

export function notFoundPrerenderPath(locale: Locale): string {
  return `${localePrefix(locale)}/${NOT_FOUND_SEGMENT}`;
}

/** Where the page of one language ends up, relative to `build/client`. */
export function notFoundFileName(locale: Locale): string {
  return `${localePrefix(locale).slice(1)}${localePrefix(locale) ? '/' : ''}404.html`;
}

export function allNotFoundPrerenderPaths(): string[] {
  return LOCALES.map(notFoundPrerenderPath);
}
