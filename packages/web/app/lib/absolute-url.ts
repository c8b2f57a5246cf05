import { LOCALE_INFO, type Locale } from '@quire/shared';
import { config } from '../config.ts';

/** A site path (`/de/merge-pdf`) as an absolute URL on the public origin; an absolute http(s) URL is kept. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  if (!pathOrUrl.startsWith('/')) throw new Error(`Not a site path: "${pathOrUrl}".`);
  return `${config.publicOrigin}${pathOrUrl}`;
}

/** The BCP 47 tag of a language, as `inLanguage`, `hreflang` and `<html lang>` use it. */
export function inLanguage(locale: Locale): string {
  return LOCALE_INFO[locale].tag;
}
