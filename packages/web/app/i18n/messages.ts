import { DEFAULT_LOCALE, type Locale } from '@quire/shared';
import type enCommon from '../../../../content/locales/en/common.json';
import type enErrors from '../../../../content/locales/en/errors.json';
import type enSeo from '../../../../content/locales/en/seo.json';
import type enTools from '../../../../content/locales/en/tools.json';

/** Dotted key paths of a nested message object: `{ nav: { tools } }` under `common` gives `common.nav.tools`. */
type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}.${K}` : Leaves<T[K], `${P}.${K}`>;
}[keyof T & string];

/** Every message key, typed from the English files: a key missing there is a compile error. */
export type MessageKey =
  | Leaves<typeof enCommon, 'common'>
  | Leaves<typeof enTools, 'tools'>
  | Leaves<typeof enErrors, 'errors'>
  | Leaves<typeof enSeo, 'seo'>;

export type Messages = Record<MessageKey, string>;

type NestedMessages = { readonly [key: string]: string | NestedMessages };

/** All locale files, bundled statically so that prerendering and hydration see the same text. */
export const LOCALE_FILES = import.meta.glob<NestedMessages>('../../../../content/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function flattenMessages(nested: NestedMessages, prefix: string, into: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(nested)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string') into[path] = value;
    else flattenMessages(value, path, into);
  }
  return into;
}

/** A locale's own messages, flat, without the English fallback. */
export function ownMessages(locale: Locale): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [file, nested] of Object.entries(LOCALE_FILES)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === locale && match[2]) flattenMessages(nested, match[2], flat);
  }
  return flat;
}

const ENGLISH = ownMessages(DEFAULT_LOCALE) as Messages;

const cache = new Map<Locale, Messages>();

/** English merged with the locale's own messages: whatever a locale lacks is shown in English. */
export function messagesFor(locale: Locale): Messages {
  let messages = cache.get(locale);
  if (!messages) {
    messages = locale === DEFAULT_LOCALE ? ENGLISH : { ...ENGLISH, ...pick(ownMessages(locale)) };
    cache.set(locale, messages);
  }
  return messages;
}

/** Only keys English has; a stale key in a translation is ignored (the i18n check reports it). */
function pick(own: Record<string, string>): Partial<Messages> {
  return Object.fromEntries(Object.entries(own).filter(([key]) => key in ENGLISH)) as Partial<Messages>;
}
