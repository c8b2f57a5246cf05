import { type Locale, switchLocale } from '@quire/shared';
import { Marked, Renderer, type Tokens } from 'marked';

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
 * links elsewhere open safely, headings get ids for anchors and tables a box of their own to scroll in.
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
      // A wide table scrolls sideways in its own box instead of widening the page; the box takes the keyboard
      // focus so that it can be scrolled without a pointer.
      table(token: Tokens.Table) {
        return `<div class="table-scroll" tabindex="0">${Renderer.prototype.table.call(this, token)}</div>\n`;
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
