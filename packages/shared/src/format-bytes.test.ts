import { describe, expect, it } from 'vitest';
import { formatBytes, toWholeMegabytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('uses the largest unit with at most two decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024 * 100)).toBe('100 MB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('writes the number and the unit as the reader does', () => {
    expect(formatBytes(1536, 'en-GB')).toBe('1.5 KB');
    expect(formatBytes(1536, 'de')).toBe('1,5 kB');
    expect(formatBytes(1536, 'fr')).toBe('1,5\u202fko');
    expect(formatBytes(100 * 1024 * 1024, 'fr')).toBe('100\u202fMo');
    expect(formatBytes(1536, 'ru')).toBe('1,5 кБ');
    expect(formatBytes(0, 'fr')).toBe('0\u202fo');
    expect(formatBytes(-1, 'de')).toBe(formatBytes(0, 'de'));
  });

  it('states limits in whole megabytes', () => {
    expect(toWholeMegabytes(100 * 1024 * 1024)).toBe(100);
  });
});
