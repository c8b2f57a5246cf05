import { ISO_ADOBE_SIDS } from './standard-names.ts';
import type { Type1Program } from './type1-program.ts';
import type { Type2Glyph } from './type1-to-type2.ts';
import { type2Number } from './type2-writer.ts';

/** CFF's first string id past the standard strings. */
const FIRST_CUSTOM_SID = 391;
/** An offset written as a 5-byte integer, so that the Top DICT's length does not depend on where things land. */
const FIXED_INT = 29;
/** The Type 1 matrix every CFF reader assumes when the Top DICT has none. */
const DEFAULT_MATRIX = [0.001, 0, 0, 0.001, 0, 0];
/** Private DICT operators of the Type 1 hinting keys CFF keeps; arrays of zones and snaps are delta-coded. */
const PRIVATE_OPERATORS: ReadonlyMap<string, { op: number[]; isDelta?: boolean; isFirstOnly?: boolean }> =
  new Map([
    ['BlueValues', { op: [6], isDelta: true }],
    ['OtherBlues', { op: [7], isDelta: true }],
    ['FamilyBlues', { op: [8], isDelta: true }],
    ['FamilyOtherBlues', { op: [9], isDelta: true }],
    ['StdHW', { op: [10], isFirstOnly: true }],
    ['StdVW', { op: [11], isFirstOnly: true }],
    ['BlueScale', { op: [12, 9] }],
    ['BlueShift', { op: [12, 10] }],
    ['BlueFuzz', { op: [12, 11] }],
    ['StemSnapH', { op: [12, 12], isDelta: true }],
    ['StemSnapV', { op: [12, 13], isDelta: true }],
    ['ForceBold', { op: [12, 14] }],
    ['LanguageGroup', { op: [12, 17] }],
    ['ExpansionFactor', { op: [12, 18] }],
  ]);

export type CffGlyph = { name: string; glyph: Type2Glyph };

/**
 * Writes a bare CFF font (what a PDF embeds as FontFile3 /Type1C) holding `glyphs` (`.notdef` first) with the Type 1
 * program's names, built-in encoding, matrix and hinting values. No subroutines: Flate finds the repeats.
 */
export function writeCff(program: Type1Program, glyphs: readonly CffGlyph[]): Uint8Array {
  const ordered = orderGlyphs(program, glyphs);
  const strings: string[] = [];
  const sid = (value: string): number => {
    const standard = ISO_ADOBE_SIDS.get(value);
    if (standard !== undefined) return standard;
    let index = strings.indexOf(value);
    if (index < 0) index = strings.push(value) - 1;
    return FIRST_CUSTOM_SID + index;
  };

  const charset = [0, ...ordered.slice(1).flatMap(({ name }) => card16(sid(name)))];
  const encoding = program.isStandardEncoding ? null : writeEncoding(program, ordered, sid);
  const { defaultWidth, charStrings } = writeCharStrings(ordered);
  const privateDict = writePrivate(program, defaultWidth);

  const top = new DictWriter();
  const info = program.info;
  if (info.notice) top.entry([1], [sid(info.notice)]);
  if (info.fullName) top.entry([2], [sid(info.fullName)]);
  if (info.familyName) top.entry([3], [sid(info.familyName)]);
  if (info.weight) top.entry([4], [sid(info.weight)]);
  if (program.isFixedPitch) top.entry([12, 1], [1]);
  if (program.italicAngle !== 0) top.entry([12, 2], [program.italicAngle]);
  if (program.underlinePosition !== null) top.entry([12, 3], [program.underlinePosition]);
  if (program.underlineThickness !== null) top.entry([12, 4], [program.underlineThickness]);
  if (program.paintType !== 0) top.entry([12, 5], [program.paintType]);
  const matrix = program.fontMatrix;
  if (matrix?.length === 6 && matrix.some((value, index) => value !== DEFAULT_MATRIX[index])) {
    top.entry([12, 7], matrix);
  }
  top.entry([5], program.fontBBox);
  const fixedPart = top.bytes.length;
  // charset, Encoding, CharStrings and Private: offsets filled in once the layout is known.
  const topLength = fixedPart + 6 + (encoding ? 6 : 0) + 6 + 11;

  const header = [1, 0, 4, 4];
  const nameIndex = writeIndex([latin1Bytes(program.fontName)]);
  const topIndexLength = writeIndex([new Array<number>(topLength).fill(0)]).length;
  const stringIndex = writeIndex(strings.map(latin1Bytes));
  const globalSubrs = writeIndex([]);
  let offset = header.length + nameIndex.length + topIndexLength + stringIndex.length + globalSubrs.length;
  const charsetOffset = offset;
  offset += charset.length;
  const encodingOffset = offset;
  offset += encoding?.length ?? 0;
  const charStringsOffset = offset;
  offset += charStrings.length;
  const privateOffset = offset;

  top.fixedEntry([15], [charsetOffset]);
  if (encoding) top.fixedEntry([16], [encodingOffset]);
  top.fixedEntry([17], [charStringsOffset]);
  top.fixedEntry([18], [privateDict.length, privateOffset]);
  const topIndex = writeIndex([top.bytes]);
  if (topIndex.length !== topIndexLength) throw new Error('CFF Top DICT changed length');

  const parts = [header, nameIndex, topIndex, stringIndex, globalSubrs, charset, encoding ?? [], charStrings];
  const out = new Uint8Array(privateOffset + privateDict.length);
  let at = 0;
  for (const part of [...parts, privateDict]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `.notdef`, then the encoded glyphs by their lowest code (so a format 0 encoding lists them in order), then the rest. */
function orderGlyphs(program: Type1Program, glyphs: readonly CffGlyph[]): CffGlyph[] {
  const byName = new Map(glyphs.map((glyph) => [glyph.name, glyph]));
  const notdef = byName.get('.notdef');
  if (!notdef) throw new Error('CFF font without .notdef');
  const ordered: CffGlyph[] = [notdef];
  const placed = new Set(['.notdef']);
  if (!program.isStandardEncoding) {
    for (const code of [...program.encoding.keys()].sort((a, b) => a - b)) {
      const name = program.encoding.get(code) ?? '';
      const glyph = byName.get(name);
      if (glyph && !placed.has(name)) {
        ordered.push(glyph);
        placed.add(name);
      }
    }
  }
  for (const glyph of glyphs) {
    if (!placed.has(glyph.name)) {
      ordered.push(glyph);
      placed.add(glyph.name);
    }
  }
  return ordered;
}

/** Format 0 (a code per glyph, in glyph order) with supplements for codes that name a glyph a second time. */
function writeEncoding(
  program: Type1Program,
  ordered: readonly CffGlyph[],
  sid: (name: string) => number,
): number[] {
  const glyphIndex = new Map(ordered.map((glyph, index) => [glyph.name, index]));
  const primary: number[] = [];
  const supplements: [number, number][] = [];
  for (const code of [...program.encoding.keys()].sort((a, b) => a - b)) {
    const name = program.encoding.get(code) ?? '';
    const index = glyphIndex.get(name);
    if (index === undefined || index === 0) continue;
    if (index === primary.length + 1 && primary.length < 255) primary.push(code);
    else supplements.push([code, sid(name)]);
  }
  const format = supplements.length > 0 ? 0x80 : 0;
  return [
    format,
    primary.length,
    ...primary,
    ...(supplements.length > 0
      ? [supplements.length, ...supplements.flatMap(([c, s]) => [c, ...card16(s)])]
      : []),
  ];
}

function writeCharStrings(ordered: readonly CffGlyph[]): { defaultWidth: number; charStrings: number[] } {
  const counts = new Map<number, number>();
  for (const { glyph } of ordered) counts.set(glyph.width, (counts.get(glyph.width) ?? 0) + 1);
  const defaultWidth = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const programs = ordered.map(({ glyph }) => {
    if (glyph.width === defaultWidth) return glyph.body;
    return [...type2Number(glyph.width - defaultWidth), ...glyph.body];
  });
  return { defaultWidth, charStrings: writeIndex(programs) };
}

function writePrivate(program: Type1Program, defaultWidth: number): number[] {
  const dict = new DictWriter();
  for (const [key, value] of program.hinting) {
    const operator = PRIVATE_OPERATORS.get(key);
    if (!operator) continue;
    if (typeof value === 'boolean') {
      if (value) dict.entry(operator.op, [1]);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) continue;
    if (operator.isFirstOnly) dict.entry(operator.op, values.slice(0, 1));
    else if (operator.isDelta)
      dict.entry(
        operator.op,
        values.map((v, index) => v - (values[index - 1] ?? 0)),
      );
    else dict.entry(operator.op, values);
  }
  dict.entry([20], [defaultWidth]);
  dict.entry([21], [defaultWidth]);
  return dict.bytes;
}

class DictWriter {
  readonly bytes: number[] = [];

  entry(op: readonly number[], operands: readonly number[]): void {
    for (const value of operands) this.bytes.push(...dictNumber(value));
    this.bytes.push(...op);
  }

  /** Operands as 5-byte integers: the entry's length is known before its values are. */
  fixedEntry(op: readonly number[], operands: readonly number[]): void {
    for (const value of operands) this.bytes.push(FIXED_INT, ...int32(value));
    this.bytes.push(...op);
  }
}

function dictNumber(value: number): number[] {
  if (!Number.isInteger(value)) return realNumber(value);
  if (value >= -107 && value <= 107) return [value + 139];
  if (value >= 108 && value <= 1131) return [((value - 108) >> 8) + 247, (value - 108) & 0xff];
  if (value >= -1131 && value <= -108) return [((-value - 108) >> 8) + 251, (-value - 108) & 0xff];
  if (value >= -32768 && value <= 32767) return [28, (value >> 8) & 0xff, value & 0xff];
  return [FIXED_INT, ...int32(value)];
}

/** A real number as CFF nibbles: digits, `.` (a), `E` (b), `E-` (c), `-` (e), end (f). */
function realNumber(value: number): number[] {
  const text = String(value).replace('e+', 'e');
  const nibbles: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (char >= '0' && char <= '9') nibbles.push(Number(char));
    else if (char === '.') nibbles.push(0xa);
    else if (char === '-') nibbles.push(0xe);
    else if (char === 'e' && text[index + 1] === '-') {
      nibbles.push(0xc);
      index += 1;
    } else if (char === 'e') nibbles.push(0xb);
  }
  nibbles.push(0xf);
  if (nibbles.length % 2 === 1) nibbles.push(0xf);
  const bytes = [30];
  for (let index = 0; index < nibbles.length; index += 2) {
    bytes.push(((nibbles[index] ?? 0xf) << 4) | (nibbles[index + 1] ?? 0xf));
  }
  return bytes;
}

/** A CFF INDEX: count, offset size, 1-based offsets, data. */
function writeIndex(items: readonly (readonly number[] | Uint8Array)[]): number[] {
  if (items.length === 0) return [0, 0];
  const total = items.reduce((sum, item) => sum + item.length, 0) + 1;
  const offSize = total < 0x100 ? 1 : total < 0x10000 ? 2 : total < 0x1000000 ? 3 : 4;
  const out = [...card16(items.length), offSize];
  let offset = 1;
  const pushOffset = (value: number) => {
    for (let shift = (offSize - 1) * 8; shift >= 0; shift -= 8) out.push((value >>> shift) & 0xff);
  };
  pushOffset(offset);
  for (const item of items) {
    offset += item.length;
    pushOffset(offset);
  }
  for (const item of items) for (const byte of item) out.push(byte);
  return out;
}

function card16(value: number): number[] {
  return [(value >> 8) & 0xff, value & 0xff];
}

function int32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function latin1Bytes(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}
