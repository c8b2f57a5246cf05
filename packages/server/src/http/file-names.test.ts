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
  it('sends a plain ASCII name as it is, without filename*', () => {
    expect(attachmentDisposition('report-final-compressed.pdf')).toBe(
      'attachment; filename="report-final-compressed.pdf"',
    );
  });

  it('gives a name that is not ASCII in filename*, with an ASCII fallback that keeps what it can', () => {
    expect(attachmentDisposition('Rapport été.pdf')).toBe(
      `attachment; filename="Rapport ete.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.pdf`,
    );
    expect(attachmentDisposition('報告書.docx')).toBe(
      `attachment; filename="___.docx"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%E6%9B%B8.docx`,
    );
  });

  it('makes the name safe before it goes into the header', () => {
    expect(attachmentDisposition('łódź "x"\r\n.pdf')).toBe(
      `attachment; filename="_odz _x___.pdf"; filename*=UTF-8''%C5%82%C3%B3d%C5%BA%20_x___.pdf`,
    );
    expect(attachmentDisposition('../a\\CON.pdf')).toBe('attachment; filename="_CON.pdf"');
  });
});
