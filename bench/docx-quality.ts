// Helpers of pdf-to-word.bench.ts: what a .docx holds as text, how much of it sits in text boxes or frames, how
// many tables it has, and word recall against the PDF's own text. Written for the benchmark; not used by the server.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';

export type DocxContent = { bodyXml: string; text: string; boxedShare: number; tables: number };

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
    boxedShare: total === 0 ? 0 : Math.min(1, boxed / total),
    tables: (bodyXml.match(/<w:tbl>/g) ?? []).length,
  };
}

function xmlText(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<\/w:p>|<w:tab\/>|<w:br\/>/g)) {
    text += match[1] ?? (match[0] === '</w:p>' ? '\n' : ' ');
  }
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-cropbox', '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
}

/** Case-folded words, line-end hyphenation undone; CJK characters one by one, as they have no spaces. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/(\p{L})[-\u00ad\u2010]\n\s*(\p{Ll})/gu, '$1$2')
      .replace(/([\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff])/g, ' $1 ')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

/** Share of the reference's words (as a multiset) found in the candidate; also returns the counts. */
export function recall(
  reference: readonly string[],
  candidate: readonly string[],
): { found: number; total: number } {
  const available = new Map<string, number>();
  for (const word of candidate) available.set(word, (available.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of reference) {
    const count = available.get(word) ?? 0;
    if (count > 0) {
      found += 1;
      available.set(word, count - 1);
    }
  }
  return { found, total: reference.length };
}
