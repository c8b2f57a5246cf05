import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../../mupdf/load-mupdf.ts';
import { writeCff, type CffGlyph } from './cff-writer.ts';
import { readFontProgram } from './read-font-program.ts';
import { readType1Program } from './type1-program.ts';
import { convertType1Glyph } from './type1-to-type2.ts';

/** Largest Type 1 program read (decoded); real ones are kilobytes, a CJK font split by LibreOffice a few hundred. */
const MAX_TYPE1_BYTES = 8 * 1024 * 1024;

/**
 * Rewrites every embedded Type 1 font program (FontFile) as CFF (FontFile3 /Type1C), the compact form of the same
 * outlines that PDF 1.2 added: the glyphs, their names, the built-in encoding and the hints stay, the font
 * dictionaries (widths, encodings, ToUnicode) are untouched, so text is drawn and extracted as before. A CFF font
 * is about a quarter of its Type 1 form (pdfTeX's Computer Modern, LibreOffice's Type 1 copies of CJK fonts), and
 * MuPDF can subset it afterwards, which it cannot do with Type 1. A program this cannot read wholly stays as it is.
 * Returns the number of programs rewritten.
 */
export function convertType1Fonts(mupdf: MupdfModule, pdf: Mupdf.PDFDocument): number {
  const converted = new Map<number, Mupdf.PDFObject | null>();
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const descriptor = pdf.newIndirect(num);
    // Any dictionary naming a FontFile is a font descriptor: some producers (pdfTeX among them) leave out /Type.
    if (!descriptor.isDictionary()) continue;
    const fontFile = descriptor.get('FontFile');
    if (!fontFile.isIndirect() || !descriptor.get('FontFile3').isNull()) continue;
    const key = fontFile.asIndirect();
    if (!converted.has(key)) converted.set(key, convertProgram(mupdf, pdf, fontFile));
    const replacement = converted.get(key);
    if (!replacement) continue;
    descriptor.put('FontFile3', replacement);
    descriptor.delete('FontFile');
  }
  return [...converted.values()].filter(Boolean).length;
}

function convertProgram(mupdf: MupdfModule, pdf: Mupdf.PDFDocument, fontFile: Mupdf.PDFObject) {
  if (!fontFile.isStream()) return null;
  const type1 = readFontProgram(fontFile, MAX_TYPE1_BYTES);
  if (!type1) return null;
  const program = readType1Program(type1);
  if (!program) return null;
  const glyphs: CffGlyph[] = [];
  for (const name of program.charStrings.keys()) {
    const glyph = convertType1Glyph(name, program.charStrings, program.subrs);
    // A font is rewritten whole or not at all: a glyph left out would vanish from the page.
    if (!glyph) return null;
    glyphs.push({ name, glyph });
  }
  let cff: Uint8Array;
  try {
    cff = writeCff(program, glyphs);
    // FreeType (in MuPDF) must read what was written, or the original stays.
    new mupdf.Font(program.fontName, cff).destroy();
  } catch {
    return null;
  }
  if (cff.length >= type1.length) return null;
  const dictionary = pdf.newDictionary();
  dictionary.put('Subtype', pdf.newName('Type1C'));
  return pdf.addStream(cff, dictionary);
}
