/**
 * Whether a JPEG's compressed data runs to its end-of-image marker. The JPEG bytes go into the PDF as they are,
 * without decoding, so this is how a truncated upload is caught: after the first start-of-scan, a 0xFF byte in
 * entropy-coded data is always followed by 0x00 or a restart marker, so an EOI (FF D9) there can only be the real
 * end of the image. Bytes after the EOI (camera trailers, appended videos) are allowed.
 */
export function isJpegComplete(bytes: Uint8Array): boolean {
  const scanStart = findFirstScan(bytes);
  if (scanStart < 0) return false;
  for (let at = bytes.indexOf(0xff, scanStart); at >= 0; at = bytes.indexOf(0xff, at + 1)) {
    if (bytes[at + 1] === 0xd9) return true;
  }
  return false;
}

/** Walks the marker segments from SOI to the first SOS (FF DA); returns the offset after its header, or -1. */
function findFirstScan(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return -1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return -1;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes (FF FF …) may pad between segments.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2) return -1;
    if (marker === 0xda) return at + 2 + length;
    at += 2 + length;
  }
  return -1;
}
