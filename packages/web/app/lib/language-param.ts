import { DEFAULT_LOCALE, isLocale, splitLocale } from '@quire/shared';
import type { MetaDescriptor, Params } from 'react-router';
import { getTranslator } from '../i18n/create-translator.ts';
import { noIndexMeta } from './seo.ts';

/**
 * Whether the optional language segment of the routes (`/:lang?/…`, see `routes.ts`) names a language of the site.
 * None (English) does; so does a prefixed language in any letter case, as the router matches paths; `en` does not
 * (English has no prefix), nor does any other word the router took for a language (`/xx/merge-pdf`).
 */
export function isKnownLanguage(lang: string | undefined): boolean {
  if (lang === undefined) return true;
  const code = lang.toLowerCase();
  return code !== DEFAULT_LOCALE && isLocale(code);
}

/** The head of the not-found page, in the language of the path. */
export function notFoundMeta(pathname: string): MetaDescriptor[] {
  const { t } = getTranslator(splitLocale(pathname).locale);
  return noIndexMeta(t('seo.notFound.title'), t('seo.notFound.description'));
}

type MetaArgs = { readonly params: Params; readonly location: { readonly pathname: string } };

/** A route's `meta`, giving the not-found page's head where the layout shows that page instead (unknown language). */
export function inKnownLanguage<Args extends MetaArgs>(
  meta: (args: Args) => MetaDescriptor[],
): (args: Args) => MetaDescriptor[] {
  return (args) => (isKnownLanguage(args.params.lang) ? meta(args) : notFoundMeta(args.location.pathname));
}
