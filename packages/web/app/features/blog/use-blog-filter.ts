import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import type { BlogCategory } from '../../content/content-schemas.ts';
import { NO_FILTER, readFilter, writeFilter } from './filter-params.ts';
import type { BlogFilter } from './filter-posts.ts';

/**
 * The listing's filter, kept in the URL (`?q=`, `?category=`). The prerendered page shows every post, so the page
 * hydrates unfiltered and then applies the URL it was opened with; after that, every change is written back with
 * a replace (no history entry per keystroke). The field reads from state, not from the URL, so typing never waits
 * for a navigation; a navigation made elsewhere (a link to the blog, Back) sets the filter from its URL again.
 */
export function useBlogFilter(
  categories: readonly BlogCategory[],
): readonly [BlogFilter, (next: BlogFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigationType = useNavigationType();
  const { key } = useLocation();
  const [filter, setFilter] = useState<BlogFilter>(NO_FILTER);

  useEffect(() => {
    // A replace is this hook writing its own state into the URL.
    if (navigationType !== 'REPLACE') setFilter(readFilter(searchParams, categories));
    // Only a new location matters; the parameters and categories are read as they are then.
  }, [key]);

  const update = useCallback(
    (next: BlogFilter) => {
      setFilter(next);
      setSearchParams((current) => writeFilter(next, current), { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );
  return [filter, update] as const;
}
