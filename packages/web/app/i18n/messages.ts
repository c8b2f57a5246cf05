import { DEFAULT_LOCALE, type Locale } from '@quire/shared';
import type enApiDocs from '../../../../content/locales/en/apiDocs.json';
import type enBlog from '../../../../content/locales/en/blog.json';
import type enCommon from '../../../../content/locales/en/common.json';
import type enErrors from '../../../../content/locales/en/errors.json';
import type enInfo from '../../../../content/locales/en/info.json';
import type enSeo from '../../../../content/locales/en/seo.json';
import type enStatus from '../../../../content/locales/en/status.json';
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
  | Leaves<typeof enSeo, 'seo'>
  | Leaves<typeof enInfo, 'info'>
  | Leaves<typeof enBlog, 'blog'>
  | Leaves<typeof enStatus, 'status'>
  | Leaves<typeof enApiDocs, 'apiDocs'>;

export type Messages = Record<MessageKey, string>;

type NestedMessages = { readonly [key: string]: string | NestedMessages };
type LocaleFiles = Record<string, NestedMessages>;

/**
 * Where the messages come from. English, the fallback of every page, is always in the bundle. Prerendering (and
 * the tests) render synchronously, so the server build holds every locale file; the browser gets one chunk per
 * language (see `vite.config.ts`), which `loadMessages` fetches before anything of that language renders.
 */
const ENGLISH_FILES = import.meta.glob<NestedMessages>('../../../../content/locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** Every locale file, keyed by path; only in the server build and in tests (empty in the browser). */
export const LOCALE_FILES: LocaleFiles = import.meta.env.SSR
  ? import.meta.glob<NestedMessages>('../../../../content/locales/*/*.json', {
      eager: true,
      import: 'default',
    })
  : {};

const LAZY_LOCALE_FILES = import.meta.env.SSR
  ? {}
  : import.meta.glob<NestedMessages>(
      ['../../../../content/locales/*/*.json', '!../../../../content/locales/en/*.json'],
      { import: 'default' },
    );

/** The locale a file path belongs to and its namespace (`common`, `tools`, ...). */
function fileLocale(file: string): { locale: string; namespace: string } | undefined {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return match?.[1] && match[2] ? { locale: match[1], namespace: match[2] } : undefined;
}

export function flattenMessages(nested: NestedMessages, prefix: string, into: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(nested)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string') into[path] = value;
    else flattenMessages(value, path, into);
  }
  return into;
}

function flattenFiles(files: LocaleFiles, locale: Locale): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [file, nested] of Object.entries(files)) {
    const origin = fileLocale(file);
    if (origin?.locale === locale) flattenMessages(nested, origin.namespace, flat);
  }
  return flat;
}

/** Own messages of the languages loaded so far (all of them on the server). */
const loaded = new Map<Locale, Record<string, string>>([
  [DEFAULT_LOCALE, flattenFiles(ENGLISH_FILES, DEFAULT_LOCALE)],
]);

/** True when a language's messages are at hand, so that its pages render in it rather than in English. */
export function hasMessages(locale: Locale): boolean {
  return import.meta.env.SSR || loaded.has(locale);
}

const loading = new Map<Locale, Promise<void>>();

/** Fetches a language's messages (one chunk) unless they are at hand; one promise per language. */
export function loadMessages(locale: Locale): Promise<void> {
  if (hasMessages(locale)) return Promise.resolve();
  let promise = loading.get(locale);
  if (!promise) {
    const files = Object.entries(LAZY_LOCALE_FILES).filter(([file]) => fileLocale(file)?.locale === locale);
    promise = Promise.all(files.map(async ([file, load]) => [file, await load()] as const)).then(
      (contents) => void loaded.set(locale, flattenFiles(Object.fromEntries(contents), locale)),
    );
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/** A locale's own messages, flat, without the English fallback (empty while not loaded). */
export function ownMessages(locale: Locale): Record<string, string> {
  let own = loaded.get(locale);
  if (!own && import.meta.env.SSR) {
    own = flattenFiles(LOCALE_FILES, locale);
    loaded.set(locale, own);
  }
  return own ?? {};
}

const ENGLISH = ownMessages(DEFAULT_LOCALE) as Messages;

const cache = new Map<Locale, Messages>();

/**
 * English merged with the locale's own messages: whatever a locale lacks is shown in English. Before a language
 * is loaded this is English alone, and it is not kept.
 */
export function messagesFor(locale: Locale): Messages {
  let messages = cache.get(locale);
  if (!messages) {
    messages = locale === DEFAULT_LOCALE ? ENGLISH : { ...ENGLISH, ...pick(ownMessages(locale)) };
    if (hasMessages(locale)) cache.set(locale, messages);
  }
  return messages;
}

/** Only keys English has; a stale key in a translation is ignored (the i18n check reports it). */
function pick(own: Record<string, string>): Partial<Messages> {
  return Object.fromEntries(Object.entries(own).filter(([key]) => key in ENGLISH)) as Partial<Messages>;
}
