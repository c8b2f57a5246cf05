import { readFile } from 'node:fs/promises';
import { BLOG_POST_SLUGS, type Locale } from '@quire/shared';

/** The front matter of one post's file, the facts a test compares the pages with. */
export type PostFacts = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  author: string;
  seoTitle: string;
  metaDescription: string;
  publishDate: string;
  readTime: number;
};

const BLOG = new URL('../../../content/blog/', import.meta.url);

/** A YAML scalar as the content files write them: plain, or in single quotes with `''` for a quote. */
function scalar(value: string): string {
  const text = value.trim();
  return text.startsWith("'") && text.endsWith("'") ? text.slice(1, -1).replace(/''/g, "'") : text;
}

/** Reads a post's front matter (the flat `key: value` lines and the `[a, b]` tag list the files use). */
export async function readPost(slug: string, locale: Locale): Promise<PostFacts> {
  const source = await readFile(new URL(`${slug}/${locale}.md`, BLOG), 'utf8');
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? '';
  const fields = new Map(
    front.split('\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1)] as const;
    }),
  );
  const field = (name: string) => scalar(fields.get(name) ?? '');
  return {
    slug,
    title: field('title'),
    excerpt: field('excerpt'),
    category: field('category'),
    tags: field('tags')
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map(scalar),
    author: field('author'),
    seoTitle: field('seoTitle'),
    metaDescription: field('metaDescription'),
    publishDate: field('publishDate'),
    readTime: Number(field('readTime')),
  };
}

export async function readAllPosts(locale: Locale): Promise<PostFacts[]> {
  return Promise.all(BLOG_POST_SLUGS.map((slug) => readPost(slug, locale)));
}

/** The spec's rule for one search word: in the title, the excerpt or a tag, whatever the case. */
export function mentions(post: PostFacts, word: string): boolean {
  const needle = word.toLowerCase();
  return [post.title, post.excerpt, ...post.tags].some((text) => text.toLowerCase().includes(needle));
}
