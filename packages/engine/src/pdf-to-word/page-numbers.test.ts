import { describe, expect, it } from 'vitest';
import { maskNumbers, onlyNumber, sectionNumbering } from './page-numbers.ts';

describe('page numbers', () => {
  it('reads arabic and roman numbers, and masks them alike', () => {
    expect(onlyNumber('Page xiv of the preface')?.number).toEqual({ value: 14, style: 'lowerRoman' });
    expect(onlyNumber('— XLIX —')).toMatchObject({
      number: { value: 49, style: 'upperRoman' },
      before: '— ',
    });
    expect(onlyNumber('GeoBase® 12')).toMatchObject({ number: { value: 12, style: 'decimal' }, after: '' });
    expect(onlyNumber('Page 3 of 10')).toBeUndefined();
    expect(onlyNumber('Vivid')).toBeUndefined();
    expect(maskNumbers('GeoBase®  iv')).toBe(maskNumbers('GeoBase® 17'));
    expect(maskNumbers('Civil Code 3')).toBe('civil code #');
  });

  it('restarts the count where the printed numbers jump or change style, and keeps roman style in between', () => {
    const roman = (value: number) => ({ value, style: 'lowerRoman' as const });
    const arabic = (value: number) => ({ value, style: 'decimal' as const });
    expect(
      sectionNumbering([
        undefined,
        roman(2),
        undefined,
        roman(4),
        arabic(1),
        arabic(2),
        undefined,
        arabic(9),
      ]),
    ).toEqual([
      {},
      { start: 2, style: 'lowerRoman' },
      { style: 'lowerRoman' },
      { style: 'lowerRoman' },
      { start: 1 },
      {},
      {},
      { start: 9 },
    ]);
    expect(sectionNumbering([arabic(11), arabic(12)])).toEqual([{ start: 11 }, {}]);
  });
});
