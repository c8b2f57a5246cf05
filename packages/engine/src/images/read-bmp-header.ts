import { open } from 'node:fs/promises';

/** The file header (14 bytes) and the first fields of the DIB header every BMP variant has. */
const HEAD_BYTES = 32;
const INCHES_PER_METRE = 39.3701;

export type BmpHeader = { width: number; height: number; dpi: { x: number; y: number } | undefined };

/**
 * Reads a BMP's size and resolution from its headers, or answers null for a file that is not a BMP. libvips does
 * not read BMP; MuPDF does, but decodes while it opens, so the pixel cap is checked here first. OS/2 core headers
 * (12 bytes) hold 16-bit sizes; the others 32-bit, a negative height meaning rows stored top down.
 */
export async function readBmpHeader(path: string): Promise<BmpHeader | null> {
  const head = Buffer.alloc(HEAD_BYTES + 16);
  const file = await open(path, 'r');
  let read: number;
  try {
    ({ bytesRead: read } = await file.read(head, 0, head.length, 0));
  } finally {
    await file.close();
  }
  if (read < 26 || head.toString('latin1', 0, 2) !== 'BM') return null;
  const infoBytes = head.readUInt32LE(14);
  if (infoBytes === 12)
    return { width: head.readUInt16LE(18), height: head.readUInt16LE(20), dpi: undefined };
  if (infoBytes < 40 || read < 46) return null;
  const xPerMetre = head.readInt32LE(38);
  const yPerMetre = head.readInt32LE(42);
  return {
    width: Math.abs(head.readInt32LE(18)),
    height: Math.abs(head.readInt32LE(22)),
    dpi:
      xPerMetre > 0 && yPerMetre > 0
        ? { x: xPerMetre / INCHES_PER_METRE, y: yPerMetre / INCHES_PER_METRE }
        : undefined,
  };
}
