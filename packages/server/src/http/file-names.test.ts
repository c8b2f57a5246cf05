import { describe, expect, it } from 'vitest';
import { attachmentDisposition, sanitizeFileName } from './file-names.ts';

describe('sanitizeFileName', () => {
  it('keeps only the last path segment, whatever the separator', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf', 'x')).toBe('passwd.pdf');
    expect(sanitizeFileName('..\\..\\Windows\\evil.pdf', 'x')).toBe('evil.pdf');
    expect(sanitizeFileName('C:\\Temp\\foo.pdf', 'x')).toBe('foo.pdf');
    expect(sanitizeFileName('a/b\\c.pdf', 'x')).toBe('c.pdf');
  });

  it('falls back when nothing usable is left', () => {
    expect(sanitizeFileName('..', 'file-1.pdf')).toBe('file-1.pdf');
    expect(sanitizeFileName('dir/', 'file-1.pdf')).toBe('file-1.pdf');
    expect(sanitizeFileName(undefined, 'file-1.pdf')).toBe('file-1.pdf');
  });

  it('strips control and bidi-override characters and normalises to NFC', () => {
    expect(sanitizeFileName('a"\r\nSet-Cookie: x=1.pdf', 'x')).toBe('a"Set-Cookie: x=1.pdf');
    expect(sanitizeFileName('evil\u202Efdp.exe', 'x')).toBe('evilfdp.exe');
    expect(sanitizeFileName('Cafe\u0301.pdf', 'x')).toBe('Café.pdf');
  });

  it('cuts long names to 150 bytes without splitting a character', () => {
    const name = sanitizeFileName(`${'報'.repeat(100)}.pdf`, 'x');
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(150);
    expect(name).toBe('報'.repeat(50));
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('merged.pdf')).toBe(
      `attachment; filename="merged.pdf"; filename*=UTF-8''merged.pdf`,
    );
    expect(attachmentDisposition('łódź "x".pdf')).toBe(
      `attachment; filename="__d_ _x_.pdf"; filename*=UTF-8''%C5%82%C3%B3d%C5%BA%20%22x%22.pdf`,
    );
  });
});
