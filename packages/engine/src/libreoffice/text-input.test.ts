import { describe, expect, it } from 'vitest';
import { csvLoadFilter, decodeText, detectSeparator, isPlainText } from './text-input.ts';

const bytes = (text: string, encoding: BufferEncoding = 'utf8') =>
  new Uint8Array(Buffer.from(text, encoding));

describe('detectSeparator', () => {
  it('takes the separator that splits every line alike', () => {
    expect(detectSeparator('a,b,c\nd,e,f\n')).toBe(',');
    expect(detectSeparator('a;b;c\r\nd;e;f\r\n')).toBe(';');
    expect(detectSeparator('a\tb\nc\td\n')).toBe('\t');
  });

  it('prefers semicolons to the decimal commas between them', () => {
    expect(detectSeparator('item;price\ntea;1,5\ncake;2,25\n')).toBe(';');
    expect(detectSeparator('1,5;2,5\n3,5;4,5\n')).toBe(';');
  });

  it('ignores separators inside quotes, across lines too, and blank lines', () => {
    expect(detectSeparator('city,note\n"Paris","big; old"\n\n"Oslo","a\nb; c"\n')).toBe(',');
  });

  it('falls back to the separator seen most, and to none for one column', () => {
    expect(detectSeparator('a,b,c\nd,e\nf;g\n')).toBe(',');
    expect(detectSeparator('one\ntwo\n')).toBeNull();
  });
});

describe('decodeText', () => {
  it('reads UTF-8, with or without its mark', () => {
    expect(decodeText(bytes('naïve;日本'))).toBe('naïve;日本');
    expect(decodeText(bytes('\uFEFFnaïve'))).toBe('naïve');
  });

  it('reads UTF-16 by its byte-order mark, in either byte order', () => {
    expect(decodeText(bytes('\uFEFFnaïve\t日本', 'utf16le'))).toBe('naïve\t日本');
    const bigEndian = Buffer.from(bytes('\uFEFFnaïve', 'utf16le')).swap16();
    expect(decodeText(new Uint8Array(bigEndian))).toBe('naïve');
  });

  it('reads bytes that are not UTF-8 as Windows-1252', () => {
    expect(decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x3b, 0x80]))).toBe('café;€');
  });
});

describe('isPlainText', () => {
  it('takes text and refuses binary files and markup', () => {
    expect(isPlainText(bytes('a,b\n'))).toBe(true);
    expect(isPlainText(bytes('\uFEFFa\tb', 'utf16le'))).toBe(true);
    expect(isPlainText(Uint8Array.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(isPlainText(bytes('  <?xml version="1.0"?><a/>'))).toBe(false);
    expect(isPlainText(bytes('\uFEFF<html></html>'))).toBe(false);
  });
});

describe('csvLoadFilter', () => {
  it('names the separator by its code, UTF-8, and decimal commas for semicolon files', () => {
    expect(csvLoadFilter(',').options).toBe('44,34,76,1,,1033,false,true');
    expect(csvLoadFilter(';').options).toBe('59,34,76,1,,1031,false,true');
    expect(csvLoadFilter('\t').options).toBe('9,34,76,1,,1033,false,true');
    expect(csvLoadFilter(null).filter).toBe('Text - txt - csv (StarCalc)');
  });
});
