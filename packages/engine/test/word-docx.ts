import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';

/**
 * A .docx as the tests read it: the body's XML, its text with the headers' and footers', its pictures' alternative
 * text (a figure drawn from vector paths keeps its labels there), and every part.
 */
export type Docx = { xml: string; text: string; altText: string; entries: Record<string, Uint8Array> };

/**
 * Reads a .docx. Headers and footers hold the lines repeated on the pages: Word shows them on every page, so their
 * text counts once per page of the PDF (`pages`), as the PDF's own text has them.
 */
export async function readWordDocx(path: string, pages = 1): Promise<Docx> {
  const entries = unzipSync(await readFile(path));
  const documentXml = entries['word/document.xml'];
  if (!documentXml) throw new Error(`${path}: no word/document.xml`);
  const xml = strFromU8(documentXml);
  const parts = Object.keys(entries)
    .filter((entry) => /^word\/(header|footer)\d*\.xml$/.test(entry))
    .map((entry) => `${docxText(strFromU8(entries[entry] as Uint8Array))}\n`.repeat(pages));
  const altText = [...xml.matchAll(/<wp:docPr\b[^>]*\bdescr="([^"]*)"/g)]
    .map((match) => decodeXml(match[1] ?? ''))
    .join('\n');
  return { xml, text: [docxText(xml), ...parts].join('\n'), altText, entries };
}

/** One part of the .docx as text (`word/_rels/document.xml.rels`, say). */
export const partText = (docx: Docx, name: string): string =>
  strFromU8(docx.entries[name] ?? new Uint8Array());

/** The text of a Word XML part: paragraphs on lines, tabs as spaces, XML entities decoded. */
export function docxText(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<\/w:p>|<w:tab\/>|<w:br\/>/g)) {
    text += match[1] ?? (match[0] === '</w:p>' ? '\n' : ' ');
  }
  return decodeXml(text);
}

export const decodeXml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The hyperlinks of a Word XML part: their text, and their relation (web) or bookmark (in the document). */
export function hyperlinks(xml: string): { text: string; relation?: string; anchor?: string }[] {
  return [...xml.matchAll(/<w:hyperlink ([^>]*)>([\s\S]*?)<\/w:hyperlink>/g)].map((match) => {
    const attributes = match[1] ?? '';
    const relation = /r:id="([^"]+)"/.exec(attributes)?.[1];
    const anchor = /w:anchor="([^"]+)"/.exec(attributes)?.[1];
    return {
      text: docxText(match[2] ?? ''),
      ...(relation ? { relation } : {}),
      ...(anchor ? { anchor } : {}),
    };
  });
}

/** The addresses of the document's external relations (hyperlinks), by relation id, decoded. */
export function externalTargets(docx: Docx): Map<string, string> {
  const relations = partText(docx, 'word/_rels/document.xml.rels');
  return new Map(
    [...relations.matchAll(/<Relationship [^>]*\/>/g)]
      .map((match) => match[0])
      .filter((relation) => relation.includes('TargetMode="External"'))
      .map((relation) => [
        /Id="([^"]+)"/.exec(relation)?.[1] ?? '',
        decodeXml(/Target="([^"]*)"/.exec(relation)?.[1] ?? ''),
      ]),
  );
}

/** The body's tables: each a list of rows, each row its cells' text (paragraphs joined by spaces, trimmed). */
export function docxTables(xml: string): string[][][] {
  return [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].map((table) =>
    [...(table[1] ?? '').matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) =>
      [...row[0].matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((cell) =>
        docxText(cell[1] ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    ),
  );
}
