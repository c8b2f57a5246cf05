import { readdir, readFile } from 'node:fs/promises';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from '@quire/shared';
import { IntlMessageFormat } from 'intl-messageformat';

/** One tag of a page's `<head>`: its attributes, names lower-cased, values decoded. */
export type HeadTag = ReadonlyMap<string, string>;

/** The `<html>` attributes, `<title>`, `<meta>` and `<link>` tags and JSON-LD blocks of raw page HTML. */
export type PageHead = {
  html: HeadTag;
  title: string | undefined;
  metas: HeadTag[];
  links: HeadTag[];
  jsonLd: unknown[];
};

export function readHead(page: string): PageHead {
  const end = page.indexOf('</head>');
  const head = end === -1 ? page : page.slice(0, end);
  const tags = (name: string) =>
    [...head.matchAll(new RegExp(`<${name}\\s[^>]*>`, 'gi'))].map(([tag]) => readAttributes(tag));
  return {
    html: readAttributes(/<html\s[^>]*>/i.exec(page)?.[0] ?? ''),
    title: decodeHtml(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '') || undefined,
    metas: tags('meta'),
    links: tags('link'),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) =>
      JSON.parse(json ?? ''),
    ),
  };
}

/** The `content` of every `<meta>` whose `property` (Open Graph) or `name` (the rest) is `key`. */
export function metaContents(head: PageHead, key: string): string[] {
  return head.metas
    .filter((tag) => tag.get('property') === key || tag.get('name') === key)
    .map((tag) => tag.get('content') ?? '');
}

function readAttributes(tag: string): HeadTag {
  return new Map(
    [...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
      name.toLowerCase(),
      decodeHtml(value),
    ]),
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of HTML with its character references (`&amp;`, `&#x27;`) read. */
export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    return String.fromCodePoint(
      name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });
}

type Nested = { [key: string]: string | Nested };

const CONTENT = new URL('../../../content/locales/', import.meta.url);

async function readMessages(locale: Locale): Promise<Map<string, string>> {
  const messages = new Map<string, string>();
  const files = await readdir(new URL(`${locale}/`, CONTENT)).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5))) {
    const text = await readFile(new URL(`${locale}/${file}.json`, CONTENT), 'utf8');
    const walk = (nested: Nested, prefix: string) => {
      for (const [key, value] of Object.entries(nested)) {
        if (typeof value === 'string') messages.set(`${prefix}.${key}`, value);
        else walk(value, `${prefix}.${key}`);
      }
    };
    walk(JSON.parse(text) as Nested, file);
  }
  return messages;
}

/**
 * A message as the site shows it in `locale`, read from the content files: the locale's own text, or English
 * where the locale does not have the key yet.
 */
export async function expectedMessage(
  locale: Locale,
  key: string,
  values?: Record<string, string>,
): Promise<{ text: string; isTranslated: boolean }> {
  const [own, english] = await Promise.all([readMessages(locale), readMessages(DEFAULT_LOCALE)]);
  const source = own.get(key) ?? english.get(key);
  if (source === undefined) throw new Error(`No message ${key}.`);
  const text = new IntlMessageFormat(source, LOCALE_INFO[locale].tag).format(values) as string;
  return {
    text,
    isTranslated: locale !== DEFAULT_LOCALE && own.has(key) && own.get(key) !== english.get(key),
  };
}
