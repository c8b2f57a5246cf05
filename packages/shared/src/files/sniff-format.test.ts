import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff-format.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0));

describe('sniffFormat', () => {
  it('recognises each container from its magic bytes', () => {
    expect(sniffFormat(text('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFormat(bytes(0x50, 0x4b, 0x03, 0x04, 0x14))).toBe('zip');
    expect(sniffFormat(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
  });

  it('recognises the picture formats JPG to PDF takes', () => {
    expect(sniffFormat(text('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffFormat(text('GIF89a\x01\x00'))).toBe('gif');
    expect(sniffFormat(text('GIF87a\x01\x00'))).toBe('gif');
    expect(sniffFormat(bytes(0x49, 0x49, 0x2a, 0x00, 0x08))).toBe('tiff');
    expect(sniffFormat(bytes(0x4d, 0x4d, 0x00, 0x2a, 0x00))).toBe('tiff');
    const bmp = new Uint8Array(54);
    bmp.set(text('BM'));
    bmp[14] = 40;
    expect(sniffFormat(bmp)).toBe('bmp');
    expect(sniffFormat(text('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic'))).toBe('heif');
    expect(sniffFormat(text('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1'))).toBe('heif');
  });

  it('does not take a text that starts like a picture for one', () => {
    expect(sniffFormat(text('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    // Plain text (what a CSV is), never a BMP picture.
    expect(sniffFormat(text('BMW is a car maker, and this is a plain text file.'))).toBe('text');
    expect(sniffFormat(text('\x00\x00\x00\x18ftypisom\x00\x00\x00\x00mp41'))).toBeNull();
  });

  it('finds a PDF header after leading junk within the first kilobyte', () => {
    expect(sniffFormat(text(`${'x'.repeat(500)}%PDF-1.4`))).toBe('pdf');
    expect(sniffFormat(text(`${'x'.repeat(1100)}%PDF-1.4`))).toBe('text');
  });

  it('rejects empty, short and unknown heads', () => {
    expect(sniffFormat(new Uint8Array())).toBeNull();
    expect(sniffFormat(text('%PDF'))).not.toBe('pdf');
    expect(sniffFormat(bytes(0x00, 0x01, 0x02, 0x41))).toBeNull();
  });

  it('calls plain text that is not markup text (CSV in UTF-8, Windows-1252 or UTF-16), and text that starts with a tag markup', () => {
    expect(sniffFormat(text('<html><body>%PD'))).toBe('markup');
    expect(sniffFormat(text('name;price\r\nTee;1,5\r\n'))).toBe('text');
    expect(sniffFormat(bytes(0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0a))).toBe('text');
    expect(sniffFormat(bytes(0x63, 0x61, 0x66, 0xe9, 0x09, 0x31))).toBe('text');
    expect(sniffFormat(bytes(0xff, 0xfe, 0x61, 0x00, 0x09, 0x00))).toBe('text');
    expect(sniffFormat(text('  <?xml version="1.0"?><office:document/>'))).toBe('markup');
    expect(sniffFormat(bytes(0xef, 0xbb, 0xbf, 0x0a, 0x3c, 0x21, 0x64))).toBe('markup');
  });
});
