import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, splitLocale, switchLocale, type Locale } from '@quire/shared';
import type { MetaDescriptor } from 'react-router';
import { config } from '../config.ts';

export function absoluteUrl(path: string): string {
  return `${config.publicOrigin}${path}`;
}

type PageMeta = {
  readonly pathname: string;
  readonly title: string;
  readonly description: string;
  readonly jsonLd?: Record<string, unknown>;
};

/**
 * Title, description, canonical, `hreflang` alternates for every language plus `x-default` (the unprefixed URL),
 * Open Graph and JSON-LD of one page.
 */
export function pageMeta({ pathname, title, description, jsonLd }: PageMeta): MetaDescriptor[] {
  const { locale, rest } = splitLocale(pathname);
  const canonical = absoluteUrl(switchLocale(rest, locale));
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LOCALES.map((code) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: LOCALE_INFO[code].tag,
      href: absoluteUrl(switchLocale(rest, code)),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absoluteUrl(switchLocale(rest, DEFAULT_LOCALE)),
    },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: config.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: LOCALE_INFO[locale].tag.replace('-', '_') },
    ...(jsonLd ? [{ 'script:ld+json': jsonLd }] : []),
  ];
}

/** A page that must not be indexed (the not-found page): title and description only. */
export function noIndexMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: 'description', content: description }, { name: 'robots', content: 'noindex' }];
}

export function inLanguage(locale: Locale): string {
  return LOCALE_INFO[locale].tag;
}
