import type { Locale } from '@quire/shared';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../i18n/messages.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatContentDate } from './content-date.ts';
import { FallbackNotice, contentLanguage } from './content-language.tsx';
import type { Heading } from './html-text.ts';
import { MarkdownBody } from './markdown-body.tsx';

export type TextPageData = {
  readonly title: string;
  readonly lastUpdated: string;
  readonly html: string;
  /** The language the text is written in (English while a translation is missing). */
  readonly locale: Locale;
  /** The second-level headings, for the table of contents. */
  readonly toc: readonly Heading[];
};

/** A table of contents helps from this many sections on; shorter pages read well without one. */
const MIN_TOC_ENTRIES = 3;

const LAST_UPDATED: MessageKey = 'info.textPage.lastUpdated';

/** A legal or about page: title, last-updated date, a table of contents on longer pages, and the text. */
export function TextPageView({ page }: { page: TextPageData }) {
  const t = useT();
  const locale = useLocale();
  const content = contentLanguage(page.locale, locale);
  const hasToc = page.toc.length >= MIN_TOC_ENTRIES;

  const columns = hasToc
    ? 'mx-auto max-w-3xl lg:grid lg:max-w-none lg:grid-cols-[14rem_minmax(0,44rem)] lg:justify-center lg:gap-x-12'
    : 'mx-auto max-w-3xl';
  const textColumn = hasToc ? 'lg:col-start-2' : '';

  return (
    <article className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6" data-testid="text-page">
      <div className={columns}>
        <header className={`mb-10 border-b border-slate-200 pb-8 ${textColumn}`}>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl" {...content}>
            {page.title}
          </h1>
          <p className="mt-3 text-sm text-slate-500" data-testid="last-updated">
            <FormattedMessage
              id={LAST_UPDATED}
              values={{
                date: (
                  <time dateTime={page.lastUpdated} className="font-medium text-slate-700">
                    {formatContentDate(page.lastUpdated, locale)}
                  </time>
                ),
              }}
            />
          </p>
        </header>
        {hasToc && (
          <nav
            aria-labelledby="toc-heading"
            className="mb-10 self-start rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mb-0"
            data-testid="toc"
          >
            <h2 id="toc-heading" className="text-sm font-semibold text-slate-900">
              {t('info.textPage.contents')}
            </h2>
            <ol className="mt-3 space-y-1 text-sm" {...content}>
              {page.toc.map((heading) => (
                <li key={heading.id}>
                  <a
                    href={`#${heading.id}`}
                    className="block rounded-md py-1.5 text-slate-600 hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600"
                  >
                    {heading.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className={textColumn}>
          <FallbackNotice contentLocale={page.locale} pageLocale={locale} />
          <MarkdownBody html={page.html} {...content} testId="text-page-body" />
        </div>
      </div>
    </article>
  );
}
