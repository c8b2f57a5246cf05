import { type Locale, switchLocale } from '@quire/shared';
import { Marked, type Tokens } from 'marked';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An id for a heading, from its text: `Why it matters` → `why-it-matters` (letters of any script kept). */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A link to one of our pages (`/merge-pdf`, `/blog/x#part`), not to a file such as `/source.tar.gz`. */
function isPagePath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const path = href.split(/[?#]/)[0] ?? '';
  return !/\.[a-z0-9]+$/i.test(path.split('/').at(-1) ?? '');
}

/**
 * Turns our Markdown content into HTML for one language: raw HTML in the source is shown as text (content never
 * brings markup of its own), links to our own pages (`/merge-pdf`) lead to the same page in the reader's language,
 * links elsewhere open safely, and headings get ids for anchors.
 */
export function renderMarkdown(markdown: string, locale: Locale): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${headingId(inner)}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        if (isPagePath(href)) {
          return `<a href="${escapeHtml(switchLocale(href, locale))}"${titleAttribute}>${inner}</a>`;
        }
        return `<a href="${escapeHtml(href)}"${titleAttribute} rel="noopener noreferrer">${inner}</a>`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
