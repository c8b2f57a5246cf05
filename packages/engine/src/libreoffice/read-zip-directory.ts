import { inflateSync } from 'fflate';

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
};

/** Thrown when the bytes look like a zip but its directory cannot be read (truncated, corrupt). */
export class ZipDamagedError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const EOCD_SEARCH = 22 + 0xffff;

/**
 * Reads a zip's central directory only: names and declared sizes, without inflating anything, so a zip bomb
 * costs nothing to inspect. Zip64 archives are not expected for Word documents and read as damaged.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - EOCD_SEARCH); at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipDamagedError('no end of central directory');
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (at + directorySize > end) throw new ZipDamagedError('central directory outside the file');

  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new ZipDamagedError('broken central directory entry');
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (localHeaderOffset >= end) throw new ZipDamagedError('entry outside the file');
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The text of one small entry, inflated into a buffer of its declared size (never larger): a lying header
 * cannot make it allocate more. Throws `ZipDamagedError` for an entry that cannot be read.
 */
export function readZipText(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): string {
  if (entry.size > maxBytes || entry.compressedSize > maxBytes) {
    throw new ZipDamagedError(`${entry.name} is larger than expected`);
  }
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
  try {
    const raw = entry.method === 0 ? data : inflateSync(data, { out: new Uint8Array(entry.size) });
    return new TextDecoder().decode(raw);
  } catch (error) {
    throw new ZipDamagedError(`${entry.name} cannot be inflated`, { cause: error });
  }
}
