import { describe, expect, it } from 'vitest';
import { formatBytes, toWholeMegabytes } from './format-bytes.ts';
import { LOCALE_INFO, LOCALES } from './i18n/locales.ts';

const MIB = 1024 * 1024;
const NBSP = '\u00a0';

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
    expect(formatBytes(1536, 'de')).toBe(`1,5${NBSP}kB`);
    expect(formatBytes(2.83 * MIB, 'de')).toBe(`2,83${NBSP}MB`);
    expect(formatBytes(1536, 'fr')).toBe('1,5\u202fko');
    expect(formatBytes(100 * MIB, 'fr')).toBe('100\u202fMo');
    expect(formatBytes(0, 'fr')).toBe('0\u202fo');
    expect(formatBytes(1536, 'ru')).toBe(`1,5${NBSP}КБ`);
    expect(formatBytes(1536, 'ko')).toBe('1.5KB');
    expect(formatBytes(512, 'ja')).toBe('512バイト');
    expect(formatBytes(512, 'zh-TW')).toBe(`512${NBSP}位元組`);
    expect(formatBytes(-1, 'de')).toBe(formatBytes(0, 'de'));
  });

  it('gives bytes the plural form of the count', () => {
    expect([1, 2, 5, 21].map((bytes) => formatBytes(bytes, 'ru'))).toEqual(
      ['1 байт', '2 байта', '5 байт', '21 байт'].map((size) => size.replace(' ', NBSP)),
    );
    expect(formatBytes(1, 'pt')).toBe(`1${NBSP}byte`);
    expect(formatBytes(3, 'pt')).toBe(`3${NBSP}bytes`);
  });

  it('keeps one style of unit in a language: Arabic spells every unit out', () => {
    const number = (value: number) => new Intl.NumberFormat('ar', { maximumFractionDigits: 2 }).format(value);
    expect(formatBytes(512, 'ar')).toBe(`${number(512)}${NBSP}بايت`);
    expect(formatBytes(1536, 'ar')).toBe(`${number(1.5)}${NBSP}كيلوبايت`);
    expect(formatBytes(2.83 * MIB, 'ar')).toBe(`${number(2.83)}${NBSP}ميغابايت`);
    expect(formatBytes(5 * 1024 ** 3, 'ar')).toBe(`${number(5)}${NBSP}غيغابايت`);
  });

  it('writes every language’s sizes with its own number format and its own units', () => {
    for (const locale of LOCALES) {
      const { tag } = LOCALE_INFO[locale];
      const decimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }).format(2.83);
      expect(formatBytes(2.83 * MIB, tag).startsWith(decimal)).toBe(true);
    }
    // A tag of no language of the site gets English units, in its own number format.
    expect(formatBytes(1536, 'nl')).toBe('1,5 KB');
  });

  it('states limits in whole megabytes', () => {
    expect(toWholeMegabytes(100 * 1024 * 1024)).toBe(100);
  });
});
