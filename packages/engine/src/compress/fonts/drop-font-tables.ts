import type * as Mupdf from 'mupdf';
import { readFontProgram } from './read-font-program.ts';
import { fieldFontPrograms } from './subset-fonts.ts';

/** TrueType programs that inflate past this are left as they are. */
const MAX_PROGRAM_BYTES = 32 * 1024 * 1024;
/**
 * Tables a PDF reader never uses in a CIDFont's TrueType program (glyphs are chosen by number, placed by the PDF's
 * widths, never shaped): names, layout and kerning, device metrics, signatures. Ghostscript leaves `name` out too.
 */
const UNUSED_TABLES = new Set([
  'name',
  'GSUB',
  'GPOS',
  'GDEF',
  'BASE',
  'JSTF',
  'MATH',
  'kern',
  'hdmx',
  'VDMX',
  'LTSH',
  'PCLT',
  'DSIG',
  'meta',
  'morx',
  'mort',
  'feat',
]);

/**
 * Drops from the TrueType programs of CIDFonts (Type 0, CIDFontType2) the tables no PDF reader uses. Outlines,
 * hinting, metrics, cmap and post stay. Simple TrueType fonts keep theirs (a reader may look their glyphs up by
 * name), and so do the fonts of form fields, which a viewer may shape new text with. Returns the programs changed.
 */
export function dropUnusedFontTables(pdf: Mupdf.PDFDocument): number {
  const kept = fieldFontPrograms(pdf);
  const done = new Set<number>();
  let changed = 0;
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const font = pdf.newIndirect(num);
    if (!font.isDictionary() || font.get('Subtype').asName() !== 'CIDFontType2') continue;
    const descriptor = font.get('FontDescriptor');
    if (!descriptor.isDictionary()) continue;
    const program = descriptor.get('FontFile2');
    if (!program.isIndirect() || !program.isStream()) continue;
    const key = program.asIndirect();
    if (kept.has(key) || done.has(key)) continue;
    done.add(key);
    const bytes = readFontProgram(program, MAX_PROGRAM_BYTES);
    const pruned = bytes ? withoutTables(bytes, UNUSED_TABLES) : null;
    if (!pruned) continue;
    program.writeStream(pruned);
    program.delete('Filter');
    program.delete('DecodeParms');
    program.put('Length1', pruned.length);
    changed += 1;
  }
  return changed;
}

/** The font without `drop`'s tables, its directory and checksum adjustment rewritten; null if none was there. */
export function withoutTables(font: Uint8Array, drop: ReadonlySet<string>): Uint8Array | null {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  if (font.length < 12) return null;
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565) return null;
  const tableCount = view.getUint16(4);
  if (12 + tableCount * 16 > font.length) return null;
  const tables: { tag: string; checksum: number; data: Uint8Array }[] = [];
  for (let index = 0; index < tableCount; index += 1) {
    const entry = 12 + index * 16;
    const tag = String.fromCharCode(...font.subarray(entry, entry + 4));
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    if (offset + length > font.length) return null;
    tables.push({ tag, checksum: view.getUint32(entry + 4), data: font.subarray(offset, offset + length) });
  }
  const keptTables = tables.filter((table) => !drop.has(table.tag));
  if (keptTables.length === tables.length) return null;

  const directoryBytes = 12 + keptTables.length * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const total = keptTables.reduce((sum, table) => sum + padded(table.data.length), directoryBytes);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(keptTables.length));
  outView.setUint32(0, version);
  outView.setUint16(4, keptTables.length);
  outView.setUint16(6, power * 16);
  outView.setUint16(8, Math.log2(power));
  outView.setUint16(10, keptTables.length * 16 - power * 16);
  let at = directoryBytes;
  let headAt = -1;
  keptTables.forEach((table, index) => {
    const entry = 12 + index * 16;
    for (let char = 0; char < 4; char += 1) out[entry + char] = table.tag.charCodeAt(char);
    outView.setUint32(entry + 4, table.checksum);
    outView.setUint32(entry + 8, at);
    outView.setUint32(entry + 12, table.data.length);
    out.set(table.data, at);
    if (table.tag === 'head' && table.data.length >= 12) headAt = at;
    at += padded(table.data.length);
  });
  if (headAt >= 0) {
    // head.checkSumAdjustment: 0xB1B0AFBA minus the sum of the whole font with the field at zero.
    outView.setUint32(headAt + 8, 0);
    let sum = 0;
    for (let offset = 0; offset < out.length; offset += 4) sum = (sum + outView.getUint32(offset)) >>> 0;
    outView.setUint32(headAt + 8, (0xb1b0afba - sum) >>> 0);
  }
  return out;
}
