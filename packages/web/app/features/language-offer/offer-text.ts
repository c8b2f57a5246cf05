import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from '@quire/shared';
import { createIntl } from 'react-intl';
import type { Message } from '../../i18n/messages.ts';

/**
 * The offer's messages (`content/locales/<locale>/offer.json`), as translators write them (in the browser, parsed
 * by the build: `build-time/precompile-messages.ts`).
 */
type OfferMessages = { readonly available: Message; readonly switch: Message; readonly dismiss: Message };

/** What the offer says, in the language it offers (or in English while that language has no translation). */
export type OfferText = {
  readonly locale: Locale;
  /** The language of the text itself, for `lang` and `dir`. */
  readonly textLocale: Locale;
  readonly available: string;
  readonly switchLabel: string;
  readonly dismissLabel: string;
};

/**
 * Each language's offer file, loaded only when the offer is shown: a page never bundles another language's
 * messages for it, and the offer appears on English pages only.
 */
const OFFER_FILES = import.meta.glob<OfferMessages>('../../../../../content/locales/*/offer.json', {
  import: 'default',
});

function loaderOf(locale: Locale) {
  return OFFER_FILES[`../../../../../content/locales/${locale}/offer.json`];
}

const isMessage = (message: unknown): message is Message =>
  typeof message === 'string' || Array.isArray(message);

const isComplete = (messages: Partial<OfferMessages> | undefined): messages is OfferMessages =>
  isMessage(messages?.available) && isMessage(messages.switch) && isMessage(messages.dismiss);

/** The offer of `locale` in its own words (English until translated), formatted with ICU for that language. */
export async function loadOfferText(locale: Locale): Promise<OfferText> {
  const own: Partial<OfferMessages> | undefined = await loaderOf(locale)?.();
  const textLocale = isComplete(own) ? locale : DEFAULT_LOCALE;
  const messages = isComplete(own) ? own : await loaderOf(DEFAULT_LOCALE)?.();
  if (!isComplete(messages)) throw new Error(`no offer messages for ${locale}`);
  // Typed as all strings or all trees; react-intl reads each message on its own, so a mix of both is fine.
  const intl = createIntl({
    locale: LOCALE_INFO[textLocale].tag,
    messages: { ...messages } as Record<string, string>,
  });
  const values = { language: LOCALE_INFO[locale].name };
  return {
    locale,
    textLocale,
    available: intl.formatMessage({ id: 'available' }, values),
    switchLabel: intl.formatMessage({ id: 'switch' }, values),
    dismissLabel: intl.formatMessage({ id: 'dismiss' }, values),
  };
}
