import type { FaqCategory } from '../../content/content-schemas.ts';

/** What the FAQ page shows: one category or all of them (the default), narrowed by the search words. */
export type FaqFilter = { readonly category: FaqCategory | 'all'; readonly query: string };

export const NO_FAQ_FILTER: FaqFilter = { category: 'all', query: '' };

/** The parts of a question the filter reads; `answerText` is the answer as plain text. */
export type SearchableFaqItem = {
  readonly id: string;
  readonly category: FaqCategory;
  readonly question: string;
  readonly answerText: string;
  readonly keywords: readonly string[];
};

/**
 * Accents (`é` → `e`, Russian `ё` → `е`) and Arabic vowel marks, which readers often leave out when they type.
 * Other combining marks stay: the Japanese voicing marks tell different kana apart.
 */
const OPTIONAL_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670]/g;

/** Text folded for matching: lower case by the rules of the page's language, without optional marks. */
export function foldForSearch(text: string, locale: string): string {
  return text.normalize('NFD').replace(OPTIONAL_MARKS, '').toLocaleLowerCase(locale).normalize('NFC');
}

/** The search words: split at spaces (of any script), empty when the box is blank. */
export function searchTerms(query: string, locale: string): string[] {
  return foldForSearch(query, locale)
    .split(/[\s\u3000]+/u)
    .filter((term) => term !== '');
}

function matchesTerms(item: SearchableFaqItem, terms: readonly string[], locale: string): boolean {
  if (terms.length === 0) return true;
  const haystack = foldForSearch([item.question, item.answerText, ...item.keywords].join('\n'), locale);
  return terms.every((term) => haystack.includes(term));
}

/**
 * The questions shown for a filter, in their order: those of the chosen category (any with "all") whose question,
 * answer or keywords contain every search word, case- and accent-insensitively.
 */
export function filterFaq<T extends SearchableFaqItem>(
  items: readonly T[],
  filter: FaqFilter,
  locale: string,
): T[] {
  const terms = searchTerms(filter.query, locale);
  return items.filter(
    (item) =>
      (filter.category === 'all' || item.category === filter.category) && matchesTerms(item, terms, locale),
  );
}

/** How many questions of each category match the search words (the counts on the category chips). */
export function countByCategory(
  items: readonly SearchableFaqItem[],
  query: string,
  locale: string,
): Map<FaqCategory | 'all', number> {
  const matching = filterFaq(items, { category: 'all', query }, locale);
  const counts = new Map<FaqCategory | 'all', number>([['all', matching.length]]);
  for (const item of matching) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  return counts;
}
