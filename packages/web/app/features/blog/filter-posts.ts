import type { BlogCategory } from '../../content/content-schemas.ts';

/** What the listing's search and category filter look at in a post. */
export type FilterablePost = {
  readonly title: string;
  readonly excerpt: string;
  readonly tags: readonly string[];
  readonly category: BlogCategory;
};

/** The listing's filter: search text and a category, `null` for All (spec section 4). */
export type BlogFilter = { readonly query: string; readonly category: BlogCategory | null };

/** Latin letters with their accents, so that `resume` finds `résumé` and `Uberblick` finds `Überblick`. */
const LATIN_ACCENTS = /(\p{Script=Latin})\p{Mn}+/gu;
/** Arabic short vowels and other marks, and the tatweel that only stretches a word. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
/** Alef with hamza or madda, which readers often type as a plain alef. */
const ARABIC_ALEFS = /[\u0622\u0623\u0625\u0671]/g;

/**
 * Text folded for a forgiving search: case-insensitive in the page's language, full-width and half-width forms
 * made equal (`ＰＤＦ` is `PDF`, `ｶﾀｶﾅ` is `カタカナ`), Latin accents and Arabic vowel marks ignored, `ß` as `ss`
 * and `ё` as `е`. Marks that change a letter elsewhere (Japanese voicing marks, Korean syllables) are kept.
 */
export function foldForSearch(text: string, languageTag: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase(languageTag)
    .normalize('NFD')
    .replace(LATIN_ACCENTS, '$1')
    .replace(ARABIC_MARKS, '')
    .normalize('NFC')
    .replace(ARABIC_ALEFS, '\u0627')
    .replace(/ß/g, 'ss')
    .replace(/ё/g, 'е')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a post passes the filter. The category must be All or the post's own. The search matches when every
 * word of it appears in the title, the excerpt or a tag (each word may be found in a different one), so a search
 * for a phrase that appears as it is, as the spec describes, always matches, and `pdf merge` finds "Merge PDF".
 */
export function matchesFilter(post: FilterablePost, filter: BlogFilter, languageTag: string): boolean {
  if (filter.category !== null && post.category !== filter.category) return false;
  const words = foldForSearch(filter.query, languageTag).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const fields = [post.title, post.excerpt, ...post.tags].map((field) => foldForSearch(field, languageTag));
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/** The posts that pass the filter, in their order. */
export function filterPosts<P extends FilterablePost>(
  posts: readonly P[],
  filter: BlogFilter,
  languageTag: string,
): P[] {
  return posts.filter((post) => matchesFilter(post, filter, languageTag));
}

/** The categories of the posts, each once, in the order of `order` (the listing's buttons after All). */
export function categoriesOf(
  posts: readonly FilterablePost[],
  order: readonly BlogCategory[],
): BlogCategory[] {
  const present = new Set(posts.map((post) => post.category));
  return order.filter((category) => present.has(category));
}
