import { LOCALES } from '@quire/shared';
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { config } from '../config.ts';
import { noIndexMeta, pageMeta } from './seo.ts';
import { shareImagePath } from './share-image.ts';
import { toolJsonLd, type JsonLdDocument } from './structured-data.ts';

const origin = config.publicOrigin;

const toolPage = () =>
  pageMeta({
    pathname: '/ar/merge-pdf',
    title: 'دمج PDF – أداة مجانية | Quire',
    description: 'ادمج عدة ملفات PDF في ملف واحد.',
    headline: 'دمج PDF',
    parents: [{ name: 'الرئيسية', path: '/ar/' }],
    jsonLd: toolJsonLd('ar', 'merge', 'دمج PDF', 'ادمج عدة ملفات PDF في ملف واحد.'),
  });

type Tag = Record<string, unknown>;

const content = (meta: MetaDescriptor[], key: 'property' | 'name', value: string) =>
  (meta as Tag[]).filter((tag) => tag[key] === value).map((tag) => tag.content);

describe('pageMeta', () => {
  it('gives the title, description and a canonical that is the page’s own absolute URL', () => {
    const meta = toolPage();
    expect(meta).toContainEqual({ title: 'دمج PDF – أداة مجانية | Quire' });
    expect(content(meta, 'name', 'description')).toEqual(['ادمج عدة ملفات PDF في ملف واحد.']);
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${origin}/ar/merge-pdf` });
  });

  it('links every language and x-default (the unprefixed page), absolute', () => {
    const alternates = (toolPage() as Tag[]).filter((tag) => tag.rel === 'alternate') as {
      hrefLang: string;
      href: string;
    }[];
    expect(alternates).toHaveLength(LOCALES.length + 1);
    expect(alternates).toContainEqual(
      expect.objectContaining({ hrefLang: 'en', href: `${origin}/merge-pdf` }),
    );
    expect(alternates).toContainEqual(
      expect.objectContaining({ hrefLang: 'zh-CN', href: `${origin}/zh-cn/merge-pdf` }),
    );
    expect(alternates).toContainEqual(
      expect.objectContaining({ hrefLang: 'ar', href: `${origin}/ar/merge-pdf` }),
    );
    expect(alternates).toContainEqual(
      expect.objectContaining({ hrefLang: 'x-default', href: `${origin}/merge-pdf` }),
    );
  });

  it('gives Open Graph and Twitter tags with the page’s own share image', () => {
    const meta = toolPage();
    const image = `${origin}/og/ar/merge-pdf.jpg`;
    expect(content(meta, 'property', 'og:type')).toEqual(['website']);
    expect(content(meta, 'property', 'og:url')).toEqual([`${origin}/ar/merge-pdf`]);
    expect(content(meta, 'property', 'og:title')).toEqual(['دمج PDF – أداة مجانية | Quire']);
    expect(content(meta, 'property', 'og:locale')).toEqual(['ar_AR']);
    expect(content(meta, 'property', 'og:locale:alternate')).toHaveLength(LOCALES.length - 1);
    expect(content(meta, 'property', 'og:locale:alternate')).toContain('en_US');
    expect(content(meta, 'property', 'og:locale:alternate')).not.toContain('ar_AR');
    expect(content(meta, 'property', 'og:image')).toEqual([image]);
    expect(content(meta, 'property', 'og:image:width')).toEqual(['1200']);
    expect(content(meta, 'property', 'og:image:height')).toEqual(['630']);
    expect(content(meta, 'property', 'og:image:alt')).toEqual(['دمج PDF']);
    expect(content(meta, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(meta, 'name', 'twitter:image')).toEqual([image]);
    expect(content(meta, 'name', 'twitter:title')).toEqual(['دمج PDF – أداة مجانية | Quire']);
    expect(content(meta, 'name', 'twitter:description')).toEqual(['ادمج عدة ملفات PDF في ملف واحد.']);
  });

  it('adds the breadcrumb trail, ending at the page itself, to the page’s JSON-LD graph', () => {
    const scripts = toolPage().filter((tag) => 'script:ld+json' in tag);
    expect(scripts).toHaveLength(1);
    const graph = (scripts[0] as { 'script:ld+json': JsonLdDocument })['script:ld+json'];
    expect(graph['@context']).toBe('https://schema.org');
    expect(graph['@graph'].map((node) => node['@type'])).toEqual(['WebApplication', 'BreadcrumbList']);
    expect(graph['@graph'][1]).toMatchObject({
      itemListElement: [
        { position: 1, name: 'الرئيسية', item: `${origin}/ar/` },
        { position: 2, name: 'دمج PDF', item: `${origin}/ar/merge-pdf` },
      ],
    });
  });

  it('canonicalises a language home to its trailing-slash URL and has no breadcrumb there', () => {
    const meta = pageMeta({ pathname: '/ja', title: 't', description: 'd', headline: 'h' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${origin}/ja/` });
    expect(content(meta, 'property', 'og:image')).toEqual([`${origin}/og/ja/index.jpg`]);
    expect(meta.some((tag) => 'script:ld+json' in tag)).toBe(false);
  });

  it('refuses a page below home without its breadcrumb parents', () => {
    expect(() =>
      pageMeta({ pathname: '/de/merge-pdf', title: 't', description: 'd', headline: 'h' }),
    ).toThrow(/breadcrumb/);
  });

  it('marks an article as such, with its dates, author and tags', () => {
    const meta = pageMeta({
      pathname: '/blog/merge-guide',
      title: 't',
      description: 'd',
      headline: 'h',
      parents: [{ name: 'Home', path: '/' }],
      article: { publishedTime: '2025-01-09', author: 'Ana Lima', tags: ['merge', 'guide'] },
    });
    expect(content(meta, 'property', 'og:type')).toEqual(['article']);
    expect(content(meta, 'property', 'article:published_time')).toEqual(['2025-01-09']);
    expect(content(meta, 'property', 'article:modified_time')).toEqual(['2025-01-09']);
    expect(content(meta, 'property', 'article:tag')).toEqual(['merge', 'guide']);
    expect(content(meta, 'name', 'author')).toEqual(['Ana Lima']);
  });
});

describe('shareImagePath', () => {
  it('names one image per page and language', () => {
    expect(shareImagePath('/')).toBe('/og/en/index.jpg');
    expect(shareImagePath('/es/')).toBe('/og/es/index.jpg');
    expect(shareImagePath('/merge-pdf')).toBe('/og/en/merge-pdf.jpg');
    expect(shareImagePath('/zh-tw/blog/merge-guide')).toBe('/og/zh-tw/blog/merge-guide.jpg');
  });
});

describe('noIndexMeta', () => {
  it('keeps the page out of the index and has no canonical or alternates', () => {
    const meta = noIndexMeta('Not found', 'Nothing here');
    expect(content(meta, 'name', 'robots')).toEqual(['noindex']);
    expect((meta as Tag[]).some((tag) => tag.rel === 'canonical' || tag.rel === 'alternate')).toBe(false);
  });
});
