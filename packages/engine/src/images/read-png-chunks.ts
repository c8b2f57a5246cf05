import { crc32 } from 'node:zlib';

/** What a PNG's chunks say, enough to decide whether its compressed data can go into a PDF unchanged. */
export type PngChunks = {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha. */
  colourType: number;
  isInterlaced: boolean;
  /** A tRNS chunk: transparency without an alpha channel (palette or colour key). */
  hasTransparencyChunk: boolean;
  /** An iCCP chunk: colours are relative to an embedded profile, not sRGB. */
  hasIccProfile: boolean;
  /** Pixels per inch from a pHYs chunk in metres; undefined without one (or when it only gives an aspect ratio). */
  dpi: { x: number; y: number } | undefined;
  /** The concatenated IDAT data: one zlib stream of filtered scanlines, which PDF reads with `/Predictor 15`. */
  data: Buffer;
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const INCHES_PER_METRE = 1 / 0.0254;

/**
 * Reads a PNG's chunk structure, checking every CRC and that the file reaches IEND: the bytes may be embedded
 * without decoding, so this is what catches a truncated or corrupted upload. Throws a plain Error when damaged.
 */
export function readPngChunks(bytes: Buffer): PngChunks {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('no PNG signature');
  }
  let header: Omit<PngChunks, 'hasTransparencyChunk' | 'hasIccProfile' | 'dpi' | 'data'> | undefined;
  let hasTransparencyChunk = false;
  let hasIccProfile = false;
  let dpi: PngChunks['dpi'];
  const data: Buffer[] = [];
  let at = SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) break;
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(end - 4)) {
      throw new Error(`bad CRC in ${type}`);
    }
    if (type === 'IHDR' && length >= 13) {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8] ?? 0,
        colourType: body[9] ?? 0,
        isInterlaced: body[12] !== 0,
      };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'tRNS') {
      hasTransparencyChunk = true;
    } else if (type === 'iCCP') {
      hasIccProfile = true;
    } else if (type === 'pHYs' && length >= 9 && body[8] === 1) {
      dpi = { x: body.readUInt32BE(0) / INCHES_PER_METRE, y: body.readUInt32BE(4) / INCHES_PER_METRE };
    } else if (type === 'IEND') {
      if (!header || data.length === 0) throw new Error('no IHDR or IDAT');
      return { ...header, hasTransparencyChunk, hasIccProfile, dpi, data: Buffer.concat(data) };
    }
    at = end;
  }
  throw new Error('truncated before IEND');
}
