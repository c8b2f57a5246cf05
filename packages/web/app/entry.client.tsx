import { DEFAULT_LOCALE, LOCALE_INFO, splitLocale } from '@quire/shared';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages, loadMessagesOrEnglish, pageNamespacesOf } from './i18n/messages.ts';
import { holdRoutesUntilIntent } from './lib/held-routes.ts';
import { warmIntl } from './lib/warm-intl.ts';

/**
 * React Router's default client entry, except that the page's language is loaded first (with the page namespace
 * of a page that has one, `apiDocs`): the prerendered HTML was rendered with it, so hydration must see the same
 * text. Should the chunk fail to load, English is loaded and the page still hydrates (in English, which React then
 * renders on the client). The browser's locale data is opened before, by a worker
 * (`warmIntl`), so that hydration's tasks do not include it (what a slow phone's visitor feels as a click that
 * waits). The page hydrates with its own routes only; the others come back on the visitor's first input
 * (`holdRoutesUntilIntent`).
 */
function hydrate() {
  holdRoutesUntilIntent();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/** A new task: the browser may paint and take input between the steps of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const { locale, rest } = splitLocale(window.location.pathname);
const warmed = warmIntl(
  LOCALE_INFO[locale].tag,
  () => new Worker(new URL('./lib/warm-intl.worker.ts', import.meta.url), { type: 'module' }),
);
// Should the page's language fail to load, English is loaded instead, and the page hydrates in it.
const messages = Promise.all([
  loadMessagesOrEnglish(locale),
  ...pageNamespacesOf(rest).map((namespace) =>
    loadMessages(locale, namespace).catch(() => loadMessages(DEFAULT_LOCALE, namespace)),
  ),
]);
// Locale data and messages first, then hydration in a task of its own.
Promise.all([messages, warmed]).then(nextTask, nextTask).then(hydrate, hydrate);
