/** The parts of a prerendered page's `<head>` that its share image is drawn from. */
export type PageHead = {
  /** `og:image` */
  readonly image: string;
  /** `og:image:alt`: the page's own name, drawn large. */
  readonly headline: string;
  /** `og:description` */
  readonly description: string;
};

/** Reads the Open Graph tags React wrote into a page (`<meta property="…" content="…"/>`). */
export function readPageHead(html: string): PageHead {
  const end = html.indexOf('</head>');
  const head = end === -1 ? html : html.slice(0, end);
  const properties = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/g)) {
    const attributes = new Map(
      [...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name,
        decodeHtml(value),
      ]),
    );
    const property = attributes.get('property');
    const content = attributes.get('content');
    if (property !== undefined && content !== undefined && !properties.has(property)) {
      properties.set(property, content);
    }
  }
  const read = (property: string) => {
    const value = properties.get(property);
    if (!value) throw new Error(`The page has no ${property}.`);
    return value;
  };
  return { image: read('og:image'), headline: read('og:image:alt'), description: read('og:description') };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return String.fromCodePoint(code);
  });
}
