import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createFlateBomb } from './hostile-pdfs.ts';

/**
 * Pixel bombs of the hardening catalogue (item 47), built byte by byte: images whose headers claim far more pixels
 * than their files suggest.
 */

/** One PNG chunk: length, type, body and the CRC of type and body. */
export function pngChunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const framed = Buffer.alloc(12 + body.length);
  framed.writeUInt32BE(body.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), 8 + body.length);
  return framed;
}

/** The eight bytes every PNG file begins with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The IHDR chunk of an 8-bit grey PNG of `width` × `height` pixels. */
export function grayHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey
  return pngChunk('IHDR', header);
}

/**
 * A complete, valid grey PNG of `size` × `size` black pixels whose image data inflates to size × (size + 1) bytes:
 * 14,000² (196 Mpx, 196 MB decoded) in about 190 KB.
 */
export function createPngPixelBomb(size = 14_000): Buffer {
  const rawBytes = size * (size + 1);
  const mebibyte = 1024 * 1024;
  const whole = Math.floor(rawBytes / mebibyte) * mebibyte;
  const data = createFlateBomb(whole, 0x00, Buffer.alloc(rawBytes - whole));
  return Buffer.concat([
    PNG_SIGNATURE,
    grayHeader(size, size),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims `width` × `height` and whose data is one row: nothing to decode, all to allocate. */
export function createPngHeaderBomb(width = 65_535, height = 65_535): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    grayHeader(width, height),
    pngChunk('IDAT', createFlateBomb(0, 0, Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A small valid PNG (`size` × `size` black pixels, RGB or RGB with alpha) whose image data goes on after the
 * picture's last row for `extraBytes` more (whole MiB; 1 GiB by default, about 1 MB stored): a flate bomb that a
 * reader stopping at the last row never sees, and that a converter copying the data as it is passes on.
 */
export function createPngDataBomb(
  colourType: 2 | 6 = 2,
  extraBytes = 1024 * 1024 * 1024,
  size = 100,
): Buffer {
  const rows = Buffer.alloc(size * (1 + size * (colourType === 2 ? 3 : 4)));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', createFlateBomb(extraBytes, 0x00, rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated PNG declaring `frames` frames of 64 × 64 (only the first is stored). */
export function createApngFrameBomb(frames = 100_000): Buffer {
  const control = Buffer.alloc(8);
  control.writeUInt32BE(frames, 0);
  control.writeUInt32BE(0, 4); // loop forever
  const frame = Buffer.alloc(26);
  frame.writeUInt32BE(0, 0); // sequence
  frame.writeUInt32BE(64, 4);
  frame.writeUInt32BE(64, 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    grayHeader(64, 64),
    pngChunk('acTL', control),
    pngChunk('fcTL', frame),
    pngChunk('IDAT', createFlateBomb(0, 0, Buffer.alloc(64 * 65))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real JPEG whose frame header (SOF) is rewritten to claim `width` × `height`: every marker a reader needs is
 * there, so its header reads as a 65500² picture (the most libjpeg accepts), with the scan data of a 16² one.
 */
export async function createJpegSizeBomb(width = 65_500, height = 65_500): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header');
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/**
 * `jpeg` (as sharp writes it: no JFIF segment) with an EXIF segment stating `x` × `y` pixels per inch, each an EXIF
 * rational `[numerator, denominator]` (up to 4,294,967,295 each): `[1e9, 1]` makes a 64-pixel image 0.000005 pt wide
 * at its word.
 */
export function withExifResolution(jpeg: Buffer, x: [number, number], y: [number, number]): Buffer {
  if (jpeg.readUInt16BE(2) === 0xffe0) throw new Error('expected a JPEG without a JFIF segment');
  const entries = 3;
  const valuesAt = 8 + 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(valuesAt + 16);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(entries, 8);
  const entry = (index: number, tag: number, type: number, value: number) => {
    const at = 10 + index * 12;
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(1, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  entry(0, 0x011a, 5, valuesAt); // XResolution, a RATIONAL stored after the IFD
  entry(1, 0x011b, 5, valuesAt + 8); // YResolution
  entry(2, 0x0128, 3, 2); // ResolutionUnit: inches
  [...x, ...y].forEach((value, index) => tiff.writeUInt32LE(value, valuesAt + index * 4));
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.alloc(4);
  marker.writeUInt16BE(0xffe1, 0);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, body, jpeg.subarray(2)]);
}

/** A little-endian TIFF header and nothing behind it: a TIFF whose first page is missing. */
export function createTiff(): Buffer {
  return Buffer.concat([Buffer.from('II*\x00\x08\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
}

/** A GIF89a header of `frames` one-pixel frames: JPG to PDF takes its first frame only. */
export function createGifFrameBomb(frames = 10_000): Buffer {
  const header = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff', 'latin1');
  const frame = Buffer.from('\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00', 'latin1');
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame), Buffer.from(';')]);
}
