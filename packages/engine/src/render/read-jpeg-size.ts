import { open } from 'node:fs/promises';

/** pdftoppm (libjpeg) writes the frame header (SOF) within the first few hundred bytes; 16 KiB leaves ample room. */
const HEADER_SCAN_BYTES = 16 * 1024;

/**
 * Reads the pixel size of a JPEG file from its frame header without decoding it. Returns null when the file is
 * not a JPEG or its header is not in the first `HEADER_SCAN_BYTES`.
 */
export async function readJpegSize(path: string): Promise<{ width: number; height: number } | null> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_SCAN_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEADER_SCAN_BYTES, 0);
    return findFrameSize(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

function findFrameSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    // Fill bytes (0xFF repeated) may pad markers.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}
