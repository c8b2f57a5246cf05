import { splitLocale } from '@quire/shared';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages } from './i18n/messages.ts';

/**
 * React Router's default client entry, except that the page's language is loaded first: the prerendered HTML was
 * rendered with it, so hydration must see the same text. Should the chunk fail to load, the page still hydrates
 * (in English, which React then renders on the client).
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

loadMessages(splitLocale(window.location.pathname).locale).then(hydrate, hydrate);
