import { describe, expect, it } from 'vitest';
import { parsePublicOrigin } from './public-origin.ts';

describe('parsePublicOrigin', () => {
  it('accepts an http(s) origin, with or without a port or a trailing slash, and normalises it', () => {
    expect(parsePublicOrigin('https://pdf.example.org')).toBe('https://pdf.example.org');
    expect(parsePublicOrigin(' https://PDF.Example.org/ ')).toBe('https://pdf.example.org');
    expect(parsePublicOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(parsePublicOrigin('https://pdf.example.org:443')).toBe('https://pdf.example.org');
    expect(parsePublicOrigin('http://[::1]:8080/')).toBe('http://[::1]:8080');
  });

  it.each([
    ['pdf.example.org', 'not an absolute URL'],
    ['/relative', 'not an absolute URL'],
    ['', 'not an absolute URL'],
    ['ftp://pdf.example.org', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:secret@pdf.example.org', 'user name'],
    ['https://pdf.example.org/quire', 'no path'],
    ['https://pdf.example.org/quire/', 'no path'],
    ['https://pdf.example.org?x=1', 'no path'],
    ['https://pdf.example.org/#top', 'no path'],
  ])('rejects %j, saying why and naming the setting', (raw, reason) => {
    expect(() => parsePublicOrigin(raw)).toThrow(/^QUIRE_PUBLIC_ORIGIN must be an absolute http\(s\) origin/);
    expect(() => parsePublicOrigin(raw)).toThrow(reason);
  });

  it('names the variable it was given', () => {
    expect(() => parsePublicOrigin('nope', 'VITE_PUBLIC_ORIGIN')).toThrow(/^VITE_PUBLIC_ORIGIN must/);
  });
});
