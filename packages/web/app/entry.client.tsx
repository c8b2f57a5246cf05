import { LOCALE_INFO, splitLocale } from '@quire/shared';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages } from './i18n/messages.ts';
import { intlWarmingSteps } from './lib/warm-intl.ts';

/**
 * React Router's default client entry, except that the page's language is loaded first: the prerendered HTML was
 * rendered with it, so hydration must see the same text. Should the chunk fail to load, the page still hydrates
 * (in English, which React then renders on the client). The browser's locale data is opened before, in tasks of
 * their own, so that hydration's first task is shorter (what a slow phone's visitor feels as a click that waits).
 */
function hydrate() {
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

const locale = splitLocale(window.location.pathname).locale;
const messages = loadMessages(locale);
// Locale data first, a step per task, then hydration in another, not all in one long task.
const warmed = intlWarmingSteps(LOCALE_INFO[locale].tag).reduce(
  (previous, step) => previous.then(nextTask).then(step),
  Promise.resolve(),
);
Promise.all([messages, warmed]).then(nextTask, nextTask).then(hydrate, hydrate);
