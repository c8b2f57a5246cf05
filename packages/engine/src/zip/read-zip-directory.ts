import { inflateSync } from 'fflate';

export type ZipEntry = {
  name: string;
  method: number;
  /** The general-purpose bit flags: bit 0 marks an encrypted entry. */
  flags: number;
  /** The external attributes: on Unix, the file's mode in the upper 16 bits (a symbolic link's type 0o120000). */
  externalAttributes: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
};

/** Thrown when the bytes look like a zip but its directory cannot be read (truncated, corrupt). */
export class ZipDamagedError extends Error {}

/** Thrown when a zip holds (or declares) more entries than the caller takes; the rest is not read. */
export class ZipEntryLimitError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const EOCD_SEARCH = 22 + 0xffff;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_EXTRA_ID = 0x0001;
/** A 16- or 32-bit field at its largest value means "see the zip64 record". */
const MAX_UINT16 = 0xffff;
const MAX_UINT32 = 0xffff_ffff;

type Directory = { declaredCount: number; offset: number; size: number; limit: number };

/**
 * Reads a zip's central directory only: names and declared sizes, without inflating anything, so a zip bomb
 * costs nothing to inspect. The entries are counted by walking the directory itself, not taken from the end
 * record, whose 16-bit count wraps past 65,535 (a zip of 70,000 entries can say 4,464); zip64 end records and
 * entry fields are honoured. More entries than `maxEntries`, found or declared, throw `ZipEntryLimitError`
 * without reading the rest; a directory that cannot be read throws `ZipDamagedError`.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries = Number.POSITIVE_INFINITY): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = readDirectoryRecord(view, findEndRecord(view));
  if (directory.declaredCount > maxEntries) {
    throw new ZipEntryLimitError(`declares ${directory.declaredCount} entries`);
  }
  if (directory.offset + directory.size > directory.limit) {
    throw new ZipDamagedError('central directory outside the file');
  }

  const entries: ZipEntry[] = [];
  let at = directory.offset;
  // Every header up to the end records counts, whatever the end record says.
  while (at + 4 <= directory.limit && view.getUint32(at, true) === CENTRAL_SIGNATURE) {
    if (entries.length >= maxEntries) throw new ZipEntryLimitError(`more than ${maxEntries} entries`);
    if (at + 46 > directory.limit) throw new ZipDamagedError('broken central directory entry');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directory.limit) throw new ZipDamagedError('broken central directory entry');
    const entry = withZip64Fields(view, at + 46 + nameLength, extraLength, {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      flags: view.getUint16(at + 8, true),
      externalAttributes: view.getUint32(at + 38, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    if (entry.localHeaderOffset >= directory.limit) throw new ZipDamagedError('entry outside the file');
    entries.push(entry);
    at = next;
  }
  if (entries.length < directory.declaredCount) throw new ZipDamagedError('broken central directory entry');
  return entries;
}

function findEndRecord(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - EOCD_SEARCH); at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw new ZipDamagedError('no end of central directory');
}

/**
 * The directory's declared entry count, offset and size, from the end record or, for the fields it leaves at
 * their largest value, from the zip64 end record its locator points at. `limit` is where the directory must
 * end: the first end record.
 */
function readDirectoryRecord(view: DataView, end: number): Directory {
  const classic = {
    declaredCount: view.getUint16(end + 10, true),
    size: view.getUint32(end + 12, true),
    offset: view.getUint32(end + 16, true),
  };
  const locator = end - ZIP64_LOCATOR_BYTES;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE)
    return { ...classic, limit: end };
  const record = readUint64(view, locator + 8);
  if (record + 56 > locator || view.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) {
    throw new ZipDamagedError('broken zip64 end of central directory');
  }
  return {
    declaredCount:
      classic.declaredCount === MAX_UINT16 ? readUint64(view, record + 32) : classic.declaredCount,
    size: classic.size === MAX_UINT32 ? readUint64(view, record + 40) : classic.size,
    offset: classic.offset === MAX_UINT32 ? readUint64(view, record + 48) : classic.offset,
    limit: record,
  };
}

/** Replaces the 32-bit fields left at their largest value by the values of the entry's zip64 extra field. */
function withZip64Fields(view: DataView, extraStart: number, extraLength: number, entry: ZipEntry): ZipEntry {
  const saturated = (['size', 'compressedSize', 'localHeaderOffset'] as const).filter(
    (field) => entry[field] === MAX_UINT32,
  );
  if (saturated.length === 0) return entry;
  const extraEnd = extraStart + extraLength;
  for (let at = extraStart; at + 4 <= extraEnd;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_ID) {
      // The fields present are those left saturated, in this order, 8 bytes each.
      if (length < saturated.length * 8 || at + 4 + length > extraEnd) {
        throw new ZipDamagedError(`${entry.name} has a broken zip64 field`);
      }
      const updated = { ...entry };
      saturated.forEach((field, index) => {
        updated[field] = readUint64(view, at + 4 + index * 8);
      });
      return updated;
    }
    at += 4 + length;
  }
  return entry;
}

/** A 64-bit little-endian field; values past 2^53 stay larger than any real offset or limit. */
function readUint64(view: DataView, at: number): number {
  if (at + 8 > view.byteLength) throw new ZipDamagedError('field outside the file');
  return Number(view.getBigUint64(at, true));
}

/** Whether an entry is encrypted (traditional PKWARE or strong encryption): its bytes cannot be read. */
export function isEncryptedEntry(entry: ZipEntry): boolean {
  return (entry.flags & 0x0001) !== 0;
}

const UNIX_FILE_TYPE = 0o170000;
const UNIX_SYMLINK = 0o120000;

/** Whether an entry is a symbolic link (a Unix mode of type link in its external attributes), not a file. */
export function isSymlinkEntry(entry: ZipEntry): boolean {
  return ((entry.externalAttributes >>> 16) & UNIX_FILE_TYPE) === UNIX_SYMLINK;
}

/**
 * The bytes of one entry, inflated into a buffer of its declared size (never larger): a lying header cannot make it
 * allocate more, and an entry that inflates to more or less than it declares is damaged. Throws `ZipDamagedError`
 * for an entry that cannot be read, is encrypted or is larger than `maxBytes`.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  return inflateEntry(bytes, entry, maxBytes, true);
}

function inflateEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number, isExact: boolean): Uint8Array {
  if (entry.size > maxBytes || entry.compressedSize > maxBytes) {
    throw new ZipDamagedError(`${entry.name} is larger than expected`);
  }
  if (isEncryptedEntry(entry)) throw new ZipDamagedError(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipDamagedError(`${entry.name} uses an unknown compression method`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE) {
    throw new ZipDamagedError(`${entry.name} has no local header`);
  }
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipDamagedError(`${entry.name} is truncated`);
  if (entry.method === 0) {
    if (isExact && data.length !== entry.size)
      throw new ZipDamagedError(`${entry.name} is not the size it declares`);
    return data;
  }
  let raw: Uint8Array;
  try {
    raw = inflateSync(data, { out: new Uint8Array(entry.size) });
  } catch (error) {
    throw new ZipDamagedError(`${entry.name} cannot be inflated`, { cause: error });
  }
  // fflate returns a shorter view when the stream ends early: the entry is not what its header says.
  if (isExact && raw.length !== entry.size)
    throw new ZipDamagedError(`${entry.name} is not the size it declares`);
  return raw;
}

/**
 * The text of one small entry (UTF-8), read as `readZipEntry` reads it but kept when it inflates to less than it
 * declares (the office formats' detection reads what there is). Throws `ZipDamagedError` for an entry that cannot
 * be read.
 */
export function readZipText(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): string {
  return new TextDecoder().decode(inflateEntry(bytes, entry, maxBytes, false));
}
