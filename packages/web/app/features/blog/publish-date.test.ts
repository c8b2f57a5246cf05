import { describe, expect, it } from 'vitest';
import { formatPublishDate } from './publish-date.ts';

describe('formatPublishDate', () => {
  it('writes the date as each language does, on the same day everywhere', () => {
    expect(formatPublishDate('2025-01-09', 'en')).toBe('January 9, 2025');
    expect(formatPublishDate('2025-01-09', 'es')).toBe('9 de enero de 2025');
    expect(formatPublishDate('2025-01-09', 'de')).toBe('9. Januar 2025');
    expect(formatPublishDate('2025-01-09', 'ja')).toBe('2025年1月9日');
    expect(formatPublishDate('2025-01-01', 'ko')).toBe('2025년 1월 1일');
  });

  it('refuses anything but a calendar date', () => {
    expect(() => formatPublishDate('09/01/2025', 'en')).toThrow(/YYYY-MM-DD/);
    expect(() => formatPublishDate('2025-13-40', 'en')).toThrow(/YYYY-MM-DD/);
  });
});
