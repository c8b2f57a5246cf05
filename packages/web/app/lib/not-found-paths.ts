import { LOCALES, NOT_FOUND_SEGMENT, PAGE_ALIASES, localePrefix, sitePagePaths } from '@quire/shared';

/**
 * Folders with a not-found page of their own in every language, besides the language's root: `/blog/<slug>` is
 * the blog post route, so an unknown slug is answered with that route's "Post Not Found" page (`blog/404.html`),
 * which hydrates as the same route. The server picks the page of the folder an unknown path is directly in.
 */
export const NOT_FOUND_FOLDERS = ['', '/blog'] as const;

/** A not-found page: the path it is prerendered at, and the file it is moved to after the build. */
export type NotFoundPage = { readonly prerenderPath: string; readonly fileName: string };

/**
 * The pages the router reads under an unknown language (`/xx/…`: the routes take any first segment for a
 * language, see `routes.ts`), as paths after that segment: each page of one segment (`/merge-pdf`), a blog post
 * (`/blog/<slug>`) and any other path (the splat route). Without one (`/xx`) it is the home page, whose variant is
 * the English not-found page itself (`/__404`, which the router reads the same way).
 */
function pathsUnderUnknownLanguage(): string[] {
  const pages = [...sitePagePaths(), ...Object.keys(PAGE_ALIASES).map((alias) => `/${alias}`)];
  return [
    ...pages.filter((path) => /^\/[^/]+$/.test(path)),
    `/blog/${NOT_FOUND_SEGMENT}`,
    `/${NOT_FOUND_SEGMENT}`,
  ];
}

/**
 * Every not-found page. Per language (English included) the language's (`404.html`, `de/404.html`) and its blog's
 * (`blog/404.html`); then English under an unknown language, one per route such a path can match
 * (`__404/merge-pdf/404.html` for `/xx/merge-pdf`, `__404/blog/__404/404.html` for `/xx/blog/<slug>`,
 * `__404/__404/404.html` for any other): the page the server sends must be rendered by the route the browser's
 * router matches, or React throws the HTML away when it hydrates. The server chooses among them in the same way.
 */
export function allNotFoundPages(): NotFoundPage[] {
  const ofLanguages = LOCALES.flatMap((locale) =>
    NOT_FOUND_FOLDERS.map((folder) => ({
      prerenderPath: `${localePrefix(locale)}${folder}/${NOT_FOUND_SEGMENT}`,
      fileName: `${localePrefix(locale)}${folder}/404.html`.slice(1),
    })),
  );
  const underUnknownLanguage = pathsUnderUnknownLanguage().map((rest) => ({
    prerenderPath: `/${NOT_FOUND_SEGMENT}${rest}`,
    fileName: `${NOT_FOUND_SEGMENT}${rest}/404.html`,
  }));
  return [...ofLanguages, ...underUnknownLanguage];
}
