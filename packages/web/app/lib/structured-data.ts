import { homePath, pagePath, toolPath, type Locale, type ToolId } from '@quire/shared';
import { config } from '../config.ts';
import { absoluteUrl, inLanguage } from './absolute-url.ts';

/**
 * schema.org nodes as JSON-LD. Each page puts its nodes in one `@graph` (`jsonLdGraph`). Nothing here invents a
 * figure: no ratings, reviews or counts (spec A.8). URLs are absolute, from the configured public origin.
 */
export type JsonLdNode = { readonly '@type': string; readonly [property: string]: unknown };

export type JsonLdDocument = { '@context': 'https://schema.org'; '@graph': JsonLdNode[] };

export function jsonLdGraph(nodes: readonly JsonLdNode[]): JsonLdDocument {
  return { '@context': 'https://schema.org', '@graph': [...nodes] };
}

const organizationId = () => absoluteUrl('/#organization');

/** The operator of the site: one identity, referenced by `@id` from the other nodes. */
export function organizationNode(): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(),
    name: config.siteName,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
  };
}

const publisher = () => ({ '@type': 'Organization', '@id': organizationId(), name: config.siteName });

/**
 * The site in one language, with a SearchAction into that language's blog search (`/blog?q=`; the blog listing
 * reads `q`).
 */
export function webSiteNode(locale: Locale, description: string): JsonLdNode {
  const url = absoluteUrl(homePath(locale));
  return {
    '@type': 'WebSite',
    '@id': `${url}#website`,
    name: config.siteName,
    url,
    description,
    inLanguage: inLanguage(locale),
    publisher: publisher(),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absoluteUrl(pagePath(locale, 'blog'))}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** One tool as a free web application: what it is and costs, no rating. */
export function webApplicationNode(
  locale: Locale,
  toolId: ToolId,
  name: string,
  description: string,
): JsonLdNode {
  const url = absoluteUrl(toolPath(locale, toolId));
  return {
    '@type': 'WebApplication',
    '@id': `${url}#app`,
    name,
    description,
    url,
    inLanguage: inLanguage(locale),
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    publisher: publisher(),
  };
}

/** One step of a breadcrumb trail: a page's name in the visitor's language and its path. */
export type Crumb = { readonly name: string; readonly path: string };

/** The trail from the language's home page down to the current page, the current page last. */
export function breadcrumbListNode(crumbs: readonly Crumb[]): JsonLdNode {
  if (crumbs.length < 2)
    throw new Error('A breadcrumb trail needs the home page and at least one page below it.');
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export type QuestionAnswer = {
  readonly question: string;
  /** Plain text, or HTML limited to what Google reads in answers (p, br, ul, ol, li, a, b, strong, i, em, h1–h6). */
  readonly answer: string;
};

/** A page of questions, each with its one accepted answer, in the order shown on the page. */
export function faqPageNode(locale: Locale, path: string, items: readonly QuestionAnswer[]): JsonLdNode {
  if (items.length === 0) throw new Error('An FAQ page needs at least one question.');
  const url = absoluteUrl(path);
  return {
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    url,
    inLanguage: inLanguage(locale),
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

export type ArticleFacts = {
  readonly locale: Locale;
  /** The post's own path, e.g. `/de/blog/merge-pdf-guide`. */
  readonly path: string;
  readonly headline: string;
  readonly description: string;
  /** ISO 8601: a date (`2025-01-09`) or a date and time with its offset. */
  readonly datePublished: string;
  readonly dateModified?: string;
  readonly author: {
    readonly name: string;
    readonly url?: string;
    readonly type?: 'Person' | 'Organization';
  };
  readonly keywords: readonly string[];
  /** The post's image: a site path (`/og/de/blog/merge-pdf-guide.jpg`) or an absolute URL. */
  readonly image: string;
};

/** A blog post (BlogPosting, a kind of Article), as the main thing on its page. */
export function blogPostingNode(facts: ArticleFacts): JsonLdNode {
  const url = absoluteUrl(facts.path);
  const dateModified = facts.dateModified ?? facts.datePublished;
  for (const date of [facts.datePublished, dateModified]) {
    if (
      !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(date) ||
      Number.isNaN(Date.parse(date))
    ) {
      throw new Error(`Not an ISO 8601 date: "${date}".`);
    }
  }
  const { type = 'Person', name, url: authorUrl } = facts.author;
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: facts.headline,
    description: facts.description,
    datePublished: facts.datePublished,
    dateModified,
    author: { '@type': type, name, ...(authorUrl ? { url: absoluteUrl(authorUrl) } : {}) },
    publisher: publisher(),
    keywords: facts.keywords.join(', '),
    inLanguage: inLanguage(facts.locale),
    image: absoluteUrl(facts.image),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}

/** One post as the blog lists it. */
export type BlogEntry = { readonly path: string; readonly headline: string; readonly datePublished: string };

/** The blog in one language, listing its posts (each points to its own page's BlogPosting by `@id`). */
export function blogNode(
  locale: Locale,
  name: string,
  description: string,
  posts: readonly BlogEntry[],
): JsonLdNode {
  const url = absoluteUrl(pagePath(locale, 'blog'));
  return {
    '@type': 'Blog',
    '@id': `${url}#blog`,
    name,
    description,
    url,
    inLanguage: inLanguage(locale),
    publisher: publisher(),
    blogPost: posts.map((post) => ({
      '@type': 'BlogPosting',
      '@id': `${absoluteUrl(post.path)}#article`,
      headline: post.headline,
      url: absoluteUrl(post.path),
      datePublished: post.datePublished,
      inLanguage: inLanguage(locale),
    })),
  };
}

/** Home: the site in this language and its operator. */
export function homeJsonLd(locale: Locale, description: string): JsonLdNode[] {
  return [webSiteNode(locale, description), organizationNode()];
}

/** A tool page: the tool as a web application (the breadcrumb trail is added by `pageMeta`). */
export function toolJsonLd(locale: Locale, toolId: ToolId, name: string, description: string): JsonLdNode[] {
  return [webApplicationNode(locale, toolId, name, description)];
}
