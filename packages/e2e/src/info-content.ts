import { readFile } from 'node:fs/promises';
import { DEFAULT_LOCALE, readSiteSettings, type Locale } from '@quire/shared';

/**
 * The informational pages' content as the site shows it in a language, read from the files under `content/`: the
 * language's own file, or English where its translation is not written yet (as the site falls back).
 */
const CONTENT = new URL('../../../content/', import.meta.url);

async function readWithFallback(path: (locale: Locale) => string, locale: Locale): Promise<string> {
  try {
    return await readFile(new URL(path(locale), CONTENT), 'utf8');
  } catch {
    return readFile(new URL(path(DEFAULT_LOCALE), CONTENT), 'utf8');
  }
}

export type ExpectedHelp = {
  title: string;
  intro: string;
  backToTools: string;
  guides: { toolId: string; title: string }[];
  benefits: { title: string }[];
};

export async function expectedHelp(locale: Locale): Promise<ExpectedHelp> {
  return JSON.parse(await readWithFallback((l) => `help/${l}.json`, locale)) as ExpectedHelp;
}

export type ExpectedFaqItem = { id: string; category: string; question: string; answer: string };

export async function expectedFaq(locale: Locale): Promise<ExpectedFaqItem[]> {
  const file = JSON.parse(await readWithFallback((l) => `faq/${l}.json`, locale)) as {
    items: ExpectedFaqItem[];
  };
  return file.items;
}

export type ExpectedTextPage = { title: string; lastUpdated: string; headings: string[] };

/** Whether the site under test was built with a contact address (`npm test` builds it in the same environment). */
const hasContactEmail = readSiteSettings(process.env).contactEmail !== null;

/** A page's Markdown as the build uses it: each `{#contactEmail}…{:else}…{/contactEmail}` block resolved. */
function resolveContactBlocks(source: string): string {
  return source.replace(
    /\{#contactEmail\}([\s\S]*?)(?:\{:else\}([\s\S]*?))?\{\/contactEmail\}/g,
    (_match, kept: string, otherwise: string | undefined) => (hasContactEmail ? kept : (otherwise ?? '')),
  );
}

/** A text page's title and date (front matter) and its second-level headings without Markdown marks. */
export async function expectedTextPage(page: string, locale: Locale): Promise<ExpectedTextPage> {
  const source = resolveContactBlocks(await readWithFallback((l) => `pages/${page}/${l}.md`, locale));
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s*'((?:[^']|'')*)'\\s*$`, 'm').exec(source);
    if (!match?.[1]) throw new Error(`pages/${page}/${locale}.md: no quoted ${name} in the front matter`);
    return match[1].replace(/''/g, "'");
  };
  const headings = [...source.matchAll(/^## (.+)$/gm)].map(([, text = '']) =>
    text.replace(/\*\*|`/g, '').trim(),
  );
  return { title: field('title'), lastUpdated: field('lastUpdated'), headings };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of a page's `<main>` in raw HTML: scripts and tags dropped, entities decoded, spaces folded. */
export function mainText(html: string): string {
  const main = /<main[\s>][\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return foldSpaces(
    main
      .replace(/<script[\s\S]*?<\/script>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
        const hex = name[1]?.toLowerCase() === 'x';
        return String.fromCodePoint(hex ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
      }),
  );
}

export function foldSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
