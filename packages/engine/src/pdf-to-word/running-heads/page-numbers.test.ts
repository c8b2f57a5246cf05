import { describe, expect, it } from 'vitest';
import { maskNumbers, numberTokens, sectionNumbering } from './page-numbers.ts';

describe('page numbers', () => {
  it('reads arabic and roman numbers, and masks them alike', () => {
    expect(numberTokens('Page xiv of the preface').map((token) => token.number)).toEqual([
      { value: 14, style: 'lowerRoman' },
    ]);
    expect(numberTokens('— XLIX —')).toEqual([
      { token: 'XLIX', index: 2, number: { value: 49, style: 'upperRoman' } },
    ]);
    expect(numberTokens('8 1.2 Metrische Räume').map((token) => token.number.value)).toEqual([8, 1, 2]);
    expect(numberTokens('Vivid')).toEqual([]);
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
    // With headers of their own on even and odd pages, a jump goes on counting; a change of style restarts.
    expect(sectionNumbering([arabic(11), arabic(14), undefined, roman(1), arabic(20)], true)).toEqual([
      { start: 11 },
      {},
      {},
      { start: 1, style: 'lowerRoman' },
      { start: 20 },
    ]);
  });
});
