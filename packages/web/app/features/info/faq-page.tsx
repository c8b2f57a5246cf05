import { LOCALE_INFO, pagePath, type Locale } from '@quire/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { config } from '../../config.ts';
import { FAQ_CATEGORIES, type FaqCategory } from '../../content/content-schemas.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { FallbackNotice, contentLanguage } from './content-language.tsx';
import { FaqControls } from './faq-controls.tsx';
import { countByCategory, filterFaq, NO_FAQ_FILTER, type FaqFilter } from './faq-filter.ts';
import { FaqItem, type FaqEntryData } from './faq-item.tsx';
import { htmlToText } from './html-text.ts';

export type FaqData = {
  /** The language the questions are written in (English while a translation is missing). */
  readonly locale: Locale;
  readonly items: readonly (FaqEntryData & {
    readonly category: FaqCategory;
    readonly keywords: readonly string[];
  })[];
};

/**
 * The FAQ: a search box, category chips (All by default) and the questions grouped by category. Every question is
 * in the prerendered page; filtering only hides the others. `#<question id>` in the address opens that question.
 */
export function FaqPage({ faq }: { faq: FaqData }) {
  const t = useT();
  const locale = useLocale();
  const content = contentLanguage(faq.locale, locale);
  const searchLocale = LOCALE_INFO[faq.locale].tag;
  const [filter, setFilter] = useState<FaqFilter>(NO_FAQ_FILTER);
  const searchRef = useRef<HTMLInputElement>(null);

  const searchable = useMemo(
    () => faq.items.map((item) => ({ ...item, answerText: htmlToText(item.answerHtml) })),
    [faq.items],
  );
  const shown = useMemo(
    () => new Set(filterFaq(searchable, filter, searchLocale).map((item) => item.id)),
    [searchable, filter, searchLocale],
  );
  const counts = useMemo(
    () => countByCategory(searchable, filter.query, searchLocale),
    [searchable, filter.query, searchLocale],
  );

  useEffect(() => {
    const openFromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const details = id ? document.getElementById(id) : null;
      if (!(details instanceof HTMLDetailsElement) || details.dataset.testid !== 'faq-item') return;
      if (details.hidden) flushSync(() => setFilter(NO_FAQ_FILTER));
      details.open = true;
      details.scrollIntoView({ block: 'start' });
      details.querySelector('summary')?.focus({ preventScroll: true });
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

  const clearFilters = () => {
    setFilter(NO_FAQ_FILTER);
    searchRef.current?.focus();
  };

  const sections = FAQ_CATEGORIES.map((category) => ({
    category,
    items: faq.items.filter((item) => item.category === category),
  })).filter((section) => section.items.length > 0);

  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 pb-20 sm:px-6" data-testid="faq">
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('info.faq.title')}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">{t('info.faq.intro')}</p>
      </header>
      <FallbackNotice contentLocale={faq.locale} pageLocale={locale} />

      <FaqControls
        category={filter.category}
        query={filter.query}
        counts={counts}
        searchId="faq-search"
        searchRef={searchRef}
        onCategory={(category) => setFilter((current) => ({ ...current, category }))}
        onQuery={(query) => setFilter((current) => ({ ...current, query }))}
      />
      <p role="status" className="mt-4 text-sm text-slate-500" data-testid="faq-shown">
        {t('info.faq.shown', { count: shown.size })}
      </p>

      <div className="mt-6 space-y-10">
        {sections.map(({ category, items }) => {
          const isHidden = items.every((item) => !shown.has(item.id));
          return (
            <section
              key={category}
              aria-labelledby={`faq-${category}-heading`}
              hidden={isHidden}
              data-testid={`faq-section-${category}`}
            >
              <h2 id={`faq-${category}-heading`} className="text-xl font-bold tracking-tight text-slate-900">
                {t(`info.faq.categories.${category}`)}
              </h2>
              <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                {items.map((item) => (
                  <FaqItem key={item.id} item={item} isHidden={!shown.has(item.id)} content={content} />
                ))}
              </div>
            </section>
          );
        })}
      </div>

      {shown.size === 0 && (
        <div
          className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center"
          data-testid="faq-empty"
        >
          <p className="text-lg font-medium text-slate-900">{t('info.faq.noResults')}</p>
          <button
            type="button"
            onClick={clearFilters}
            className={`${BUTTON_STYLES.secondary} mt-6`}
            data-testid="faq-clear"
          >
            {t('info.faq.clearFilters')}
          </button>
        </div>
      )}

      <section
        aria-labelledby="faq-help-heading"
        className="mt-16 rounded-2xl bg-slate-50 px-6 py-10 text-center"
      >
        <h2 id="faq-help-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('info.faq.helpTitle')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">{t('info.faq.helpBody')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={pagePath(locale, 'help-center')} className={BUTTON_STYLES.primary}>
            {t('info.faq.helpLink')}
          </Link>
          {config.contactEmail && (
            <a href={`mailto:${config.contactEmail}`} className={BUTTON_STYLES.secondary}>
              {t('common.footer.contact')}
            </a>
          )}
        </div>
      </section>
    </div>
  );
}
