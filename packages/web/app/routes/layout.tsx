import { use } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Outlet } from 'react-router';
import { SiteFooter } from '../features/layout/site-footer.tsx';
import { SiteHeader } from '../features/layout/site-header.tsx';
import { ToastProvider } from '../features/toasts/toast-context.tsx';
import { PendingFilesProvider } from '../features/upload/pending-files.tsx';
import { getTranslator } from '../i18n/create-translator.ts';
import { hasMessages, loadMessages } from '../i18n/messages.ts';
import { useLocale } from '../i18n/use-locale.ts';
import { useCopyWithoutIsolates } from '../lib/use-copy-without-isolates.ts';

/** The frame of every page of one language: messages, header, footer and the toast region. */
export default function LanguageLayout() {
  const locale = useLocale();
  // The first page's language is loaded before hydration (entry.client.tsx); a client-side navigation into
  // another language waits here for its messages.
  if (!hasMessages(locale)) use(loadMessages(locale));
  const { intl } = getTranslator(locale);
  useCopyWithoutIsolates();
  return (
    <RawIntlProvider value={intl}>
      <ToastProvider>
        <PendingFilesProvider>
          <div className="flex min-h-dvh flex-col">
            <SiteHeader />
            <main id="main" className="flex-1">
              <Outlet />
            </main>
            <SiteFooter />
          </div>
        </PendingFilesProvider>
      </ToastProvider>
    </RawIntlProvider>
  );
}
