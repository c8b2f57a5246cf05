import type * as Mupdf from 'mupdf';
import type { PdfaLevel, PdfaRule } from '@quire/shared';
import { at } from './pdf-values.ts';

/** The document information entries and the XMP property each one must equal (ISO 19005-1 6.7.3, Table 1). */
const INFO_IN_XMP: readonly (readonly [string, string])[] = [
  ['Title', 'dc:title'],
  ['Author', 'dc:creator'],
  ['Subject', 'dc:description'],
  ['Keywords', 'pdf:Keywords'],
  ['Creator', 'xmp:CreatorTool'],
  ['Producer', 'pdf:Producer'],
];

/**
 * The XMP identification (pdfaid:part and pdfaid:conformance of the level, as an element or an attribute) and
 * the document information entries found again in the XMP, as the rules ask.
 */
export function checkXmp(
  catalog: Mupdf.PDFObject | undefined,
  info: Mupdf.PDFObject | undefined,
  level: PdfaLevel,
  report: (rule: PdfaRule, detail: string) => void,
): void {
  const metadata = at(catalog, 'Metadata');
  if (metadata?.isStream() !== true) {
    report('xmp-identification', 'the catalogue has no XMP metadata stream');
    return;
  }
  const xmp = metadata.readStream().asString();
  const part = xmpValue(xmp, 'pdfaid:part');
  const conformance = xmpValue(xmp, 'pdfaid:conformance');
  // Conformance A (and U from part 2 on) asks for B's rules and more, so it identifies a B file too.
  const conformances = level === '1b' ? ['B', 'A'] : ['B', 'U', 'A'];
  if (part !== level.slice(0, 1) || !conformances.includes(conformance?.toUpperCase() ?? '')) {
    report(
      'xmp-identification',
      `the XMP says part ${part ?? '(none)'}, conformance ${conformance ?? '(none)'}, not ${level}`,
    );
  }
  for (const [key, property] of INFO_IN_XMP) {
    const entry = at(info, key);
    if (entry?.isString() !== true || entry.asString() === '') continue;
    const value = escapeXml(entry.asString());
    const inXmp = xmpBlock(xmp, property);
    if (inXmp === undefined || !inXmp.includes(value)) {
      report('info-matches-xmp', `the information’s /${key} is not the XMP’s ${property}`);
    }
  }
}

/** A simple XMP property's value, written `<p>v</p>` or `p="v"`. */
function xmpValue(xmp: string, property: string): string | undefined {
  const element = new RegExp(`<${property}>\\s*([^<]*?)\\s*</${property}>`).exec(xmp);
  if (element) return element[1];
  return new RegExp(`${property}\\s*=\\s*["']([^"']*)["']`).exec(xmp)?.[1];
}

/** Everything an XMP property holds (an rdf:Alt or rdf:Seq for dc:title and dc:creator). */
function xmpBlock(xmp: string, property: string): string | undefined {
  const element = new RegExp(`<${property}(?:\\s[^>]*)?>([\\s\\S]*?)</${property}>`).exec(xmp);
  if (element) return element[1];
  return new RegExp(`${property}\\s*=\\s*["']([^"']*)["']`).exec(xmp)?.[1];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
