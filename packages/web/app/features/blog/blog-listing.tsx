import { LOCALE_INFO, pagePath } from '@quire/shared';
import { useRef, type FormEvent } from 'react';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { SearchIcon } from '../../components/icons.tsx';
import type { BlogCategory } from '../../content/content-schemas.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { NO_FILTER, SEARCH_PARAM } from './filter-params.ts';
import { filterPosts } from './filter-posts.ts';
import { PostCard } from './post-card.tsx';
import type { PostSummary } from './post-summary.ts';
import { useBlogFilter } from './use-blog-filter.ts';

type BlogListingProps = {
  readonly posts: readonly PostSummary[];
  /** The categories of the posts, in the order their buttons appear after All. */
  readonly categories: readonly BlogCategory[];
};

const CHIP =
  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const CHIP_ON = 'border-indigo-600 bg-indigo-600 text-white shadow-sm';
const CHIP_OFF = 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400 hover:text-indigo-700';

/** The blog: a search box, category buttons and the cards of the posts that match both. */
export function BlogListing({ posts, categories }: BlogListingProps) {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useBlogFilter(categories);
  const searchField = useRef<HTMLInputElement>(null);
  const shown = filterPosts(posts, filter, LOCALE_INFO[locale].tag);

  const clearFilters = () => {
    setFilter(NO_FILTER);
    searchField.current?.focus();
  };
  // Filtering is live; submitting (Enter) only keeps the page from reloading.
  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-20 sm:px-6">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('blog.listing.title')}
        </h1>
        <p className="mt-3 text-lg text-slate-600">{t('blog.listing.subtitle')}</p>
      </header>

      <div className="mx-auto mt-10 max-w-3xl">
        <form role="search" action={pagePath(locale, 'blog')} method="get" onSubmit={onSubmit}>
          <label htmlFor="blog-search" className="sr-only">
            {t('blog.listing.searchLabel')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute inset-y-0 start-4 my-auto size-5 text-slate-500" />
            <input
              ref={searchField}
              id="blog-search"
              type="search"
              name={SEARCH_PARAM}
              value={filter.query}
              onChange={(event) => setFilter({ ...filter, query: event.target.value })}
              placeholder={t('blog.listing.searchPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
              className="block min-h-12 w-full rounded-xl border border-slate-300 bg-white ps-12 pe-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              data-testid="blog-search"
            />
          </div>
        </form>
        <div
          role="group"
          aria-label={t('blog.listing.categoriesLabel')}
          className="mt-5 flex flex-wrap justify-center gap-2"
          data-testid="category-filter"
        >
          {[null, ...categories].map((category) => {
            const isOn = filter.category === category;
            return (
              <button
                key={category ?? 'all'}
                type="button"
                aria-pressed={isOn}
                onClick={() => setFilter({ ...filter, category })}
                className={`${CHIP} ${isOn ? CHIP_ON : CHIP_OFF}`}
                data-testid={`category-${category ?? 'all'}`}
              >
                {category === null ? t('blog.listing.all') : t(`blog.categories.${category}`)}
              </button>
            );
          })}
        </div>
      </div>

      <p role="status" className="mt-10 text-sm text-slate-600" data-testid="result-count">
        {t('blog.listing.resultCount', { count: shown.length })}
      </p>
      {shown.length > 0 ? (
        <ul
          aria-label={t('blog.listing.articlesLabel')}
          className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="post-grid"
        >
          {shown.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <div
          className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center"
          data-testid="no-results"
        >
          <SearchIcon className="size-8 text-slate-400" />
          <p className="mt-4 text-lg font-medium text-slate-900">{t('blog.listing.noResults')}</p>
          <button
            type="button"
            onClick={clearFilters}
            className={`mt-6 ${BUTTON_STYLES.secondary}`}
            data-testid="clear-filters"
          >
            {t('blog.listing.clearFilters')}
          </button>
        </div>
      )}
    </div>
  );
}
