import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, type Locale, type PageSlug } from '@quire/shared';
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

/**
 * A message as written (on the server and in the tests), or, in the browser, the ICU tree of one that needs ICU
 * (`build-time/precompile-messages.ts`: the browser has no ICU parser); plain words are strings everywhere.
 */
export type Message = string | MessageFormatElement[];

export type Messages = Record<MessageKey, Message>;

type NestedMessages = { readonly [key: string]: Message | NestedMessages };
type LocaleFiles = Record<string, NestedMessages>;

/**
 * Namespaces that one page alone uses (`apiDocs`, a quarter of the site's words): the browser gets each in a chunk
 * of its own per language (`messages-<locale>-<namespace>`, see `build-time/chunk-groups.ts`), which that page
 * loads, instead of in the language's chunk every page loads and reads while it hydrates.
 */
export const PAGE_NAMESPACES = { apiDocs: 'api-docs' } as const satisfies Record<string, PageSlug>;
export type PageNamespace = keyof typeof PAGE_NAMESPACES;

/**
 * Where the messages come from. Prerendering (and the tests) render synchronously, so the server build holds every
 * locale file. The browser gets one chunk per language and page namespace (see `vite.config.ts`), English's too,
 * which `loadMessages` fetches before anything that needs it renders: every language has every message (the
 * translation test holds them to it), so a page in Arabic does not also download and read English as a fallback.
 * `LOCALE_FILES`: every locale file, keyed by path; only in the server build and in tests (empty in the browser).
 */
export const LOCALE_FILES: LocaleFiles = import.meta.env.SSR
  ? import.meta.glob<NestedMessages>('../../../../content/locales/*/*.json', {
      eager: true,
      import: 'default',
    })
  : {};

const LAZY_LOCALE_FILES = import.meta.env.SSR
  ? {}
  : import.meta.glob<NestedMessages>('../../../../content/locales/*/*.json', { import: 'default' });

/** The locale a file path belongs to and its namespace (`common`, `tools`, ...). */
function fileLocale(file: string): { locale: string; namespace: string } | undefined {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return match?.[1] && match[2] ? { locale: match[1], namespace: match[2] } : undefined;
}

const isPageNamespace = (namespace: string): namespace is PageNamespace => namespace in PAGE_NAMESPACES;

export function flattenMessages(nested: NestedMessages, prefix: string, into: Record<string, Message> = {}) {
  for (const [key, value] of Object.entries(nested)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string' || Array.isArray(value)) into[path] = value;
    else flattenMessages(value as NestedMessages, path, into);
  }
  return into;
}

function flattenFiles(files: LocaleFiles, locale: Locale, into: Record<string, Message> = {}) {
  for (const [file, nested] of Object.entries(files)) {
    const origin = fileLocale(file);
    if (origin?.locale === locale) flattenMessages(nested, origin.namespace, into);
  }
  return into;
}

/**
 * Own messages of the languages loaded so far (all of them on the server), each object growing as a page
 * namespace of its language arrives.
 */
const loaded = new Map<Locale, Record<string, Message>>(
  import.meta.env.SSR ? [[DEFAULT_LOCALE, flattenFiles(LOCALE_FILES, DEFAULT_LOCALE)]] : [],
);

/** What of a language is loaded: `de` (every namespace but the page ones), `de apiDocs` (a page namespace). */
const partKey = (locale: Locale, namespace?: PageNamespace) =>
  namespace ? `${locale} ${namespace}` : locale;
const loadedParts = new Set<string>();

/**
 * True when a language's messages are at hand, so that its pages render in it; with a page namespace, when that
 * one is at hand too.
 */
export function hasMessages(locale: Locale, namespace?: PageNamespace): boolean {
  if (import.meta.env.SSR) return true;
  return loadedParts.has(partKey(locale, namespace));
}

const loading = new Map<string, Promise<void>>();

function loadPart(locale: Locale, namespace?: PageNamespace): Promise<void> {
  const key = partKey(locale, namespace);
  if (loadedParts.has(key)) return Promise.resolve();
  let promise = loading.get(key);
  if (!promise) {
    const files = Object.entries(LAZY_LOCALE_FILES).filter(([file]) => {
      const origin = fileLocale(file);
      return (
        origin?.locale === locale &&
        (namespace ? origin.namespace === namespace : !isPageNamespace(origin.namespace))
      );
    });
    promise = Promise.all(files.map(async ([file, load]) => [file, await load()] as const)).then(
      (contents) => {
        let own = loaded.get(locale);
        if (!own) {
          own = {};
          loaded.set(locale, own);
        }
        flattenFiles(Object.fromEntries(contents), locale, own);
        loadedParts.add(key);
        // A language's messages, merged with English, are worked out again on their next use.
        cache.clear();
      },
    );
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Fetches a language's messages (one chunk) unless they are at hand, one promise per language; with a page
 * namespace, that namespace's chunk of the language.
 */
export function loadMessages(locale: Locale, namespace?: PageNamespace): Promise<void> {
  if (hasMessages(locale, namespace)) return Promise.resolve();
  return loadPart(locale, namespace);
}

const languageOrEnglish = new Map<Locale, Promise<void>>();

/**
 * Loads a language's messages, or English's should they fail to load (the page then works in English): one promise
 * per language, kept, so that React's `use` sees the same one on every render.
 */
export function loadMessagesOrEnglish(locale: Locale): Promise<void> {
  let promise = languageOrEnglish.get(locale);
  if (!promise) {
    promise = loadMessages(locale).catch(() => loadMessages(DEFAULT_LOCALE));
    languageOrEnglish.set(locale, promise);
  }
  return promise;
}

/** The page namespaces the page at a path (without its language prefix: `/api-docs`) reads. */
export function pageNamespacesOf(pathWithoutLocale: string): PageNamespace[] {
  const path = pathWithoutLocale.replace(/\/+$/, '');
  return (Object.keys(PAGE_NAMESPACES) as PageNamespace[]).filter(
    (namespace) => path === `/${PAGE_NAMESPACES[namespace]}`,
  );
}

/** A locale's own messages, flat, without the English fallback (empty while not loaded). */
export function ownMessages(locale: Locale): Record<string, Message> {
  let own = loaded.get(locale);
  if (!own && import.meta.env.SSR) {
    own = flattenFiles(LOCALE_FILES, locale);
    loaded.set(locale, own);
  }
  return own ?? {};
}

const cache = new Map<Locale, Messages>();

/**
 * A language's messages. English fills in whatever a language lacks where English is at hand (always on the
 * server; in the browser only when the page's own language could not be loaded and English was loaded instead, see
 * `entry.client.tsx`). Before a language is loaded this is what English there is, and it is not kept. When a page
 * namespace arrives the object is made anew, so a translator made from an object that is not the current one is
 * out of date.
 */
export function messagesFor(locale: Locale): Messages {
  let messages = cache.get(locale);
  if (!messages) {
    const english = loaded.get(DEFAULT_LOCALE);
    const own =
      locale === DEFAULT_LOCALE ? undefined : import.meta.env.SSR ? ownMessages(locale) : loaded.get(locale);
    messages = (own && english ? withEnglish(english, own) : (own ?? english ?? {})) as Messages;
    if (hasMessages(locale)) cache.set(locale, messages);
  }
  return messages;
}

/** English with the locale's own messages over it; a stale key of a translation (not in English) is ignored. */
function withEnglish(english: Record<string, Message>, own: Record<string, Message>): Messages {
  const messages: Record<string, Message> = { ...english };
  for (const key in own) {
    if (key in english) messages[key] = own[key] as Message;
  }
  return messages as Messages;
}
