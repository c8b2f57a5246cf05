import type { RefObject } from 'react';
import { FAQ_CATEGORIES, type FaqCategory } from '../../content/content-schemas.ts';
import { useT } from '../../i18n/use-t.ts';

type FaqControlsProps = {
  readonly category: FaqCategory | 'all';
  readonly query: string;
  /** Questions matching the search, per category and in `all` (shown on the chips). */
  readonly counts: ReadonlyMap<FaqCategory | 'all', number>;
  readonly searchId: string;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  readonly onCategory: (category: FaqCategory | 'all') => void;
  readonly onQuery: (query: string) => void;
};

const CHIP =
  'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none';
const CHIP_ON = 'border-indigo-600 bg-indigo-600 text-white';
const CHIP_OFF = 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400 hover:text-indigo-700';

const SearchIcon = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
    className="size-5"
  >
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

/**
 * The FAQ's search box and category chips. The chips are toggle buttons (`aria-pressed`), one pressed at a time;
 * each shows how many questions it would show.
 */
export function FaqControls(props: FaqControlsProps) {
  const { category, query, counts, searchId, searchRef, onCategory, onQuery } = props;
  const t = useT();
  const chips: (FaqCategory | 'all')[] = ['all', ...FAQ_CATEGORIES];

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <label htmlFor={searchId} className="sr-only">
        {t('info.faq.searchLabel')}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3.5 text-slate-400">
          <SearchIcon />
        </span>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder={t('info.faq.searchPlaceholder')}
          autoComplete="off"
          className="min-h-11 w-full rounded-xl border border-slate-300 bg-white py-2.5 ps-11 pe-4 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-indigo-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-indigo-600/30"
          data-testid="faq-search"
        />
      </div>
      <div role="group" aria-labelledby="faq-filter-label" className="mt-5">
        <p id="faq-filter-label" className="text-sm font-semibold text-slate-900">
          {t('info.faq.filterLabel')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {chips.map((chip) => {
            const isPressed = chip === category;
            return (
              <button
                key={chip}
                type="button"
                aria-pressed={isPressed}
                onClick={() => onCategory(chip)}
                className={`${CHIP} ${isPressed ? CHIP_ON : CHIP_OFF}`}
                data-testid={`faq-chip-${chip}`}
              >
                {chip === 'all' ? t('info.faq.all') : t(`info.faq.categories.${chip}`)}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${isPressed ? 'bg-indigo-800 text-white' : 'bg-slate-100 text-slate-600'}`}
                >
                  {counts.get(chip) ?? 0}
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
