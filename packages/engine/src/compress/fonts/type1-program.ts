import { STANDARD_ENCODING } from './standard-names.ts';

/** A Type 1 font program, read: what a CFF font needs to draw the same glyphs. */
export type Type1Program = {
  fontName: string;
  fontMatrix: number[] | null;
  fontBBox: number[];
  /** The built-in encoding, code → glyph name. */
  encoding: ReadonlyMap<number, string>;
  isStandardEncoding: boolean;
  info: { notice?: string; fullName?: string; familyName?: string; weight?: string };
  italicAngle: number;
  isFixedPitch: boolean;
  underlinePosition: number | null;
  underlineThickness: number | null;
  paintType: number;
  /** Private dictionary entries CFF keeps (alignment zones and stems), by their Type 1 key. */
  hinting: ReadonlyMap<string, number | number[] | boolean>;
  /** Decrypted subroutines and glyph programs. */
  subrs: Uint8Array[];
  charStrings: Map<string, Uint8Array>;
};

/** Type 1 programs are read only up to this many glyphs and subroutines (a CJK font split by LibreOffice: 256). */
const MAX_GLYPHS = 65_535;
const EEXEC_KEY = 55665;
const CHARSTRING_KEY = 4330;
/** Private dictionary keys a CFF Private DICT carries over. */
const HINTING_KEYS = new Set([
  'BlueValues',
  'OtherBlues',
  'FamilyBlues',
  'FamilyOtherBlues',
  'BlueScale',
  'BlueShift',
  'BlueFuzz',
  'StdHW',
  'StdVW',
  'StemSnapH',
  'StemSnapV',
  'ForceBold',
  'LanguageGroup',
  'ExpansionFactor',
]);

/**
 * Reads the program of an embedded Type 1 font (a PDF FontFile stream: clear text, then the eexec-encrypted part,
 * binary or hexadecimal, then zeros). Returns null for anything it cannot follow: the caller keeps such a font as
 * it is.
 */
export function readType1Program(bytes: Uint8Array): Type1Program | null {
  const text = latin1(bytes);
  const eexec = text.indexOf('eexec');
  if (eexec < 0) return null;
  const clear = text.slice(0, eexec);
  let start = eexec + 'eexec'.length;
  while (start < bytes.length && isSpace(bytes[start] ?? 0)) start += 1;
  const encrypted = isHexStart(bytes, start) ? hexBytes(bytes, start) : bytes.subarray(start);
  const secret = decrypt(encrypted, EEXEC_KEY, 4);

  const fontName = /\/FontName\s*\/([^\s/[\]{}()<>]+)/.exec(clear)?.[1];
  const fontBBox = numbersAfter(clear, 'FontBBox');
  if (!fontName || fontBBox?.length !== 4) return null;
  const encoding = readEncoding(clear);
  if (!encoding) return null;
  const privateText = latin1(secret);
  const lenIV = numberAfter(privateText, 'lenIV') ?? 4;
  const subrs = readSubrs(secret, privateText, lenIV);
  const charStrings = readCharStrings(secret, privateText, lenIV);
  if (!subrs || !charStrings || !charStrings.has('.notdef')) return null;

  const hinting = new Map<string, number | number[] | boolean>();
  for (const key of HINTING_KEYS) {
    const value = valueAfter(privateText.slice(0, privateText.indexOf('/CharStrings')), key);
    if (value !== null) hinting.set(key, value);
  }
  return {
    fontName,
    fontMatrix: numbersAfter(clear, 'FontMatrix'),
    fontBBox,
    encoding: encoding.codes,
    isStandardEncoding: encoding.isStandard,
    info: {
      notice: stringAfter(clear, 'Notice'),
      fullName: stringAfter(clear, 'FullName'),
      familyName: stringAfter(clear, 'FamilyName'),
      weight: stringAfter(clear, 'Weight'),
    },
    italicAngle: numberAfter(clear, 'ItalicAngle') ?? 0,
    isFixedPitch: /\/isFixedPitch\s+true/.test(clear),
    underlinePosition: numberAfter(clear, 'UnderlinePosition'),
    underlineThickness: numberAfter(clear, 'UnderlineThickness'),
    paintType: numberAfter(clear, 'PaintType') ?? 0,
    hinting,
    subrs,
    charStrings,
  };
}

function readEncoding(clear: string): { codes: Map<number, string>; isStandard: boolean } | null {
  const at = clear.indexOf('/Encoding');
  if (at < 0) return null;
  const after = clear.slice(at + '/Encoding'.length);
  if (/^\s*StandardEncoding/.test(after)) return { codes: new Map(STANDARD_ENCODING), isStandard: true };
  const codes = new Map<number, string>();
  const end = after.search(/\breadonly\s+def|\bdef\b/);
  const body = end < 0 ? after : after.slice(0, end);
  for (const match of body.matchAll(/dup\s+(\d+)\s*\/([^\s/[\]{}()<>]+)\s+put/g)) {
    const code = Number(match[1]);
    if (code < 256) codes.set(code, match[2] ?? '.notdef');
  }
  return { codes, isStandard: false };
}

/** `/Subrs n array` then `dup i len RD <len bytes> NP` per subroutine (RD and NP under any names). */
function readSubrs(secret: Uint8Array, text: string, lenIV: number): Uint8Array[] | null {
  const header = /\/Subrs\s+(\d+)\s+array/.exec(text);
  if (!header) return [];
  const count = Number(header[1]);
  if (count > MAX_GLYPHS) return null;
  const subrs: Uint8Array[] = [];
  const entry = /dup\s+(\d+)\s+(\d+)\s+\S+ /y;
  let at = header.index + header[0].length;
  for (let found = 0; found < count; found += 1) {
    at = skipSpace(text, at);
    entry.lastIndex = at;
    const match = entry.exec(text);
    if (!match) break;
    const index = Number(match[1]);
    const length = Number(match[2]);
    const dataStart = entry.lastIndex;
    if (index >= count || dataStart + length > secret.length) return null;
    subrs[index] = decrypt(secret.subarray(dataStart, dataStart + length), CHARSTRING_KEY, lenIV);
    at = skipToken(text, dataStart + length);
  }
  for (let index = 0; index < count; index += 1) subrs[index] ??= new Uint8Array([11]);
  return subrs;
}

/** `/CharStrings n dict dup begin` then `/name len RD <len bytes> ND` per glyph. */
function readCharStrings(secret: Uint8Array, text: string, lenIV: number): Map<string, Uint8Array> | null {
  const header = /\/CharStrings\s+(\d+)\s+dict/.exec(text);
  if (!header) return null;
  const glyphs = new Map<string, Uint8Array>();
  const entry = /\/([^\s/[\]{}()<>]+)\s+(\d+)\s+\S+ /y;
  let at = text.indexOf('begin', header.index) + 'begin'.length;
  for (;;) {
    at = skipSpace(text, at);
    entry.lastIndex = at;
    const match = entry.exec(text);
    if (!match) break;
    const length = Number(match[2]);
    const dataStart = entry.lastIndex;
    if (dataStart + length > secret.length || glyphs.size >= MAX_GLYPHS) return null;
    glyphs.set(
      match[1] ?? '',
      decrypt(secret.subarray(dataStart, dataStart + length), CHARSTRING_KEY, lenIV),
    );
    at = skipToken(text, dataStart + length);
  }
  return glyphs;
}

/** Type 1 decryption (eexec and charstrings share it, with different keys); `skip` leading bytes are dropped. */
function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  if (skip < 0) return data.slice();
  const plain = new Uint8Array(Math.max(0, data.length - skip));
  let r = key;
  for (let index = 0; index < data.length; index += 1) {
    const cipher = data[index] ?? 0;
    if (index >= skip) plain[index - skip] = cipher ^ (r >> 8);
    r = ((cipher + r) * 52845 + 22719) & 0xffff;
  }
  return plain;
}

function isHexStart(bytes: Uint8Array, start: number): boolean {
  for (let index = start; index < start + 4; index += 1) {
    if (!/[0-9A-Fa-f]/.test(String.fromCharCode(bytes[index] ?? 0))) return false;
  }
  return true;
}

function hexBytes(bytes: Uint8Array, start: number): Uint8Array {
  const out: number[] = [];
  let high = -1;
  for (let index = start; index < bytes.length; index += 1) {
    const digit = Number.parseInt(String.fromCharCode(bytes[index] ?? 0), 16);
    if (Number.isNaN(digit)) {
      if (isSpace(bytes[index] ?? 0)) continue;
      break;
    }
    if (high < 0) high = digit;
    else {
      out.push(high * 16 + digit);
      high = -1;
    }
  }
  return Uint8Array.from(out);
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function isSpace(byte: number): boolean {
  return byte === 32 || byte === 9 || byte === 10 || byte === 13 || byte === 12 || byte === 0;
}

function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && isSpace(text.charCodeAt(index))) index += 1;
  return index;
}

/** Past the token (NP, ND, `|-`, `noaccess put`…) that ends an entry. */
function skipToken(text: string, at: number): number {
  let index = skipSpace(text, at);
  while (index < text.length && !isSpace(text.charCodeAt(index))) index += 1;
  if (text.startsWith('put', skipSpace(text, index))) index = skipSpace(text, index) + 'put'.length;
  return index;
}

function numberAfter(text: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(-?[\\d.]+(?:[eE]-?\\d+)?)`).exec(text);
  return match ? Number(match[1]) : null;
}

function numbersAfter(text: string, key: string): number[] | null {
  const match = new RegExp(`/${key}\\s*[[{]([^\\]}]*)[\\]}]`).exec(text);
  if (!match) return null;
  const values = (match[1] ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
  return values.every(Number.isFinite) ? values : null;
}

function valueAfter(text: string, key: string): number | number[] | boolean | null {
  const match = new RegExp(`/${key}\\s*([[{][^\\]}]*[\\]}]|true|false|-?[\\d.]+(?:[eE]-?\\d+)?)`).exec(text);
  const raw = match?.[1];
  if (raw === undefined) return null;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw.startsWith('[') || raw.startsWith('{')) return numbersAfter(text, key);
  return Number(raw);
}

function stringAfter(text: string, key: string): string | undefined {
  const match = new RegExp(`/${key}\\s*\\(((?:[^()\\\\]|\\\\.)*)\\)`).exec(text);
  return match?.[1]?.replace(/\\(.)/g, '$1');
}
