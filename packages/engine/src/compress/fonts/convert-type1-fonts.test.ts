import { readFileSync } from 'node:fs';
import { corpusPath } from '@quire/corpus';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { writePdf } from '@quire/test-kit/hostile-pdfs';
import { createType1Pdf } from '@quire/test-kit/type1-fonts';
import { convertType1Fonts } from './convert-type1-fonts.ts';

/** pdfTeX output: three subset Computer Modern fonts, embedded as Type 1. */
const LATEX_FILE = 'pdf/pysamples_outline-bookmarks_4p.pdf';

/** Each page drawn in grey at `dpi`, and its text. */
function readPages(pdf: mupdf.PDFDocument, dpi: number) {
  return Array.from({ length: pdf.countPages() }, (_, index) => {
    const page = pdf.loadPage(index);
    const pixels = page
      .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray)
      .getPixels();
    return { pixels: Buffer.from(pixels), text: page.toStructuredText('preserve-whitespace').asText() };
  });
}

/** Bytes of all font programs, as stored. */
function fontBytes(pdf: mupdf.PDFDocument): number {
  let bytes = 0;
  for (let num = 1; num < pdf.countObjects(); num += 1) {
    const object = pdf.newIndirect(num);
    if (!object.isDictionary()) continue;
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      const program = object.get(key);
      if (program.isStream()) bytes += program.readRawStream().getLength();
    }
  }
  return bytes;
}

/** The font programs of every font descriptor: key and, for FontFile3, its subtype. */
function fontPrograms(pdf: mupdf.PDFDocument): string[] {
  const programs: string[] = [];
  for (let num = 1; num < pdf.countObjects(); num += 1) {
    const object = pdf.newIndirect(num);
    if (!object.isDictionary()) continue;
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      const program = object.get(key);
      if (program.isStream())
        programs.push(`${key}${key === 'FontFile3' ? `/${program.get('Subtype').asName()}` : ''}`);
    }
  }
  return programs;
}

/** Converts, saves and opens again, as compression does. */
function convertAndReopen(bytes: Uint8Array): { converted: number; pdf: mupdf.PDFDocument } {
  const pdf = new mupdf.PDFDocument(bytes);
  const converted = convertType1Fonts(mupdf, pdf);
  const saved = pdf.saveToBuffer('garbage=2,compress').asUint8Array().slice();
  pdf.destroy();
  return { converted, pdf: new mupdf.PDFDocument(saved) };
}

describe('convertType1Fonts', () => {
  it('rewrites a Type 1 font using flex, hint replacement, seac and div as CFF that draws the same page', () => {
    const original = createType1Pdf();
    const before = readPages(new mupdf.PDFDocument(original), 150);
    const { converted, pdf } = convertAndReopen(original);
    expect(converted).toBe(1);
    expect(fontPrograms(pdf)).toEqual(['FontFile3/Type1C']);
    const after = readPages(pdf, 150);
    expect(after[0]?.text).toBe(before[0]?.text);
    expect(before[0]?.text.trim()).toBe('AÁOH.');
    expect(after[0]?.pixels.equals(before[0]?.pixels ?? Buffer.alloc(0))).toBe(true);
  });

  it('rewrites the pdfTeX fonts of a LaTeX file in a third of their size, drawing the same pages', () => {
    const original = readFileSync(corpusPath(LATEX_FILE));
    const source = new mupdf.PDFDocument(original);
    const before = readPages(source, 100);
    expect(fontPrograms(source)).toEqual(['FontFile', 'FontFile', 'FontFile']);
    const { converted, pdf } = convertAndReopen(original);
    expect(converted).toBe(3);
    expect(fontPrograms(pdf)).toEqual(['FontFile3/Type1C', 'FontFile3/Type1C', 'FontFile3/Type1C']);
    expect(fontBytes(pdf)).toBeLessThan(fontBytes(source) / 3);
    const after = readPages(pdf, 100);
    after.forEach((page, index) => {
      expect(page.text).toBe(before[index]?.text);
      expect(page.pixels.equals(before[index]?.pixels ?? Buffer.alloc(0))).toBe(true);
    });
  });

  it('leaves a program it cannot read as it was', () => {
    const junk = Buffer.from(
      '%!PS-AdobeFont-1.0: Junk\n/FontName /Junk def currentfile eexec\nnot a font',
      'latin1',
    );
    const bytes = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 4 0 R >> >> >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Junk /FontDescriptor 5 0 R >>',
      '<< /Type /FontDescriptor /FontName /Junk /Flags 4 /FontFile 6 0 R >>',
      { dict: '<< /Length1 60 /Length2 10 /Length3 0 >>', stream: junk },
    ]);
    const { converted, pdf } = convertAndReopen(bytes);
    expect(converted).toBe(0);
    expect(fontPrograms(pdf)).toEqual(['FontFile']);
  });
});
