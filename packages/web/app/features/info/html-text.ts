/**
 * Small readers of the HTML our Markdown renderer writes (`app/content/render-markdown.ts`): well-formed, with
 * raw HTML from the source escaped, so regular expressions over its tags are safe here. Not for arbitrary HTML.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Replaces character references (`&amp;`, `&#39;`, `&#x2F;`) with the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (!name.startsWith('#')) return NAMED_ENTITIES[name.toLowerCase()] ?? reference;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

/**
 * The text of an HTML fragment, as a reader would say it: tags dropped, entities decoded, one line per paragraph,
 * list item or line break, runs of spaces collapsed.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|li|h[1-6]|pre|blockquote|tr)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export type Heading = { readonly id: string; readonly text: string };

/** The headings of one level that carry an id (`<h2 id="x">…</h2>`), in order: a page's table of contents. */
export function headingsOf(html: string, level: 2 | 3 = 2): Heading[] {
  const pattern = new RegExp(`<h${level}\\s[^>]*\\bid="([^"]+)"[^>]*>([\\s\\S]*?)</h${level}>`, 'gi');
  return [...html.matchAll(pattern)].map(([, id = '', inner = '']) => ({
    id: decodeEntities(id),
    text: htmlToText(inner),
  }));
}

/** A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N’Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const LETTER = /\p{L}/u;

/**
 * In right-to-left text, gives `dir="ltr"` to each link, bold or italic run written wholly in a left-to-right
 * script (`/source.tar.gz`, an e-mail address), so that it keeps its own order and punctuation instead of taking
 * the paragraph's direction (a leading `/` would otherwise show at the wrong end). Code is always left to right
 * through the stylesheet. Elements holding other tags, or any right-to-left letter, are left alone.
 */
export function isolateLtrRuns(html: string): string {
  return html.replace(
    /<(a|strong|em)(\s[^>]*)?>([^<]*)<\/\1>/gi,
    (element, tag: string, attributes = '', inner: string) => {
      const text = decodeEntities(inner);
      if (!LETTER.test(text) || RTL_LETTER.test(text) || /\sdir=/.test(attributes)) return element;
      return `<${tag}${attributes} dir="ltr">${inner}</${tag}>`;
    },
  );
}
