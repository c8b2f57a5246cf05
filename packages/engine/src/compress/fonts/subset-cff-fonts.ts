import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../../mupdf/load-mupdf.ts';
import { readDict, readIndex } from './cff-read.ts';
import { subsetCff } from './cff-subset.ts';
import { readFontProgram } from './read-font-program.ts';
import { annotationFontPrograms } from './subset-fonts.ts';

/** A CFF program and the font dictionaries (with their descriptors) that draw with it. */
type Candidate = {
  program: Mupdf.PDFObject;
  cff: Uint8Array;
  /** The CFF came out of an OpenType wrapper: it goes back bare, under the subtype that says what it is. */
  bareSubtype: 'Type1C' | 'CIDFontType0C' | null;
  users: { named: Mupdf.PDFObject[]; descriptor: Mupdf.PDFObject }[];
};

/** Font programs that inflate past this are left whole (Noto Sans CJK, the largest in common use, is 16 MB). */
const MAX_PROGRAM_BYTES = 32 * 1024 * 1024;

/**
 * Cuts CFF font programs (Type1C, CIDFontType0C, and OpenType wrapping CFF outlines) down to the glyphs the pages
 * draw, keeping glyph numbers: what MuPDF's own subsetting leaves whole (simple CFF fonts, and the large CID-keyed
 * CJK fonts it fails on, 15 MB of Noto Sans CJK embedded whole by pdf-lib or MuPDF). The glyphs drawn are those
 * MuPDF draws the pages with, text that is clipped or invisible (OCR layers) included; each font is named after its
 * program while the pages run so that its glyphs can be told apart. Fonts of annotations and form fields stay
 * whole, as do fonts no page draws, and every font of a file with optional content (layers). An OpenType program whose CFF is CID-keyed (for a CIDFont) or name-keyed (for a
 * simple font) is written back as bare CFF, which PDF reads the same way. Returns the number of programs cut.
 */
export function subsetCffFonts(mupdf: MupdfModule, pdf: Mupdf.PDFDocument, signal: AbortSignal): number {
  // MuPDF draws only the visible layers: text in a hidden one would lose its glyphs.
  if (!pdf.getTrailer().get('Root', 'OCProperties').isNull()) return 0;
  const kept = annotationFontPrograms(pdf);
  const candidates = findCandidates(pdf, kept);
  if (candidates.size === 0) return 0;
  const usage = drawnGlyphs(mupdf, pdf, candidates, signal);
  let count = 0;
  for (const [num, candidate] of candidates) {
    const glyphs = usage.get(num);
    if (!glyphs || glyphs.size === 0) continue;
    const subset = subsetCff(candidate.cff, glyphs);
    if (!subset || subset.length >= candidate.cff.length) continue;
    if (candidate.bareSubtype) {
      const dictionary = pdf.newDictionary();
      dictionary.put('Subtype', pdf.newName(candidate.bareSubtype));
      const replacement = pdf.addStream(subset, dictionary);
      for (const { descriptor } of candidate.users) descriptor.put('FontFile3', replacement);
    } else {
      candidate.program.writeStream(subset);
      candidate.program.delete('Filter');
      candidate.program.delete('DecodeParms');
    }
    count += 1;
  }
  return count;
}

function findCandidates(pdf: Mupdf.PDFDocument, kept: ReadonlySet<number>): Map<number, Candidate> {
  const candidates = new Map<number, Candidate>();
  const rejected = new Set<number>();
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const font = pdf.newIndirect(num);
    if (!font.isDictionary() || font.get('Type').asName() !== 'Font') continue;
    const subtype = font.get('Subtype').asName();
    const descendants = font.get('DescendantFonts');
    const descendant = subtype === 'Type0' && descendants.isArray() ? descendants.get(0) : null;
    if (subtype === 'Type0' && !descendant?.isDictionary()) continue;
    if (descendant && descendant.get('Subtype').asName() !== 'CIDFontType0') continue;
    if (!descendant && subtype !== 'Type1' && subtype !== 'MMType1') continue;
    const descriptor = (descendant ?? font).get('FontDescriptor');
    if (!descriptor.isDictionary()) continue;
    const program = descriptor.get('FontFile3');
    if (!program.isIndirect() || !program.isStream()) continue;
    const key = program.asIndirect();
    if (kept.has(key) || rejected.has(key)) continue;
    let candidate = candidates.get(key);
    if (!candidate) {
      const read = readCff(program, descendant !== null);
      if (!read) {
        rejected.add(key);
        continue;
      }
      candidate = { program, ...read, users: [] };
      candidates.set(key, candidate);
    }
    candidate.users.push({ named: descendant ? [font, descendant] : [font], descriptor });
  }
  return candidates;
}

/** The CFF bytes of a program, or null when it is not CFF this can cut (or the fonts using it disagree). */
function readCff(
  program: Mupdf.PDFObject,
  isCidFont: boolean,
): { cff: Uint8Array; bareSubtype: Candidate['bareSubtype'] } | null {
  const subtype = program.get('Subtype').asName();
  if (subtype !== 'Type1C' && subtype !== 'CIDFontType0C' && subtype !== 'OpenType') return null;
  const bytes = readFontProgram(program, MAX_PROGRAM_BYTES);
  if (!bytes) return null;
  if (subtype !== 'OpenType') return { cff: bytes, bareSubtype: null };
  const cff = cffTable(bytes);
  if (!cff) return null;
  // PDF finds a CIDFont's glyphs through a CID-keyed CFF's charset either way; a simple font's by name either way.
  if (isCidKeyed(cff) !== isCidFont) return null;
  return { cff, bareSubtype: isCidFont ? 'CIDFontType0C' : 'Type1C' };
}

function cffTable(font: Uint8Array): Uint8Array | null {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  if (font.length < 12 || view.getUint32(0) !== 0x4f54544f) return null;
  const tables = view.getUint16(4);
  for (let index = 0; index < tables; index += 1) {
    const entry = 12 + index * 16;
    if (entry + 16 > font.length) return null;
    if (view.getUint32(entry) !== 0x43464620) continue;
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    return offset + length <= font.length ? font.slice(offset, offset + length) : null;
  }
  return null;
}

function isCidKeyed(cff: Uint8Array): boolean {
  try {
    const names = readIndex(cff, cff[2] ?? 4);
    const top = readIndex(cff, names.end).items[0];
    return top !== undefined && readDict(top).some((entry) => entry.op === 1230);
  } catch {
    return false;
  }
}

/**
 * The glyphs MuPDF draws with each candidate program, by program. The fonts are renamed after their programs while
 * the pages run (MuPDF names a font after /FontName), then named back; MuPDF's cache of loaded fonts is emptied
 * before and after, so that no font is drawn under the wrong name.
 */
function drawnGlyphs(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  candidates: ReadonlyMap<number, Candidate>,
  signal: AbortSignal,
): Map<number, Set<number>> {
  const renamed: { dict: Mupdf.PDFObject; key: string; name: Mupdf.PDFObject }[] = [];
  const tags = new Map<string, number>();
  for (const [num, candidate] of candidates) {
    const tag = `QuireFont${num}`;
    tags.set(tag, num);
    for (const { named, descriptor } of candidate.users) {
      for (const dict of named) {
        renamed.push({ dict, key: 'BaseFont', name: dict.get('BaseFont') });
        dict.put('BaseFont', pdf.newName(tag));
      }
      renamed.push({ dict: descriptor, key: 'FontName', name: descriptor.get('FontName') });
      descriptor.put('FontName', pdf.newName(tag));
    }
  }
  const usage = new Map<number, Set<number>>();
  const walker = {
    showGlyph(font: Mupdf.Font, _trm: Mupdf.Matrix, glyph: number) {
      const num = tags.get(font.getName());
      if (num === undefined) return;
      let glyphs = usage.get(num);
      if (!glyphs) usage.set(num, (glyphs = new Set()));
      glyphs.add(glyph);
    },
  };
  const onText = (text: Mupdf.Text) => text.walk(walker);
  mupdf.emptyStore();
  const device = new mupdf.Device({
    fillText: onText,
    strokeText: onText,
    clipText: onText,
    clipStrokeText: onText,
    ignoreText: onText,
  });
  try {
    for (let index = 0; index < pdf.countPages(); index += 1) {
      if (signal.aborted) throw signal.reason;
      const page = pdf.loadPage(index);
      try {
        page.runPageContents(device, mupdf.Matrix.identity);
      } finally {
        page.destroy();
      }
    }
    device.close();
  } finally {
    device.destroy();
    for (const { dict, key, name } of renamed.reverse()) {
      if (name.isNull()) dict.delete(key);
      else dict.put(key, name);
    }
    mupdf.emptyStore();
  }
  return usage;
}
