import { describe, expect, it } from 'vitest';
import { config } from '../config.ts';
import {
  blogNode,
  blogPostingNode,
  breadcrumbListNode,
  faqPageNode,
  homeJsonLd,
  jsonLdGraph,
  organizationNode,
  toolJsonLd,
  webApplicationNode,
  webSiteNode,
  type ArticleFacts,
} from './structured-data.ts';

const origin = config.publicOrigin;

/** Every `@type` anywhere in a JSON-LD value, and every property name, to check for things that must not be there. */
function collect(value: unknown, types: string[] = [], keys: string[] = []) {
  if (Array.isArray(value)) value.forEach((item) => collect(item, types, keys));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      keys.push(key);
      if (key === '@type' && typeof child === 'string') types.push(child);
      collect(child, types, keys);
    }
  }
  return { types, keys };
}

describe('the home page graph', () => {
  it('has the WebSite in the page language with a search into that language’s blog, and the Organization', () => {
    const [site, organization] = homeJsonLd('de', 'Kostenlose PDF-Werkzeuge');
    expect(site).toMatchObject({
      '@type': 'WebSite',
      '@id': `${origin}/de/#website`,
      url: `${origin}/de/`,
      name: 'Quire',
      description: 'Kostenlose PDF-Werkzeuge',
      inLanguage: 'de',
      publisher: { '@id': `${origin}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/de/blog?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(organization).toEqual(organizationNode());
    expect(organization).toMatchObject({ '@id': `${origin}/#organization`, url: `${origin}/` });
  });

  it('searches the unprefixed blog in English and uses BCP 47 tags', () => {
    expect(webSiteNode('en', 'x')).toMatchObject({
      url: `${origin}/`,
      potentialAction: { target: { urlTemplate: `${origin}/blog?q={search_term_string}` } },
    });
    expect(webSiteNode('zh-tw', 'x').inLanguage).toBe('zh-TW');
  });
});

describe('a tool page graph', () => {
  it('describes the tool as a free WebApplication in the page language, without any rating or figure', () => {
    const nodes = toolJsonLd('ar', 'merge', 'دمج PDF', 'وصف');
    expect(nodes).toEqual([webApplicationNode('ar', 'merge', 'دمج PDF', 'وصف')]);
    expect(nodes[0]).toMatchObject({
      '@type': 'WebApplication',
      name: 'دمج PDF',
      description: 'وصف',
      url: `${origin}/ar/merge-pdf`,
      inLanguage: 'ar',
      applicationCategory: 'UtilitiesApplication',
      operatingSystem: 'Any',
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    });
    const { keys, types } = collect(nodes);
    for (const forbidden of [
      'aggregateRating',
      'review',
      'ratingValue',
      'ratingCount',
      'reviewCount',
      'interactionStatistic',
    ]) {
      expect(keys).not.toContain(forbidden);
    }
    expect(types).not.toContain('AggregateRating');
  });
});

describe('breadcrumbListNode', () => {
  it('numbers the trail from 1 with absolute URLs, the current page last', () => {
    expect(
      breadcrumbListNode([
        { name: 'Startseite', path: '/de/' },
        { name: 'PDF zusammenfügen', path: '/de/merge-pdf' },
      ]),
    ).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Startseite', item: `${origin}/de/` },
        { '@type': 'ListItem', position: 2, name: 'PDF zusammenfügen', item: `${origin}/de/merge-pdf` },
      ],
    });
  });

  it('refuses a trail that is only one page long', () => {
    expect(() => breadcrumbListNode([{ name: 'Home', path: '/' }])).toThrow(/at least one page below/);
  });
});

describe('faqPageNode', () => {
  it('lists each question with its accepted answer, in order, in the page language', () => {
    const node = faqPageNode('fr', '/fr/faq', [
      { question: 'Est-ce gratuit ?', answer: 'Oui.' },
      {
        question: 'Mes fichiers sont-ils gardés ?',
        answer: '<p>Non, ils sont <strong>supprimés</strong>.</p>',
      },
    ]);
    expect(node).toEqual({
      '@type': 'FAQPage',
      '@id': `${origin}/fr/faq#faq`,
      url: `${origin}/fr/faq`,
      inLanguage: 'fr',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Est-ce gratuit ?',
          acceptedAnswer: { '@type': 'Answer', text: 'Oui.' },
        },
        {
          '@type': 'Question',
          name: 'Mes fichiers sont-ils gardés ?',
          acceptedAnswer: { '@type': 'Answer', text: '<p>Non, ils sont <strong>supprimés</strong>.</p>' },
        },
      ],
    });
  });

  it('refuses an empty FAQ', () => {
    expect(() => faqPageNode('en', '/faq', [])).toThrow(/at least one question/);
  });
});

describe('blogPostingNode', () => {
  const facts: ArticleFacts = {
    locale: 'ja',
    path: '/ja/blog/merge-pdf-guide',
    headline: 'PDFを結合する方法',
    description: '手順を説明します。',
    datePublished: '2025-01-09',
    author: { name: 'Quire', type: 'Organization', url: '/about' },
    keywords: ['PDF', '結合'],
    image: '/og/ja/blog/merge-pdf-guide.jpg',
  };

  it('gives the headline, dates, author, keywords, language, absolute image and the page it is the main entity of', () => {
    expect(blogPostingNode(facts)).toEqual({
      '@type': 'BlogPosting',
      '@id': `${origin}/ja/blog/merge-pdf-guide#article`,
      headline: 'PDFを結合する方法',
      description: '手順を説明します。',
      datePublished: '2025-01-09',
      dateModified: '2025-01-09',
      author: { '@type': 'Organization', name: 'Quire', url: `${origin}/about` },
      publisher: { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'Quire' },
      keywords: 'PDF, 結合',
      inLanguage: 'ja',
      image: `${origin}/og/ja/blog/merge-pdf-guide.jpg`,
      url: `${origin}/ja/blog/merge-pdf-guide`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${origin}/ja/blog/merge-pdf-guide` },
    });
  });

  it('takes a person as the default author, keeps an absolute image URL and a modification date', () => {
    const node = blogPostingNode({
      ...facts,
      author: { name: 'Ana Lima' },
      image: 'https://cdn.example.org/cover.jpg',
      dateModified: '2025-02-01T10:00:00+01:00',
    });
    expect(node.author).toEqual({ '@type': 'Person', name: 'Ana Lima' });
    expect(node.image).toBe('https://cdn.example.org/cover.jpg');
    expect(node.dateModified).toBe('2025-02-01T10:00:00+01:00');
  });

  it('refuses a date that is not ISO 8601', () => {
    expect(() => blogPostingNode({ ...facts, datePublished: 'January 9, 2025' })).toThrow(/ISO 8601/);
    expect(() => blogPostingNode({ ...facts, dateModified: '2025-13-45' })).toThrow(/ISO 8601/);
  });
});

describe('blogNode', () => {
  it('lists the posts of one language with absolute URLs that match their pages’ BlogPosting ids', () => {
    const node = blogNode('fr', 'Blog', 'Guides PDF', [
      { path: '/fr/blog/how-to-merge-pdf-files-online', headline: 'Fusionner', datePublished: '2025-01-09' },
    ]);
    expect(node).toMatchObject({
      '@type': 'Blog',
      '@id': `${origin}/fr/blog#blog`,
      url: `${origin}/fr/blog`,
      inLanguage: 'fr',
      blogPost: [
        {
          '@type': 'BlogPosting',
          '@id': `${origin}/fr/blog/how-to-merge-pdf-files-online#article`,
          url: `${origin}/fr/blog/how-to-merge-pdf-files-online`,
          headline: 'Fusionner',
          datePublished: '2025-01-09',
          inLanguage: 'fr',
        },
      ],
    });
    const post = blogPostingNode({
      locale: 'fr',
      path: '/fr/blog/how-to-merge-pdf-files-online',
      headline: 'Fusionner',
      description: 'd',
      datePublished: '2025-01-09',
      author: { name: 'Équipe' },
      keywords: [],
      image: '/og/fr/blog/how-to-merge-pdf-files-online.jpg',
    });
    expect(post['@id']).toBe((node.blogPost as { '@id': string }[])[0]?.['@id']);
    expect(collect(node).keys).not.toContain('aggregateRating');
  });
});

describe('jsonLdGraph', () => {
  it('puts the nodes under one schema.org context', () => {
    const nodes = homeJsonLd('en', 'x');
    expect(jsonLdGraph(nodes)).toEqual({ '@context': 'https://schema.org', '@graph': nodes });
  });
});
