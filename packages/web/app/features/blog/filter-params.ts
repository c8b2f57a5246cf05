import type { BlogCategory } from '../../content/content-schemas.ts';
import type { BlogFilter } from './filter-posts.ts';

/**
 * The listing's filter in its URL: `?q=` (the search, which the home page's WebSite SearchAction fills in) and
 * `?category=` (a category id such as `how-to`). A category the listing does not offer counts as All.
 */
export const SEARCH_PARAM = 'q';
export const CATEGORY_PARAM = 'category';

export const NO_FILTER: BlogFilter = { query: '', category: null };

export function readFilter(params: URLSearchParams, categories: readonly BlogCategory[]): BlogFilter {
  const category = params.get(CATEGORY_PARAM);
  return {
    query: params.get(SEARCH_PARAM) ?? '',
    category: categories.find((offered) => offered === category) ?? null,
  };
}

/** `params` with the filter written in (other parameters kept); an empty search or All leaves its parameter out. */
export function writeFilter(filter: BlogFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filter.query.trim() === '') next.delete(SEARCH_PARAM);
  else next.set(SEARCH_PARAM, filter.query);
  if (filter.category === null) next.delete(CATEGORY_PARAM);
  else next.set(CATEGORY_PARAM, filter.category);
  return next;
}
