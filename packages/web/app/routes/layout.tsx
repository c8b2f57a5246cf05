import { DEFAULT_LOCALE } from '@quire/shared';
import { use } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Outlet, useParams } from 'react-router';
import { HydrateLater } from '../components/hydrate-later.tsx';
import { LanguageOffer } from '../features/language-offer/language-offer.tsx';
import { SiteFooter } from '../features/layout/site-footer.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { SiteHeader } from '../features/layout/site-header.tsx';
import { ToastProvider } from '../features/toasts/toast-context.tsx';
import { getTranslator } from '../i18n/create-translator.ts';
import { hasMessages, loadMessagesOrEnglish } from '../i18n/messages.ts';
import { useLocale } from '../i18n/use-locale.ts';
import { isKnownLanguage } from '../lib/language-param.ts';
import { useCopyWithoutIsolates } from '../lib/use-copy-without-isolates.ts';

/**
 * The frame of every page of one language: messages, header, footer and the toast region. Under a first segment
 * that is no language of the site (`/xx/merge-pdf`, which the router reads as the merge page), the English
 * not-found page. The header, the footer and the language offer are hydrated after the page's own content.
 */
export default function LanguageLayout() {
  const locale = useLocale();
  const hasKnownLanguage = isKnownLanguage(useParams().lang);
  // The first page's language is loaded before hydration (entry.client.tsx); a client-side navigation into
  // another language waits here for its messages (English's, should they fail to load).
  if (!hasMessages(locale)) use(loadMessagesOrEnglish(locale));
  const { intl, t } = getTranslator(locale);
  useCopyWithoutIsolates();
  return (
    <RawIntlProvider value={intl}>
      <ToastProvider>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:text-sm focus:font-semibold focus:text-indigo-700 focus:shadow-lg"
          >
            {t('common.nav.skipToContent')}
          </a>
          <HydrateLater>
            <SiteHeader />
          </HydrateLater>
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {hasKnownLanguage ? <Outlet /> : <NotFoundPage />}
          </main>
          <HydrateLater>
            <SiteFooter />
          </HydrateLater>
        </div>
        {locale === DEFAULT_LOCALE && (
          <HydrateLater>
            <LanguageOffer />
          </HydrateLater>
        )}
      </ToastProvider>
    </RawIntlProvider>
  );
}
