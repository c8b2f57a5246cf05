import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createJapanesePagePdf } from '@quire/test-kit/form-fonts';
import { createType1Pdf } from '@quire/test-kit/type1-fonts';
import { subsetCff } from './cff-subset.ts';
import { convertType1Fonts } from './convert-type1-fonts.ts';
import { subsetCffFonts } from './subset-cff-fonts.ts';

const signal = new AbortController().signal;

/** Page 1 drawn in grey at 100 DPI, and its text. */
function readPage(pdf: mupdf.PDFDocument) {
  const page = pdf.loadPage(0);
  const pixels = page
    .toPixmap(mupdf.Matrix.scale(100 / 72, 100 / 72), mupdf.ColorSpace.DeviceGray)
    .getPixels();
  return { pixels: Buffer.from(pixels), text: page.toStructuredText('preserve-whitespace').asText() };
}

/** Each font's program (FontFile3 subtype and decoded bytes), by /BaseFont. */
function programs(pdf: mupdf.PDFDocument): Map<string, { subtype: string; bytes: Buffer }> {
  const found = new Map<string, { subtype: string; bytes: Buffer }>();
  for (let num = 1; num < pdf.countObjects(); num += 1) {
    const font = pdf.newIndirect(num);
    if (!font.isDictionary() || font.get('Type').asName() !== 'Font') continue;
    const descendants = font.get('DescendantFonts');
    const descriptor = (descendants.isArray() ? descendants.get(0) : font).get('FontDescriptor');
    const program = descriptor.get('FontFile3');
    if (!program.isStream()) continue;
    found.set(font.get('BaseFont').asName(), {
      subtype: program.get('Subtype').asName(),
      bytes: Buffer.from(program.readStream().asUint8Array()),
    });
  }
  return found;
}

function reopen(pdf: mupdf.PDFDocument): mupdf.PDFDocument {
  const bytes = pdf.saveToBuffer('garbage=2,compress').asUint8Array().slice();
  pdf.destroy();
  return new mupdf.PDFDocument(bytes);
}

describe('subsetCffFonts', () => {
  it('cuts a whole 15 MB OpenType CJK font to the glyphs of its page, as bare CFF that draws the same', () => {
    const original = new mupdf.PDFDocument(createJapanesePagePdf());
    const before = readPage(original);
    const [wholeProgram] = [...programs(original).values()];
    expect(wholeProgram?.subtype).toBe('OpenType');
    expect(subsetCffFonts(mupdf, original, signal)).toBe(1);
    const pdf = reopen(original);
    const [program] = [...programs(pdf).values()];
    expect(program?.subtype).toBe('CIDFontType0C');
    expect(program?.bytes.length).toBeLessThan((wholeProgram?.bytes.length ?? 0) * 0.03);
    const after = readPage(pdf);
    expect(after.text).toBe(before.text);
    expect(before.text).toContain('日本語のテキストです。');
    expect(after.pixels.equals(before.pixels)).toBe(true);
  });

  it('cuts the page font of a form and keeps the field font whole', () => {
    const pdf = new mupdf.PDFDocument(createType1Pdf({ withField: true }));
    convertType1Fonts(mupdf, pdf);
    const before = programs(pdf);
    const beforePage = readPage(pdf);
    expect(subsetCffFonts(mupdf, pdf, signal)).toBe(1);
    const after = programs(pdf);
    expect(after.get('QuireField')?.bytes.equals(before.get('QuireField')?.bytes ?? Buffer.alloc(0))).toBe(
      true,
    );
    // The accent drawn only inside the accented letter is no longer a glyph of its own on the page.
    expect(after.get('QuireTest')?.bytes.length).toBeLessThan(before.get('QuireTest')?.bytes.length ?? 0);
    const afterPage = readPage(reopen(pdf));
    expect(afterPage.text).toBe(beforePage.text);
    expect(afterPage.pixels.equals(beforePage.pixels)).toBe(true);
  });

  it('leaves the fonts of a file with layers whole (hidden layers are not drawn)', () => {
    const pdf = new mupdf.PDFDocument(createType1Pdf());
    convertType1Fonts(mupdf, pdf);
    const layers = pdf.newDictionary();
    layers.put('OCGs', pdf.newArray());
    pdf.getTrailer().get('Root').put('OCProperties', layers);
    expect(subsetCffFonts(mupdf, pdf, signal)).toBe(0);
  });

  it('gives up on bytes that are not CFF', () => {
    expect(subsetCff(Uint8Array.from([1, 0, 4, 4, 0, 1, 9, 9]), new Set([1]))).toBeNull();
    expect(subsetCff(new TextEncoder().encode('not a font at all'), new Set([1]))).toBeNull();
  });
});
