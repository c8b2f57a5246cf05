import { LOCALE_INFO, type Locale } from '@quire/shared';
import type { BlogCategory, BlogPostMeta } from '../../content/content-schemas.ts';
import type { BlogPost } from '../../content/load-content.ts';
import { formatPublishDate } from './publish-date.ts';

/** What a card of the listing, or of Related Articles, shows of a post; built at build time by the loaders. */
export type PostSummary = {
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  readonly category: BlogCategory;
  readonly readTime: number;
  /** `YYYY-MM-DD`, for `<time datetime>`. */
  readonly publishDate: string;
  /** The same date as the page's readers write it. */
  readonly publishDateText: string;
  readonly tags: readonly string[];
  /** The language tag of the text when it is not the page's own (a translation still missing). */
  readonly lang?: string;
};

export function summarizePost(post: BlogPostMeta & { locale: Locale }, pageLocale: Locale): PostSummary {
  const { slug, title, excerpt, category, readTime, publishDate, tags } = post;
  return {
    slug,
    title,
    excerpt,
    category,
    readTime,
    publishDate,
    publishDateText: formatPublishDate(publishDate, LOCALE_INFO[pageLocale].tag),
    tags,
    ...(post.locale === pageLocale ? {} : { lang: LOCALE_INFO[post.locale].tag }),
  };
}

/** A whole post as its page shows it. */
export type PostDetails = PostSummary & {
  readonly author: string;
  readonly seoTitle: string;
  readonly metaDescription: string;
  readonly html: string;
};

export function detailPost(post: BlogPost, pageLocale: Locale): PostDetails {
  const { author, seoTitle, metaDescription, html } = post;
  return { ...summarizePost(post, pageLocale), author, seoTitle, metaDescription, html };
}

/** Up to `limit` other posts of the same category, in the order of `posts` (newest first). */
export function relatedPosts<P extends { slug: string; category: BlogCategory }>(
  post: { slug: string; category: BlogCategory },
  posts: readonly P[],
  limit = 3,
): P[] {
  return posts
    .filter((other) => other.category === post.category && other.slug !== post.slug)
    .slice(0, limit);
}
