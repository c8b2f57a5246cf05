import type { SniffedFormat } from './file-kinds.ts';

/** How many leading bytes `sniffFormat` needs to see. */
export const SNIFF_BYTES = 1024;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RIFF_MAGIC = [0x52, 0x49, 0x46, 0x46]; // "RIFF", then the size, then "WEBP"
const WEBP_MAGIC = [0x57, 0x45, 0x42, 0x50];
const GIF_MAGICS = [
  [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], // "GIF87a"
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], // "GIF89a"
];
const TIFF_MAGICS = [
  [0x49, 0x49, 0x2a, 0x00], // little-endian
  [0x4d, 0x4d, 0x00, 0x2a], // big-endian
  [0x49, 0x49, 0x2b, 0x00], // BigTIFF, little-endian
  [0x4d, 0x4d, 0x00, 0x2b], // BigTIFF, big-endian
];
/** "BM", then (at 14) the size of a DIB header libraries read: OS/2 core, Windows 3, the V2, V3, OS/2 2, V4 and V5. */
const BMP_MAGIC = [0x42, 0x4d];
const BMP_INFO_HEADER_BYTES = [12, 40, 52, 56, 64, 108, 124];
/** ISO base media files start with a box of type "ftyp", whose major brand says what they hold. */
const FTYP_MAGIC = [0x66, 0x74, 0x79, 0x70];
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis'];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((byte, index) => bytes[at + index] === byte);
}

/**
 * Recognises a container format from a file's first bytes (at least `SNIFF_BYTES` when the file is that long).
 * A PDF header may follow leading junk, as readers accept, so it is searched for in the whole head. Anything else
 * that reads as text is `text`, or `markup` when it starts with a tag (`textKindOf`).
 */
export function sniffFormat(head: Uint8Array): SniffedFormat | null {
  if (startsWith(head, JPEG_MAGIC)) return 'jpeg';
  if (startsWith(head, PNG_MAGIC)) return 'png';
  if (startsWith(head, ZIP_MAGIC)) return 'zip';
  if (startsWith(head, OLE_MAGIC)) return 'ole';
  if (startsWith(head, RIFF_MAGIC) && startsWith(head, WEBP_MAGIC, 8)) return 'webp';
  if (GIF_MAGICS.some((magic) => startsWith(head, magic))) return 'gif';
  if (TIFF_MAGICS.some((magic) => startsWith(head, magic))) return 'tiff';
  if (isBmp(head)) return 'bmp';
  if (isHeif(head)) return 'heif';
  const limit = Math.min(head.length, SNIFF_BYTES) - PDF_MAGIC.length;
  for (let at = 0; at <= limit; at += 1) {
    if (head[at] === 0x25 && startsWith(head, PDF_MAGIC, at)) return 'pdf';
  }
  return textKindOf(head);
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Byte-order marks of UTF-16, little- and big-endian. */
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];
const LESS_THAN = 0x3c;

/**
 * Text: UTF-16 with its byte-order mark, or bytes without control characters other than tab, line feed, form feed
 * and carriage return (UTF-8 and single-byte encodings alike). It is `markup` when its first character after white
 * space is `<` (XML and HTML files, which only HTML to PDF takes), else plain `text`; null when it is no text.
 */
function textKindOf(head: Uint8Array): 'text' | 'markup' | null {
  if (head.length === 0) return null;
  if (UTF16_BOMS.some((bom) => startsWith(head, bom))) return 'text';
  const start = startsWith(head, UTF8_BOM) ? UTF8_BOM.length : 0;
  let first: number | undefined;
  for (let at = start; at < head.length; at += 1) {
    const byte = head[at] ?? 0;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return null;
    if (first === undefined && byte > 0x20) first = byte;
  }
  return first === LESS_THAN ? 'markup' : 'text';
}

function isBmp(head: Uint8Array): boolean {
  if (!startsWith(head, BMP_MAGIC) || head.length < 18) return false;
  const infoBytes = (head[14] as number) | ((head[15] as number) << 8) | ((head[16] as number) << 16);
  return head[17] === 0 && BMP_INFO_HEADER_BYTES.includes(infoBytes);
}

/** HEIC, HEIF and AVIF: an "ftyp" box first, with one of their brands as its major brand. */
function isHeif(head: Uint8Array): boolean {
  if (!startsWith(head, FTYP_MAGIC, 4) || head.length < 12) return false;
  const brand = String.fromCharCode(...head.subarray(8, 12));
  return HEIF_BRANDS.includes(brand);
}
