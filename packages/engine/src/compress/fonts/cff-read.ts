/** Reading the parts of a CFF font: INDEXes, DICTs and the tables whose length a rewrite must know. */

export type CffIndex = { items: Uint8Array[]; start: number; end: number };
/** A DICT entry: its operator (escaped ones as 1200 + the second byte), operand values and their bytes as written. */
export type DictEntry = { op: number; operands: number[]; raw: Uint8Array };

export class CffError extends Error {}

export function card16(bytes: Uint8Array, at: number): number {
  if (at + 2 > bytes.length) throw new CffError('truncated');
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function offsetAt(bytes: Uint8Array, at: number, size: number): number {
  if (at + size > bytes.length) throw new CffError('truncated');
  let value = 0;
  for (let index = 0; index < size; index += 1) value = value * 256 + (bytes[at + index] ?? 0);
  return value;
}

export function readIndex(bytes: Uint8Array, start: number): CffIndex {
  const count = card16(bytes, start);
  if (count === 0) return { items: [], start, end: start + 2 };
  const offSize = bytes[start + 2] ?? 0;
  if (offSize < 1 || offSize > 4) throw new CffError('bad offset size');
  const offsetsAt = start + 3;
  const dataAt = offsetsAt + (count + 1) * offSize - 1;
  const items: Uint8Array[] = [];
  let previous = offsetAt(bytes, offsetsAt, offSize);
  for (let index = 1; index <= count; index += 1) {
    const next = offsetAt(bytes, offsetsAt + index * offSize, offSize);
    if (next < previous || dataAt + next > bytes.length) throw new CffError('bad index offsets');
    items.push(bytes.subarray(dataAt + previous, dataAt + next));
    previous = next;
  }
  return { items, start, end: dataAt + previous };
}

export function readDict(bytes: Uint8Array): DictEntry[] {
  const entries: DictEntry[] = [];
  let operands: number[] = [];
  let entryStart = 0;
  let at = 0;
  while (at < bytes.length) {
    const b0 = bytes[at] ?? 0;
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + (bytes[at + 1] ?? 0) : b0;
      at += b0 === 12 ? 2 : 1;
      entries.push({ op, operands, raw: bytes.subarray(entryStart, at) });
      operands = [];
      entryStart = at;
    } else if (b0 === 28) {
      operands.push((((bytes[at + 1] ?? 0) << 24) | ((bytes[at + 2] ?? 0) << 16)) >> 16);
      at += 3;
    } else if (b0 === 29) {
      operands.push(new DataView(bytes.buffer, bytes.byteOffset + at + 1, 4).getInt32(0));
      at += 5;
    } else if (b0 === 30) {
      // A real: nibbles until one of them is 0xf. Its value is not needed (only offsets are rewritten).
      at += 1;
      while (
        at < bytes.length &&
        ((bytes[at] ?? 0xff) & 0x0f) !== 0x0f &&
        (bytes[at] ?? 0xff) >> 4 !== 0x0f
      ) {
        at += 1;
      }
      at += 1;
      operands.push(0);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      at += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + (bytes[at + 1] ?? 0) + 108);
      at += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - (bytes[at + 1] ?? 0) - 108);
      at += 2;
    } else {
      throw new CffError('bad dict operand');
    }
  }
  return entries;
}

export function dictValue(entries: readonly DictEntry[], op: number): number[] | null {
  return entries.find((entry) => entry.op === op)?.operands ?? null;
}

/** Bytes of a charset (format 0, 1 or 2) covering `glyphCount` glyphs. */
export function charsetLength(bytes: Uint8Array, at: number, glyphCount: number): number {
  const format = bytes[at];
  if (format === 0) return 1 + 2 * (glyphCount - 1);
  if (format !== 1 && format !== 2) throw new CffError('bad charset');
  const rangeBytes = format === 1 ? 3 : 4;
  let covered = 1;
  let cursor = at + 1;
  while (covered < glyphCount) {
    const left = format === 1 ? (bytes[cursor + 2] ?? 0) : card16(bytes, cursor + 2);
    covered += left + 1;
    cursor += rangeBytes;
    if (cursor > bytes.length) throw new CffError('truncated charset');
  }
  return cursor - at;
}

/** A CID-keyed font's charset read as CID → glyph number. */
export function readCidToGid(bytes: Uint8Array, at: number, glyphCount: number): Map<number, number> {
  const map = new Map<number, number>([[0, 0]]);
  const format = bytes[at];
  if (format === 0) {
    for (let gid = 1; gid < glyphCount; gid += 1) map.set(card16(bytes, at + 1 + (gid - 1) * 2), gid);
    return map;
  }
  if (format !== 1 && format !== 2) throw new CffError('bad charset');
  let gid = 1;
  let cursor = at + 1;
  while (gid < glyphCount) {
    const first = card16(bytes, cursor);
    const left = format === 1 ? (bytes[cursor + 2] ?? 0) : card16(bytes, cursor + 2);
    for (let offset = 0; offset <= left && gid < glyphCount; offset += 1) map.set(first + offset, gid++);
    cursor += format === 1 ? 3 : 4;
    if (cursor > bytes.length) throw new CffError('truncated charset');
  }
  return map;
}

/** Bytes of a custom encoding (format 0 or 1, with supplements). */
export function encodingLength(bytes: Uint8Array, at: number): number {
  const format = bytes[at] ?? 0;
  const count = bytes[at + 1] ?? 0;
  let length = (format & 0x7f) === 0 ? 2 + count : 2 + 2 * count;
  if ((format & 0x7f) > 1) throw new CffError('bad encoding');
  if (format & 0x80) length += 1 + 3 * (bytes[at + length] ?? 0);
  return length;
}

/** The Font DICT of each glyph (FDSelect format 0 or 3), and the table's length. */
export function readFdSelect(
  bytes: Uint8Array,
  at: number,
  glyphCount: number,
): { fds: Uint8Array; length: number } {
  const fds = new Uint8Array(glyphCount);
  const format = bytes[at];
  if (format === 0) {
    if (at + 1 + glyphCount > bytes.length) throw new CffError('truncated fdselect');
    fds.set(bytes.subarray(at + 1, at + 1 + glyphCount));
    return { fds, length: 1 + glyphCount };
  }
  if (format !== 3) throw new CffError('bad fdselect');
  const ranges = card16(bytes, at + 1);
  for (let index = 0; index < ranges; index += 1) {
    const first = card16(bytes, at + 3 + index * 3);
    const fd = bytes[at + 5 + index * 3] ?? 0;
    const next = card16(bytes, at + 6 + index * 3);
    for (let gid = first; gid < Math.min(next, glyphCount); gid += 1) fds[gid] = fd;
  }
  return { fds, length: 3 + ranges * 3 + 2 };
}

/** The number added to a subroutine operand, by the count of subroutines (Type 2 charstrings). */
export function subrBias(count: number): number {
  return count < 1240 ? 107 : count < 33900 ? 1131 : 32768;
}
