/** Thrown when the bytes start like an OLE compound file but its structure cannot be followed. */
export class OleDamagedError extends Error {}

export type OleStream = { name: string; startSector: number; size: number };

export type OleDirectory = {
  streams: OleStream[];
  /** Up to `maxLength` bytes from the start of a stream: a header such as Word's FIB. */
  readStreamStart: (stream: OleStream, maxLength: number) => Uint8Array;
};

export const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const STREAM_TYPE = 2;
const ROOT_TYPE = 5;
const MINI_SECTOR_SIZE = 64;
/** Caps on chain walks: a real Word file has far fewer sectors; a looped chain must not spin forever. */
const MAX_CHAIN = 1 << 20;

/**
 * Reads the directory of an OLE compound file (the container of Word 97–2003 `.doc` and of password-protected
 * `.docx`): stream names and where they start. Only the header, the FAT and the directory are read.
 */
export function readOleDirectory(bytes: Uint8Array): OleDirectory {
  if (bytes.length < 512 || OLE_SIGNATURE.some((byte, index) => bytes[index] !== byte)) {
    throw new OleDamagedError('not a compound file');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) throw new OleDamagedError('bad sector size');
  const sectorSize = 1 << shift;
  const sectorOffset = (sector: number) => {
    // A short last sector is common in real files (writers trim it) and tolerated: reads are clamped.
    const offset = (sector + 1) * sectorSize;
    if (offset >= bytes.length) throw new OleDamagedError('sector outside the file');
    return offset;
  };

  // The FAT's own sectors are listed in the header (first 109) and then in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let index = 0; index < 109; index += 1) fatSectors.push(view.getUint32(0x4c + index * 4, true));
  let difat = view.getUint32(0x44, true);
  for (let hops = 0; difat !== END_OF_CHAIN && difat !== FREE_SECTOR; hops += 1) {
    if (hops > MAX_CHAIN) throw new OleDamagedError('DIFAT loop');
    const base = sectorOffset(difat);
    for (let index = 0; index < sectorSize / 4 - 1; index += 1) {
      fatSectors.push(view.getUint32(base + index * 4, true));
    }
    difat = view.getUint32(base + sectorSize - 4, true);
  }
  const fat: number[] = [];
  for (const sector of fatSectors.slice(0, view.getUint32(0x2c, true))) {
    const base = sectorOffset(sector);
    for (let index = 0; index < sectorSize / 4; index += 1) fat.push(view.getUint32(base + index * 4, true));
  }

  const streams: OleStream[] = [];
  let root: OleStream | null = null;
  let sector = view.getUint32(0x30, true);
  for (let hops = 0; sector !== END_OF_CHAIN; hops += 1) {
    if (hops > MAX_CHAIN || sector >= fat.length) throw new OleDamagedError('broken directory chain');
    const base = sectorOffset(sector);
    for (let entry = base; entry + 128 <= Math.min(base + sectorSize, bytes.length); entry += 128) {
      const nameBytes = Math.min(view.getUint16(entry + 64, true), 64);
      const type = view.getUint8(entry + 66);
      if ((type !== STREAM_TYPE && type !== ROOT_TYPE) || nameBytes < 2) continue;
      const stream = {
        name: new TextDecoder('utf-16le').decode(bytes.subarray(entry, entry + nameBytes - 2)),
        startSector: view.getUint32(entry + 116, true),
        size: view.getUint32(entry + 120, true),
      };
      if (type === ROOT_TYPE) root ??= stream;
      else streams.push(stream);
    }
    sector = fat[sector] as number;
  }

  // Streams under the cutoff (4096 bytes) live in 64-byte mini sectors inside the root entry's own stream,
  // chained by the mini FAT; larger ones in regular sectors chained by the FAT.
  const miniCutoff = view.getUint32(0x38, true);
  const chain = (start: number, table: number[], limit: number) => {
    const sectors: number[] = [];
    for (let at = start; at !== END_OF_CHAIN && sectors.length < limit; at = table[at] as number) {
      if (at >= table.length) throw new OleDamagedError('broken sector chain');
      sectors.push(at);
    }
    return sectors;
  };
  const readRegular = (start: number, length: number) => {
    const out = new Uint8Array(length);
    chain(start, fat, Math.ceil(length / sectorSize)).forEach((sector, index) => {
      const from = sectorOffset(sector);
      out.set(
        bytes.subarray(from, from + Math.min(sectorSize, length - index * sectorSize)),
        index * sectorSize,
      );
    });
    return out;
  };
  const readStreamStart = (stream: OleStream, maxLength: number) => {
    const length = Math.min(maxLength, stream.size);
    if (stream.size >= miniCutoff) return readRegular(stream.startSector, length);
    if (!root) throw new OleDamagedError('no root entry');
    const miniFatSectors = view.getUint32(0x40, true);
    const miniFatBytes = readRegular(
      view.getUint32(0x3c, true),
      Math.min(miniFatSectors, MAX_CHAIN) * sectorSize,
    );
    const miniFat = Array.from({ length: miniFatBytes.length / 4 }, (_, index) =>
      new DataView(miniFatBytes.buffer).getUint32(index * 4, true),
    );
    const miniStream = readRegular(root.startSector, root.size);
    const out = new Uint8Array(length);
    chain(stream.startSector, miniFat, Math.ceil(length / MINI_SECTOR_SIZE)).forEach((sector, index) => {
      const from = sector * MINI_SECTOR_SIZE;
      out.set(
        miniStream.subarray(from, from + Math.min(MINI_SECTOR_SIZE, length - index * MINI_SECTOR_SIZE)),
        index * MINI_SECTOR_SIZE,
      );
    });
    return out;
  };
  return { streams, readStreamStart };
}
