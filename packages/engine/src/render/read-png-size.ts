import { open } from 'node:fs/promises';

/** The signature (8 bytes), the IHDR chunk's length and type (8), its width and height (4 each). */
const HEADER_BYTES = 24;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Reads the pixel size of a PNG file from its header (the IHDR chunk, first in every PNG) without decoding it.
 * Returns null when the file is not a PNG.
 */
export async function readPngSize(path: string): Promise<{ width: number; height: number } | null> {
  const file = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await file.read(bytes, 0, HEADER_BYTES, 0);
    const isPng =
      bytesRead === HEADER_BYTES &&
      bytes.subarray(0, 8).equals(SIGNATURE) &&
      bytes.toString('latin1', 12, 16) === 'IHDR';
    return isPng ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
  } finally {
    await file.close();
  }
}
