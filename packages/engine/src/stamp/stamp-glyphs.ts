import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
/** One glyph of a laid-out stamp: its font (by name), its glyph id, and its matrix in the layout's space. */
export type PlacedGlyph = { font: string; glyph: number; matrix: Mupdf.Matrix };

/**
 * A device that records each glyph a page draws, and, for each font by name, the text each glyph stands for: the
 * characters of its cluster in the order typed (MuPDF's layout passes a ligature's further characters as glyphs -1
 * after it).
 */
export function readGlyphs(
  mupdf: MupdfModule,
  glyphTexts: Map<string, Map<number, string>>,
  placed: PlacedGlyph[],
): Mupdf.Device {
  return new mupdf.Device({
    fillText: (text, ctm) => {
      let last: { texts: Map<number, string>; glyph: number } | null = null;
      text.walk({
        showGlyph: (font, matrix, glyph, unicode, _wmode, bidiLevel) => {
          const name = font.getName();
          let texts = glyphTexts.get(name);
          if (!texts) glyphTexts.set(name, (texts = new Map()));
          const character = String.fromCodePoint(unicode);
          if (glyph < 0) {
            // Readers reverse a right-to-left word letter by letter, a ligature's letters too (lam-alef): its
            // letters are given in reverse for them to come back in the order typed.
            const joined = (known: string) => (bidiLevel % 2 === 1 ? character + known : known + character);
            if (last && last.texts === texts) texts.set(last.glyph, joined(texts.get(last.glyph) ?? ''));
            return;
          }
          placed.push({ font: name, glyph, matrix: mupdf.Matrix.concat(matrix, ctm) });
          if (!texts.has(glyph)) texts.set(glyph, character);
          last = texts.get(glyph) === character ? { texts, glyph } : null;
        },
      });
    },
  });
}

/**
 * A stamp page's content, written again from its glyphs in visual order, left to right, each at its place: MuPDF's
 * writer draws a right-to-left run from its first letter leftwards, which poppler reads as one word per letter,
 * while every PDF producer draws it left to right and readers put it back in logical order. With `glyphTexts` (a
 * stamp drawn at a slant), the glyphs are also marked with the text they stand for (ISO 32000-1, 14.9.4): readers
 * that group letters into words along a page's axes only (poppler) would otherwise give a slanted line back in
 * pieces of a few letters, and take the marked text whole instead. It is the glyphs' text in the order they are
 * drawn, as a reader meets it on a level line: poppler and MuPDF then order a right-to-left run as they would there.
 */
export function writeVisualOrder(
  pdf: Mupdf.PDFDocument,
  pageObject: Mupdf.PDFObject,
  placed: readonly PlacedGlyph[],
  color: readonly [number, number, number],
  glyphTexts?: ReadonlyMap<string, ReadonlyMap<number, string>>,
): void {
  const height = pageObject.get('MediaBox').get(3).asNumber() - pageObject.get('MediaBox').get(1).asNumber();
  const resourceOf = new Map<string, string>();
  pageObject.get('Resources', 'Font').forEach((font, key) => {
    resourceOf.set(font.get('BaseFont').asName(), String(key));
  });
  const operators = [`${color.map((value) => formatNumber(value / 255)).join(' ')} rg`];
  const ordered = [...placed].sort((a, b) => a.matrix[4] - b.matrix[4]);
  if (glyphTexts) {
    const text = ordered.map(({ font, glyph }) => glyphTexts.get(font)?.get(glyph) ?? '').join('');
    operators.push(`/Span <</ActualText <feff${utf16Hex(text)}>>> BDC`);
  }
  operators.push('BT');
  let currentFont = '';
  for (const { font, glyph, matrix } of ordered) {
    const resource = resourceOf.get(font);
    if (resource === undefined) continue;
    if (resource !== currentFont) {
      operators.push(`/${resource} 1 Tf`);
      currentFont = resource;
    }
    // The layout's space is y down from the top; the page's is PDF's, y up from the bottom.
    const [a, b, c, d, e, f] = matrix;
    operators.push(`${[a, -b, c, -d, e, height - f].map(formatNumber).join(' ')} Tm`);
    operators.push(`<${glyph.toString(16).padStart(4, '0')}> Tj`);
  }
  operators.push('ET');
  if (glyphTexts) operators.push('EMC');
  operators.push('');
  pageObject.put('Contents', pdf.addStream(operators.join('\n'), pdf.newDictionary()));
}

/**
 * Gives each font of a written stamp page a ToUnicode map from the glyphs' own text. MuPDF's PDF writer derives it
 * from the font's character map instead, which names Arabic's joined forms by their presentation-form code points
 * (U+FExx): copied, the words would not be the ones typed. Glyphs are codes here (Identity-H, CID = glyph).
 */
export function mapGlyphsToText(
  pdf: Mupdf.PDFDocument,
  pageObject: Mupdf.PDFObject,
  glyphTexts: ReadonlyMap<string, ReadonlyMap<number, string>>,
): void {
  pageObject.get('Resources', 'Font').forEach((font) => {
    if (font.get('Subtype').asName() !== 'Type0') return;
    const texts = glyphTexts.get(font.get('BaseFont').asName());
    if (!texts || texts.size === 0) return;
    font.put('ToUnicode', pdf.addStream(toUnicodeCmap(texts), pdf.newDictionary()));
  });
}

/** A ToUnicode CMap for 2-byte codes, in blocks of at most 100 entries as the CMap format requires. */
function toUnicodeCmap(texts: ReadonlyMap<number, string>): string {
  const hex = (value: number) => value.toString(16).padStart(4, '0');
  const entries = [...texts].map(
    ([glyph, text]) => `<${hex(glyph)}> <${[...text].map((unit) => utf16Hex(unit)).join('')}>`,
  );
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
    '',
  ].join('\n');
}

/** A text in UTF-16BE, as hexadecimal digits (a surrogate pair for a character beyond the BMP). */
function utf16Hex(character: string): string {
  let hex = '';
  for (let index = 0; index < character.length; index += 1)
    hex += character.charCodeAt(index).toString(16).padStart(4, '0');
  return hex;
}

/** A number as content streams take it: no exponent, at most 4 decimals. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
