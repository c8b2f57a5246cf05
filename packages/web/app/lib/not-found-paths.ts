import { LOCALES, localePrefix, type Locale } from '@quire/shared';

/**
 * The not-found page is prerendered once per language at a path no real page uses; after the build it is moved to
 * `404.html` (English) and `<locale>/404.html`, which the server answers unknown paths with (status 404).
 */
export const NOT_FOUND_SEGMENT = '__404';

/**
 * Folders with a not-found page of their own, besides the language's root: `/blog/<slug>` is the blog post route,
 * so an unknown slug is answered with that route's "Post Not Found" page (`blog/404.html`), which hydrates as the
 * same route. The server picks the page of the folder an unknown path is directly in.
 */
export const NOT_FOUND_FOLDERS = ['', '/blog'] as const;

export type NotFoundFolder = (typeof NOT_FOUND_FOLDERS)[number];

export function notFoundPrerenderPath(locale: Locale, folder: NotFoundFolder = ''): string {
  return `${localePrefix(locale)}${folder}/${NOT_FOUND_SEGMENT}`;
}

/** Where the page of one language ends up, relative to `build/client`. */
export function notFoundFileName(locale: Locale, folder: NotFoundFolder = ''): string {
  return `${localePrefix(locale)}${folder}/404.html`.slice(1);
}

export function allNotFoundPrerenderPaths(): string[] {
  return LOCALES.flatMap((locale) =>
    NOT_FOUND_FOLDERS.map((folder) => notFoundPrerenderPath(locale, folder)),
  );
}
