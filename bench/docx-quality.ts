// Helpers of pdf-to-word.bench.ts: what a .docx holds as text, how much of it sits in text boxes or frames, how
// many tables it has, and word recall against the PDF's own text. Written for the benchmark; not used by the server.
import { readFileSync } from 'node:fs';
import { unescapeXml, words } from '@quire/corpus';
import { strFromU8, unzipSync } from 'fflate';
import * as mupdf from 'mupdf';

export type DocxContent = {
  bodyXml: string;
  text: string;
  /** The pictures' alternative text (`descr`): the words drawn in a figure that became a picture. */
  altText: string;
  boxedShare: number;
  tables: number;
  /** Hyperlinks with text, to addresses and to bookmarks. */
  hyperlinks: number;
};

/**
 * Reads a .docx: its body text plus header and footer text once per page (Word shows them on every page, as the PDF
 * has them), the share of the body's characters inside text boxes or frames, and its number of tables.
 */
export function readDocx(path: string, pages: number): DocxContent {
  const entries = unzipSync(readFileSync(path));
  const part = (name: string) => (entries[name] ? strFromU8(entries[name]) : '');
  // LibreOffice writes each text box twice (DrawingML and a VML fallback): count the first only.
  const bodyXml = part('word/document.xml').replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const running = Object.keys(entries)
    .filter((name) => /^word\/(header|footer)\d*\.xml$/.test(name))
    .map((name) => `${xmlText(part(name))}\n`.repeat(pages));
  const total = xmlText(bodyXml).replace(/\s/g, '').length;
  const boxedXml = [
    ...(bodyXml.match(/<w:txbxContent[\s\S]*?<\/w:txbxContent>/g) ?? []),
    ...(bodyXml.match(/<v:textbox[\s\S]*?<\/v:textbox>/g) ?? []).filter(
      (box) => !box.includes('<w:txbxContent'),
    ),
    ...(bodyXml.match(/<w:p\b(?:(?!<\/w:p>)[\s\S])*?<w:framePr[\s\S]*?<\/w:p>/g) ?? []),
  ];
  const boxed = boxedXml.map((xml) => xmlText(xml).replace(/\s/g, '').length).reduce((a, b) => a + b, 0);
  return {
    bodyXml,
    text: [xmlText(bodyXml), ...running].join('\n'),
    altText: [...bodyXml.matchAll(/<wp:docPr\b[^>]*\bdescr="([^"]*)"/g)]
      .map((match) => unescapeXml(match[1] ?? ''))
      .join('\n'),
    boxedShare: total === 0 ? 0 : Math.min(1, boxed / total),
    tables: (bodyXml.match(/<w:tbl>/g) ?? []).length,
    hyperlinks: countHyperlinks(bodyXml) + runningHyperlinks(part),
  };
}

function countHyperlinks(xml: string): number {
  return (xml.match(/<w:hyperlink\b[^>]*>[\s\S]*?<\/w:hyperlink>/g) ?? []).filter(
    (link) => xmlText(link).trim() !== '',
  ).length;
}

/**
 * The hyperlinks of headers and footers, each counted on every page that shows it, as the PDF has a link annotation
 * on each. The converter writes a section per PDF page (and continuous ones for its stripes), so each new-page
 * section is counted as one page: it shows its own headers and footers or those it keeps from the section before,
 * its first page's on a title page, the even ones on even pages when the document has them.
 */
function runningHyperlinks(part: (name: string) => string): number {
  const targets = new Map(
    [...part('word/_rels/document.xml.rels').matchAll(/<Relationship\b[^>]*>/g)].map((match) => [
      /\bId="([^"]+)"/.exec(match[0])?.[1] ?? '',
      /\bTarget="([^"]+)"/.exec(match[0])?.[1] ?? '',
    ]),
  );
  const linksOf = new Map<string, number>();
  const links = (id: string | undefined) => {
    if (!id) return 0;
    let found = linksOf.get(id);
    if (found === undefined) {
      found = countHyperlinks(part(`word/${targets.get(id) ?? ''}`));
      linksOf.set(id, found);
    }
    return found;
  };
  const hasEvenPages = part('word/settings.xml').includes('<w:evenAndOddHeaders');
  const shown = new Map<string, string>();
  let pageIndex = -1;
  let count = 0;
  for (const [section] of part('word/document.xml').matchAll(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g)) {
    for (const reference of section.matchAll(/<w:(header|footer)Reference w:type="(\w+)" r:id="([^"]+)"\/>/g))
      shown.set(`${reference[1]} ${reference[2]}`, reference[3] ?? '');
    if (/<w:type w:val="continuous"\/>/.test(section)) continue;
    pageIndex += 1;
    const kind = /<w:titlePg\b/.test(section)
      ? 'first'
      : hasEvenPages && pageIndex % 2 === 1
        ? 'even'
        : 'default';
    count += links(shown.get(`header ${kind}`)) + links(shown.get(`footer ${kind}`));
  }
  return count;
}

/** The link annotations of a PDF: to web addresses and to places in the document. */
export function pdfLinks(path: string): number {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  let count = 0;
  try {
    for (let index = 0; index < document.countPages(); index += 1) {
      const page = document.loadPage(index);
      count += page.getLinks().length;
      page.destroy();
    }
  } finally {
    document.destroy();
  }
  return count;
}

function xmlText(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<\/w:p>|<w:tab\/>|<w:br\/>/g)) {
    text += match[1] ?? (match[0] === '</w:p>' ? '\n' : ' ');
  }
  return unescapeXml(text);
}

/** The words MuPDF reads in the PDF, page by page: a second, independent reading of its text. */
export function mupdfWords(path: string): string[] {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  const found: string[] = [];
  try {
    for (let index = 0; index < document.countPages(); index += 1) {
      const page = document.loadPage(index);
      // With annotations and form fields, as poppler reads them.
      const list = page.toDisplayList(true);
      const text = list.toStructuredText('preserve-whitespace');
      found.push(...words(text.asText()));
      text.destroy();
      list.destroy();
      page.destroy();
    }
  } finally {
    document.destroy();
  }
  return found;
}

/**
 * The words two readings of a PDF agree on (as a multiset), in the first one's order. Extractors differ where a
 * font maps its glyphs poorly: poppler reads TeX's prime as "0", its negation slash as "6" and "↦" as "7→", and
 * splits an exponent from its base ("S 1"); what both read is the document's text beyond doubt.
 */
export function agreedWords(first: readonly string[], second: readonly string[]): string[] {
  const available = new Map<string, number>();
  for (const word of second) available.set(word, (available.get(word) ?? 0) + 1);
  return first.filter((word) => {
    const count = available.get(word) ?? 0;
    if (count > 0) available.set(word, count - 1);
    return count > 0;
  });
}
