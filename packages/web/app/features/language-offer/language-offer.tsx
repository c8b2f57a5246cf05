import { LOCALE_INFO, switchLocale } from '@quire/shared';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { GlobeIcon } from '../../components/icons.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { loadOfferText, type OfferText } from './offer-text.ts';
import { offeredLocaleOf } from './preferred-locale.ts';

/** The one thing stored about the visitor: that they said no to the offer (a boolean, nothing of their files). */
export const OFFER_DISMISSED_KEY = 'quire.languageOfferDismissed';

function isDismissed(): boolean {
  try {
    return window.localStorage.getItem(OFFER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    window.localStorage.setItem(OFFER_DISMISSED_KEY, 'true');
  } catch {
    // Storage blocked: the offer comes back on the next page, which is all that is lost.
  }
}

/**
 * On English pages, a small note offering the visitor's own language when the browser prefers one of ours: written
 * in that language, linking to the same page there. It never redirects and never blocks the page; saying no
 * is remembered. Shown after hydration only, so the prerendered page stays the same for everyone.
 */
export function LanguageOffer() {
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<OfferText | null>(null);
  const textId = useId();

  useEffect(() => {
    const locale = offeredLocaleOf(navigator.languages ?? [navigator.language]);
    if (!locale) return;
    let isCurrent = true;
    // Storage is slow to open the first time: read the visitor's earlier answer once the page is idle.
    const cancel = whenIdle(() => {
      if (isDismissed()) return;
      loadOfferText(locale).then(
        (text) => isCurrent && setOffer(text),
        () => undefined,
      );
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, []);

  if (!offer) return null;
  const info = LOCALE_INFO[offer.textLocale];
  const dismiss = () => {
    rememberDismissal();
    setOffer(null);
  };

  return (
    <aside
      lang={info.tag}
      dir={info.dir}
      aria-labelledby={textId}
      data-testid="language-offer"
      className="fixed bottom-4 start-4 z-40 flex w-[min(24rem,calc(100%-2rem))] flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg"
    >
      <p id={textId} className="flex items-start gap-2 text-sm font-medium">
        <GlobeIcon className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        {offer.available}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={switchLocale(pathname, offer.locale)}
          hrefLang={LOCALE_INFO[offer.locale].tag}
          data-testid="language-offer-switch"
          className={BUTTON_STYLES.primary}
        >
          {offer.switchLabel}
        </a>
        <button
          type="button"
          onClick={dismiss}
          data-testid="language-offer-dismiss"
          className={BUTTON_STYLES.ghost}
        >
          {offer.dismissLabel}
        </button>
      </div>
    </aside>
  );
}
