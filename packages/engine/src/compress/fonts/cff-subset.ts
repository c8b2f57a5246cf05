import {
  CffError,
  charsetLength,
  readCidToGid,
  dictValue,
  encodingLength,
  readDict,
  readFdSelect,
  readIndex,
  subrBias,
  type DictEntry,
} from './cff-read.ts';

/** Subroutine calls nested deeper than the Type 2 limit make the font unreadable for us: it stays whole. */
const MAX_CALL_DEPTH = 10;
/** Operators read per glyph at most (a hostile font's subroutines can loop). */
const MAX_OPERATIONS = 200_000;
const ENDCHAR = Uint8Array.of(14);
const RETURN = Uint8Array.of(11);
/** An offset written as a 5-byte integer, so that a DICT's length does not depend on where things land. */
const FIXED_INT = 29;

const OP = {
  charset: 15,
  encoding: 16,
  charStrings: 17,
  private: 18,
  subrs: 19,
  fdArray: 1236,
  fdSelect: 1237,
};

type PrivatePart = { entries: DictEntry[]; subrs: Uint8Array[] };

/**
 * Cuts a CFF font (bare, as PDF embeds it: name-keyed or CID-keyed) down to the glyphs in `keep`, keeping every
 * glyph's number: the programs of the others become an empty glyph, and the subroutines no kept glyph calls become
 * a bare return. Nothing in the PDF that names glyphs by number has to change. Returns null for a font it cannot
 * read wholly (the caller keeps it whole) or for one with accented glyphs built by `seac` (their parts are named
 * through StandardEncoding, which this does not follow).
 */
export function subsetCff(bytes: Uint8Array, keep: ReadonlySet<number>): Uint8Array | null {
  try {
    return subset(bytes, keep);
  } catch (error) {
    if (error instanceof CffError || error instanceof RangeError) return null;
    throw error;
  }
}

function subset(bytes: Uint8Array, keep: ReadonlySet<number>): Uint8Array | null {
  const headerSize = bytes[2] ?? 0;
  if (bytes[0] !== 1 || headerSize < 4) throw new CffError('not CFF 1');
  const names = readIndex(bytes, headerSize);
  const tops = readIndex(bytes, names.end);
  const strings = readIndex(bytes, tops.end);
  const globals = readIndex(bytes, strings.end);
  if (names.items.length !== 1 || tops.items.length !== 1) throw new CffError('font set');
  const top = readDict(tops.items[0] as Uint8Array);
  if ((dictValue(top, 1206)?.[0] ?? 2) !== 2) throw new CffError('not Type 2 charstrings');
  const charStringsAt = dictValue(top, OP.charStrings)?.[0];
  if (charStringsAt === undefined) throw new CffError('no charstrings');
  const charStrings = readIndex(bytes, charStringsAt).items;
  const glyphCount = charStrings.length;

  // The Private DICTs (one, or one per Font DICT of a CID-keyed font) with their subroutines.
  const fdArrayAt = dictValue(top, OP.fdArray)?.[0];
  const fontDicts = fdArrayAt === undefined ? null : readIndex(bytes, fdArrayAt).items.map(readDict);
  const readPrivate = (dict: readonly DictEntry[]): PrivatePart => {
    const [size = 0, offset = 0] = dictValue(dict, OP.private) ?? [];
    const entries = readDict(bytes.subarray(offset, offset + size));
    const subrsAt = dictValue(entries, OP.subrs)?.[0];
    return { entries, subrs: subrsAt === undefined ? [] : readIndex(bytes, offset + subrsAt).items };
  };
  const privates = fontDicts ? fontDicts.map(readPrivate) : [readPrivate(top)];
  const fdSelectAt = dictValue(top, OP.fdSelect)?.[0];
  const fdSelect = fontDicts && fdSelectAt !== undefined ? readFdSelect(bytes, fdSelectAt, glyphCount) : null;
  if (fontDicts && !fdSelect) throw new CffError('CID font without FDSelect');

  // Which subroutines the kept glyphs call. A CID-keyed font's glyphs may be named by CID (FreeType, and so
  // MuPDF, number them so): each number is kept as a glyph number and as the glyph of that CID.
  const usedGlobals = new Set<number>();
  const usedLocals = privates.map(() => new Set<number>());
  const charsetAt = dictValue(top, OP.charset)?.[0] ?? 0;
  const cidToGid = fontDicts && charsetAt > 2 ? readCidToGid(bytes, charsetAt, glyphCount) : null;
  const kept = new Set<number>([0]);
  for (const value of keep) {
    if (value >= 0 && value < glyphCount) kept.add(value);
    const gid = cidToGid?.get(value);
    if (gid !== undefined) kept.add(gid);
  }
  for (const gid of kept) {
    const fd = fdSelect ? (fdSelect.fds[gid] ?? 0) : 0;
    const local = privates[fd];
    if (!local) throw new CffError('bad FDSelect');
    walkCharString(charStrings[gid] as Uint8Array, {
      globals: globals.items,
      locals: local.subrs,
      usedGlobals,
      usedLocals: usedLocals[fd] as Set<number>,
    });
  }

  // The same font, its tables copied, its programs and subroutines cut.
  const newCharStrings = charStrings.map((program, gid) => (kept.has(gid) ? program : ENDCHAR));
  const newGlobals = globals.items.map((subr, index) => (usedGlobals.has(index) ? subr : RETURN));
  const newPrivates = privates.map((part, fd) => ({
    entries: part.entries,
    subrs: part.subrs.map((subr, index) => (usedLocals[fd]?.has(index) ? subr : RETURN)),
  }));
  const copied = (op: number, length: (at: number) => number) => {
    const at = dictValue(top, op)?.[0];
    // charset ids 0–2 and encoding ids 0–1 are predefined, not offsets.
    if (at === undefined || (op === OP.charset && at <= 2) || (op === OP.encoding && at <= 1)) return null;
    return bytes.subarray(at, at + length(at));
  };
  return writeFont({
    header: bytes.subarray(0, headerSize),
    name: bytes.subarray(names.start, names.end),
    top,
    strings: bytes.subarray(strings.start, strings.end),
    globals: writeIndex(newGlobals),
    charset: copied(OP.charset, (at) => charsetLength(bytes, at, glyphCount)),
    encoding: copied(OP.encoding, (at) => encodingLength(bytes, at)),
    fdSelect: copied(OP.fdSelect, () => fdSelect?.length ?? 0),
    charStrings: writeIndex(newCharStrings),
    fontDicts,
    privates: newPrivates,
  });
}

type WalkState = {
  globals: readonly Uint8Array[];
  locals: readonly Uint8Array[];
  usedGlobals: Set<number>;
  usedLocals: Set<number>;
  stack?: number[];
  stems?: number;
  operations?: number;
};

/** Reads a Type 2 program far enough to find the subroutines it calls (and through them, theirs). */
function walkCharString(program: Uint8Array, state: WalkState, depth = 0): 'return' | 'end' {
  if (depth > MAX_CALL_DEPTH) throw new CffError('subroutines nested too deep');
  state.stack ??= [];
  state.stems ??= 0;
  state.operations ??= 0;
  const stack = state.stack;
  let at = 0;
  while (at < program.length) {
    const b0 = program[at] ?? 0;
    state.operations += 1;
    if (state.operations > MAX_OPERATIONS) throw new CffError('too many operations');
    if (b0 === 28) {
      stack.push((((program[at + 1] ?? 0) << 24) | ((program[at + 2] ?? 0) << 16)) >> 16);
      at += 3;
    } else if (b0 >= 32 && b0 <= 246) {
      stack.push(b0 - 139);
      at += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      stack.push((b0 - 247) * 256 + (program[at + 1] ?? 0) + 108);
      at += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      stack.push(-(b0 - 251) * 256 - (program[at + 1] ?? 0) - 108);
      at += 2;
    } else if (b0 === 255) {
      stack.push(new DataView(program.buffer, program.byteOffset + at + 1, 4).getInt32(0) / 65536);
      at += 5;
    } else {
      at += 1;
      switch (b0) {
        case 1: // hstem
        case 3: // vstem
        case 18: // hstemhm
        case 23: // vstemhm
          state.stems += stack.length >> 1;
          stack.length = 0;
          break;
        case 19: // hintmask
        case 20: // cntrmask: stems given just before it are vstems; then one bit per stem
          state.stems += stack.length >> 1;
          stack.length = 0;
          at += (state.stems + 7) >> 3;
          break;
        case 10:
        case 29: {
          const isGlobal = b0 === 29;
          const subrs = isGlobal ? state.globals : state.locals;
          const index = (stack.pop() ?? Number.NaN) + subrBias(subrs.length);
          const subr = subrs[index];
          if (!Number.isInteger(index) || !subr) throw new CffError('missing subroutine');
          (isGlobal ? state.usedGlobals : state.usedLocals).add(index);
          if (walkCharString(subr, state, depth + 1) === 'end') return 'end';
          break;
        }
        case 11:
          return 'return';
        case 14:
          // endchar with four operands (besides a width) is seac: its parts are named through StandardEncoding.
          if (stack.length >= 4) throw new CffError('seac');
          return 'end';
        case 12:
          at += 1;
          stack.length = 0;
          break;
        default:
          stack.length = 0;
      }
    }
  }
  return 'return';
}

type FontParts = {
  header: Uint8Array;
  name: Uint8Array;
  top: DictEntry[];
  strings: Uint8Array;
  globals: Uint8Array;
  charset: Uint8Array | null;
  encoding: Uint8Array | null;
  fdSelect: Uint8Array | null;
  charStrings: Uint8Array;
  fontDicts: DictEntry[][] | null;
  privates: PrivatePart[];
};

/** Lays the font out again: every offset operand is rewritten, everything else copied as it was written. */
function writeFont(parts: FontParts): Uint8Array {
  const privateBlocks = parts.privates.map((part) => {
    const subrs = part.subrs.length > 0 ? writeIndex(part.subrs) : null;
    const withoutSubrs = part.entries.filter((entry) => entry.op !== OP.subrs);
    const dictLength = length(withoutSubrs) + (subrs ? 6 : 0);
    const dict = concat([
      ...withoutSubrs.map((entry) => entry.raw),
      ...(subrs ? [fixedEntry(OP.subrs, [dictLength])] : []),
    ]);
    return { dict, subrs };
  });
  // Sizes first (every offset is 5 bytes), then positions.
  const fontDictsOf = (privateOffsets: number[]) =>
    parts.fontDicts?.map((dict, fd) =>
      withOffsets(dict, { [OP.private]: [privateBlocks[fd]?.dict.length ?? 0, privateOffsets[fd] ?? 0] }),
    ) ?? null;
  const zeros = privateBlocks.map(() => 0);
  const fdArrayLength = parts.fontDicts ? writeIndex(fontDictsOf(zeros) ?? []).length : 0;
  const topOffsets = (offsets: Record<number, number[]>) => withOffsets(parts.top, offsets);
  const placeholder: Record<number, number[]> = {};
  for (const entry of parts.top)
    if (isOffsetOp(entry.op, entry.operands)) placeholder[entry.op] = entry.operands;
  const topLength = writeIndex([topOffsets(placeholder)]).length;

  let at = parts.header.length + parts.name.length + topLength + parts.strings.length + parts.globals.length;
  const place = (size: number) => {
    const start = at;
    at += size;
    return start;
  };
  const charsetAt = parts.charset ? place(parts.charset.length) : null;
  const encodingAt = parts.encoding ? place(parts.encoding.length) : null;
  const fdSelectAt = parts.fdSelect ? place(parts.fdSelect.length) : null;
  const charStringsAt = place(parts.charStrings.length);
  const fdArrayAt = parts.fontDicts ? place(fdArrayLength) : null;
  const privateOffsets = privateBlocks.map((block) => place(block.dict.length + (block.subrs?.length ?? 0)));

  const offsets: Record<number, number[]> = { [OP.charStrings]: [charStringsAt] };
  if (charsetAt !== null) offsets[OP.charset] = [charsetAt];
  if (encodingAt !== null) offsets[OP.encoding] = [encodingAt];
  if (fdSelectAt !== null) offsets[OP.fdSelect] = [fdSelectAt];
  if (fdArrayAt !== null) offsets[OP.fdArray] = [fdArrayAt];
  if (!parts.fontDicts) offsets[OP.private] = [privateBlocks[0]?.dict.length ?? 0, privateOffsets[0] ?? 0];
  const topIndex = writeIndex([topOffsets(offsets)]);
  if (topIndex.length !== topLength) throw new CffError('Top DICT changed length');
  return concat([
    parts.header,
    parts.name,
    topIndex,
    parts.strings,
    parts.globals,
    ...[parts.charset, parts.encoding, parts.fdSelect].filter((part): part is Uint8Array => part !== null),
    parts.charStrings,
    ...(parts.fontDicts ? [writeIndex(fontDictsOf(privateOffsets) ?? [])] : []),
    ...privateBlocks.flatMap((block) => (block.subrs ? [block.dict, block.subrs] : [block.dict])),
  ]);
}

function isOffsetOp(op: number, operands: readonly number[]): boolean {
  if (op === OP.charset) return (operands[0] ?? 0) > 2;
  if (op === OP.encoding) return (operands[0] ?? 0) > 1;
  return op === OP.charStrings || op === OP.private || op === OP.fdArray || op === OP.fdSelect;
}

/** The DICT with the operands of `offsets`' operators written as 5-byte integers, the other entries as they were. */
function withOffsets(entries: readonly DictEntry[], offsets: Record<number, number[]>): Uint8Array {
  return concat(
    entries.map((entry) => {
      const values = offsets[entry.op];
      return values && isOffsetOp(entry.op, entry.operands) ? fixedEntry(entry.op, values) : entry.raw;
    }),
  );
}

function fixedEntry(op: number, values: readonly number[]): Uint8Array {
  const bytes: number[] = [];
  for (const value of values) {
    bytes.push(FIXED_INT, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  }
  bytes.push(...(op >= 1200 ? [12, op - 1200] : [op]));
  return Uint8Array.from(bytes);
}

function length(entries: readonly DictEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.raw.length, 0);
}

function writeIndex(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return Uint8Array.of(0, 0);
  const total = items.reduce((sum, item) => sum + item.length, 0) + 1;
  const offSize = total < 0x100 ? 1 : total < 0x10000 ? 2 : total < 0x1000000 ? 3 : 4;
  const out = new Uint8Array(3 + (items.length + 1) * offSize + total - 1);
  out[0] = items.length >> 8;
  out[1] = items.length & 0xff;
  out[2] = offSize;
  let offset = 1;
  let cursor = 3;
  const writeOffset = (value: number) => {
    for (let shift = (offSize - 1) * 8; shift >= 0; shift -= 8) out[cursor++] = (value >>> shift) & 0xff;
  };
  writeOffset(offset);
  for (const item of items) {
    offset += item.length;
    writeOffset(offset);
  }
  for (const item of items) {
    out.set(item, cursor);
    cursor += item.length;
  }
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
