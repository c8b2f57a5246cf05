import { homePath, splitLocale, type Locale } from '@quire/shared';
import type { MetaDescriptor } from 'react-router';
import { getTranslator } from '../../i18n/create-translator.ts';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { noIndexMeta, pageMeta } from '../../lib/seo.ts';
import type { JsonLdNode } from '../../lib/structured-data.ts';

type InfoPageMeta = {
  /** The page's own path (for an alias such as `/lp-center`, the path of the page it shows). */
  readonly pathname: string;
  /** The page's name ("Privacy Policy"), in the language of its text. */
  readonly name: string;
  readonly description: string;
  readonly jsonLd?: readonly JsonLdNode[];
};

/**
 * The head of an informational page: "<name> | Quire" as its title, a breadcrumb from the language's home page,
 * and everything else `pageMeta` gives every page.
 */
export function infoPageMeta({ pathname, name, description, jsonLd }: InfoPageMeta): MetaDescriptor[] {
  const { locale } = splitLocale(pathname);
  const { t } = getTranslator(locale);
  return pageMeta({
    pathname,
    title: t('info.seo.title', { page: markAsPageText(name) }),
    description,
    headline: name,
    parents: [{ name: t('seo.breadcrumb.home'), path: homePath(locale) }],
    jsonLd,
  });
}

/** The head of a page whose data is missing (never on a prerendered page, but typed for it). */
export function missingPageMeta(locale: Locale): MetaDescriptor[] {
  const { t } = getTranslator(locale);
  return noIndexMeta(t('seo.notFound.title'), t('seo.notFound.description'));
}
