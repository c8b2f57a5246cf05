import { DEFAULT_LOCALE, LOCALES, splitLocale, switchLocale, type Locale } from '@quire/shared';
import type { MetaDescriptor } from 'react-router';
import { config } from '../config.ts';
import { absoluteUrl, inLanguage } from './absolute-url.ts';
import { SHARE_IMAGE, shareImagePath } from './share-image.ts';
import { breadcrumbListNode, jsonLdGraph, type Crumb, type JsonLdNode } from './structured-data.ts';

/** Open Graph wants language_TERRITORY; Portuguese is written for Brazil, Arabic is Facebook's `ar_AR`. */
const OG_LOCALES = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  ko: 'ko_KR',
  ja: 'ja_JP',
  'zh-cn': 'zh_CN',
  'zh-tw': 'zh_TW',
  pt: 'pt_BR',
  it: 'it_IT',
  ru: 'ru_RU',
  ar: 'ar_AR',
} as const satisfies Record<Locale, string>;

/** A blog post's Open Graph article facts (ISO 8601 dates). */
export type ArticleMeta = {
  readonly publishedTime: string;
  readonly modifiedTime?: string;
  readonly author: string;
  readonly tags: readonly string[];
};

type PageMeta = {
  readonly pathname: string;
  readonly title: string;
  readonly description: string;
  /** The page's own name ("Merge PDF"): the words on its share image, that image's alt text, its breadcrumb. */
  readonly headline: string;
  /** The pages above this one, from the language's home page down. Required on every page below home. */
  readonly parents?: readonly Crumb[];
  /** The page's schema.org nodes; the BreadcrumbList is added here. */
  readonly jsonLd?: readonly JsonLdNode[];
  /** Marks the page as an article (og:type article) with its dates, author and tags. */
  readonly article?: ArticleMeta;
};

/**
 * Everything a search engine or a link preview reads from one page: title, description, self canonical, `hreflang`
 * alternates for every language plus `x-default` (the unprefixed URL), Open Graph and Twitter tags with the page's
 * share image, and one JSON-LD graph.
 */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const { pathname, title, description, headline, parents = [], article } = page;
  const { locale, rest } = splitLocale(pathname);
  const canonical = absoluteUrl(switchLocale(rest, locale));
  if (rest !== '/' && parents.length === 0) {
    throw new Error(`${pathname} is below the home page: give it its breadcrumb parents.`);
  }
  const trail =
    parents.length > 0 ? [breadcrumbListNode([...parents, { name: headline, path: pathname }])] : [];
  const nodes = [...(page.jsonLd ?? []), ...trail];
  const image = absoluteUrl(shareImagePath(pathname));
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LOCALES.map((code) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: inLanguage(code),
      href: absoluteUrl(switchLocale(rest, code)),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absoluteUrl(switchLocale(rest, DEFAULT_LOCALE)),
    },
    { property: 'og:type', content: article ? 'article' : 'website' },
    { property: 'og:site_name', content: config.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: OG_LOCALES[locale] },
    ...LOCALES.filter((code) => code !== locale).map((code) => ({
      property: 'og:locale:alternate',
      content: OG_LOCALES[code],
    })),
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: SHARE_IMAGE.type },
    { property: 'og:image:width', content: String(SHARE_IMAGE.widthPx) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.heightPx) },
    { property: 'og:image:alt', content: headline },
    ...(article ? articleMeta(article) : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: headline },
    ...(nodes.length > 0 ? [{ 'script:ld+json': jsonLdGraph(nodes) }] : []),
  ];
}

function articleMeta({ publishedTime, modifiedTime, author, tags }: ArticleMeta): MetaDescriptor[] {
  return [
    { property: 'article:published_time', content: publishedTime },
    { property: 'article:modified_time', content: modifiedTime ?? publishedTime },
    { name: 'author', content: author },
    ...tags.map((tag) => ({ property: 'article:tag', content: tag })),
  ];
}

/** A page that must not be indexed (the not-found page): title and description only. */
export function noIndexMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: 'description', content: description }, { name: 'robots', content: 'noindex' }];
}
