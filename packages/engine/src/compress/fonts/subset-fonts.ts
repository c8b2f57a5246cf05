import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../../mupdf/load-mupdf.ts';
import { hasFormXObjectCycle } from '../has-form-cycle.ts';

const FONT_FILE_KEYS = ['FontFile', 'FontFile2', 'FontFile3'] as const;
/** Resource dictionaries are followed this deep through the forms of an appearance (hostile files nest them). */
const MAX_RESOURCE_DEPTH = 8;

/**
 * Cuts embedded fonts down to the glyphs the pages and annotations draw (MuPDF's subsetting, which reads TrueType
 * and CFF programs), except the fonts a form's fields type with: those of the form's default resources (/AcroForm
 * /DR) and of the fields' appearances keep every glyph, since a visitor may type any letter into a field later.
 * MuPDF's subsetting cannot be told to leave a font alone, so those programs are taken off their descriptors while
 * it runs (it then sees an unembedded font) and put back after. A file whose forms can draw themselves keeps
 * every font whole (MuPDF would follow the loop for ever).
 */
export function subsetFonts(mupdf: MupdfModule, pdf: Mupdf.PDFDocument): void {
  if (hasFormXObjectCycle(pdf)) return;
  const kept = fieldFontPrograms(pdf);
  const detached: { descriptor: Mupdf.PDFObject; key: string; program: Mupdf.PDFObject }[] = [];
  if (kept.size > 0) {
    const count = pdf.countObjects();
    for (let num = 1; num < count; num += 1) {
      const descriptor = pdf.newIndirect(num);
      if (!descriptor.isDictionary()) continue;
      for (const key of FONT_FILE_KEYS) {
        const program = descriptor.get(key);
        if (program.isIndirect() && kept.has(program.asIndirect())) {
          detached.push({ descriptor, key, program });
          descriptor.delete(key);
        }
      }
    }
  }
  try {
    pdf.subsetFonts();
  } finally {
    for (const { descriptor, key, program } of detached) descriptor.put(key, program);
    // Fonts MuPDF loaded while their programs were away must not be drawn from its cache later.
    if (detached.length > 0) mupdf.emptyStore();
  }
}

/** The font programs (by object number) that a form's fields use or may use: /AcroForm /DR and widget appearances. */
export function fieldFontPrograms(pdf: Mupdf.PDFDocument): Set<number> {
  return formFontPrograms(pdf, (subtype) => subtype === 'Widget');
}

/** The font programs of /AcroForm /DR and of every annotation's appearances. */
export function annotationFontPrograms(pdf: Mupdf.PDFDocument): Set<number> {
  return formFontPrograms(pdf, () => true);
}

function formFontPrograms(pdf: Mupdf.PDFDocument, isCounted: (subtype: string) => boolean): Set<number> {
  const programs = new Set<number>();
  const seen = new Set<number>();
  const addFonts = (resources: Mupdf.PDFObject, depth: number) => {
    if (!resources.isDictionary() || depth > MAX_RESOURCE_DEPTH) return;
    if (resources.isIndirect()) {
      if (seen.has(resources.asIndirect())) return;
      seen.add(resources.asIndirect());
    }
    const fonts = resources.get('Font');
    if (fonts.isDictionary()) fonts.forEach((font) => addProgramsOf(font, programs));
    const xobjects = resources.get('XObject');
    if (xobjects.isDictionary()) {
      xobjects.forEach((xobject) => {
        if (xobject.isStream()) addFonts(xobject.get('Resources'), depth + 1);
      });
    }
  };
  const acroForm = pdf.getTrailer().get('Root', 'AcroForm');
  if (acroForm.isDictionary()) addFonts(acroForm.get('DR'), 0);
  for (let index = 0; index < pdf.countPages(); index += 1) {
    const annots = pdf.findPage(index).get('Annots');
    if (!annots.isArray()) continue;
    for (let at = 0; at < annots.length; at += 1) {
      const annot = annots.get(at);
      if (!annot.isDictionary() || !isCounted(annot.get('Subtype').asName())) continue;
      addFonts(annot.get('DR'), 0);
      forEachAppearance(annot.get('AP'), (stream) => addFonts(stream.get('Resources'), 0));
    }
  }
  return programs;
}

/** Each appearance stream of an annotation's /AP: /N, /R and /D, each a stream or a dictionary of states. */
function forEachAppearance(ap: Mupdf.PDFObject, visit: (stream: Mupdf.PDFObject) => void): void {
  if (!ap.isDictionary()) return;
  for (const kind of ['N', 'R', 'D']) {
    const entry = ap.get(kind);
    if (entry.isStream()) visit(entry);
    else if (entry.isDictionary()) {
      entry.forEach((state) => {
        if (state.isStream()) visit(state);
      });
    }
  }
}

function addProgramsOf(font: Mupdf.PDFObject, programs: Set<number>): void {
  if (!font.isDictionary()) return;
  const descendant = font.get('DescendantFonts');
  const descriptor = descendant.isArray()
    ? descendant.get(0).get('FontDescriptor')
    : font.get('FontDescriptor');
  if (!descriptor.isDictionary()) return;
  for (const key of FONT_FILE_KEYS) {
    const program = descriptor.get(key);
    if (program.isIndirect()) programs.add(program.asIndirect());
  }
}
