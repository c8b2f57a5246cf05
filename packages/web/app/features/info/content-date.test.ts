import { afterEach, describe, expect, it } from 'vitest';
import { formatContentDate } from './content-date.ts';

const originalTimeZone = process.env.TZ;

describe('formatContentDate', () => {
  afterEach(() => {
    process.env.TZ = originalTimeZone;
  });

  it('writes the day in the language of the page', () => {
    expect(formatContentDate('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatContentDate('2026-11-21', 'de')).toBe('21. November 2026');
    expect(formatContentDate('2026-11-21', 'ja')).toBe('2026年11月21日');
    expect(formatContentDate('2026-11-21', 'zh-cn')).toBe('2026年11月21日');
  });

  it('keeps the same day in a time zone west or east of UTC', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect(formatContentDate('2026-01-01', 'en'), zone).toBe('January 1, 2026');
    }
  });
});
