import { DEFAULT_LOCALE, type Locale } from '@quire/shared';
import {
  BlogPostMetaSchema,
  FaqFileSchema,
  HelpFileSchema,
  TextPageMetaSchema,
  parseContent,
  type BlogPostMeta,
  type FaqItem,
  type HelpFile,
  type TextPage,
  type TextPageMeta,
} from './content-schemas.ts';
import { splitFrontMatter } from './front-matter.ts';
import { fillPlaceholders } from './limit-values.ts';
import { renderMarkdown } from './render-markdown.ts';

/**
 * Reads the content under `content/` for one language, at build time (route loaders of prerendered pages), so the
 * browser receives only the page's own text. A translation that does not exist yet falls back to English; the
 * content test lists which ones are still missing.
 */
const BLOG = import.meta.glob<string>('../../../../content/blog/*/*.md', {
  query: '?raw',
  import: 'default',
});
const PAGES = import.meta.glob<string>('../../../../content/pages/*/*.md', {
  query: '?raw',
  import: 'default',
});
const FAQ = import.meta.glob<unknown>('../../../../content/faq/*.json', { import: 'default' });
const HELP = import.meta.glob<unknown>('../../../../content/help/*.json', { import: 'default' });

type Loaders<T> = Record<string, () => Promise<T>>;

/** The file for `key` in `locale`, else in English; `null` when neither exists. */
async function read<T>(
  loaders: Loaders<T>,
  path: (locale: Locale) => string,
  locale: Locale,
): Promise<{ value: T; file: string; locale: Locale } | null> {
  for (const candidate of locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE]) {
    const file = `../../../../content/${path(candidate)}`;
    const load = loaders[file];
    if (load) return { value: await load(), file: file.replace('../../../../', ''), locale: candidate };
  }
  return null;
}

export type BlogPost = BlogPostMeta & { readonly html: string; readonly locale: Locale };

export const BLOG_SLUGS: readonly string[] = [
  ...new Set(Object.keys(BLOG).map((file) => file.split('/').at(-2) ?? '')),
].sort();

export async function loadBlogPost(slug: string, locale: Locale): Promise<BlogPost | null> {
  const found = await read(BLOG, (l) => `blog/${slug}/${l}.md`, locale);
  if (!found) return null;
  const { data, body } = splitFrontMatter(found.value, found.file);
  const meta = parseContent(BlogPostMetaSchema, data, found.file);
  if (meta.slug !== slug) throw new Error(`${found.file}: slug "${meta.slug}" does not match its folder`);
  return {
    ...meta,
    html: renderMarkdown(fillPlaceholders(body, found.locale, found.file), found.locale),
    locale: found.locale,
  };
}

/** Every post's card data (no bodies), newest first. */
export async function loadBlogIndex(locale: Locale): Promise<(BlogPostMeta & { locale: Locale })[]> {
  const posts = await Promise.all(BLOG_SLUGS.map((slug) => loadBlogPost(slug, locale)));
  return posts
    .filter((post): post is BlogPost => post !== null)
    .map(({ html: _html, ...meta }) => meta)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || Number(a.id) - Number(b.id));
}

export type TextPageContent = TextPageMeta & { readonly html: string; readonly locale: Locale };

export async function loadTextPage(page: TextPage, locale: Locale): Promise<TextPageContent> {
  const found = await read(PAGES, (l) => `pages/${page}/${l}.md`, locale);
  if (!found) throw new Error(`content/pages/${page}/en.md is missing`);
  const { data, body } = splitFrontMatter(found.value, found.file);
  const meta = parseContent(TextPageMetaSchema, data, found.file);
  return {
    ...meta,
    html: renderMarkdown(fillPlaceholders(body, found.locale, found.file), found.locale),
    locale: found.locale,
  };
}

export type FaqEntry = FaqItem & { readonly answerHtml: string };

export async function loadFaq(locale: Locale): Promise<{ items: FaqEntry[]; locale: Locale }> {
  const found = await read(FAQ, (l) => `faq/${l}.json`, locale);
  if (!found) throw new Error('content/faq/en.json is missing');
  const { items } = parseContent(FaqFileSchema, found.value, found.file);
  return {
    locale: found.locale,
    items: items.map((item) => ({
      ...item,
      answer: fillPlaceholders(item.answer, found.locale, found.file),
      answerHtml: renderMarkdown(fillPlaceholders(item.answer, found.locale, found.file), found.locale),
    })),
  };
}

export async function loadHelp(locale: Locale): Promise<HelpFile & { locale: Locale }> {
  const found = await read(HELP, (l) => `help/${l}.json`, locale);
  if (!found) throw new Error('content/help/en.json is missing');
  const fill = (text: string) => fillPlaceholders(text, found.locale, found.file);
  const help = parseContent(HelpFileSchema, found.value, found.file);
  return {
    ...help,
    intro: fill(help.intro),
    guides: help.guides.map((guide) => ({
      ...guide,
      steps: guide.steps.map(fill),
      tips: guide.tips.map(fill),
    })),
    benefits: help.benefits.map((benefit) => ({ ...benefit, body: fill(benefit.body) })),
    locale: found.locale,
  };
}
