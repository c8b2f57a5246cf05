import { describe, expect, it } from 'vitest';
import {
  checkTotalPages,
  describePageRangeProblem,
  normalizePageList,
  parsePageRanges,
} from './page-ranges.ts';

describe('parsePageRanges', () => {
  it('keeps items in the order given, pages and ranges alike', () => {
    expect(parsePageRanges('1-5, 10-15', 20)).toEqual({
      ok: true,
      ranges: [
        { first: 1, last: 5, item: '1-5' },
        { first: 10, last: 15, item: '10-15' },
      ],
    });
    expect(parsePageRanges(' 7 ,3', 10)).toMatchObject({
      ok: true,
      ranges: [
        { first: 7, last: 7 },
        { first: 3, last: 3 },
      ],
    });
  });

  it('runs an open range to the last page', () => {
    expect(parsePageRanges('8-', 12)).toMatchObject({
      ok: true,
      ranges: [{ first: 8, last: 12, item: '8-' }],
    });
    expect(parsePageRanges('8-')).toMatchObject({ ok: true });
  });

  it('names the wrong item and why', () => {
    expect(parsePageRanges('1-3, 12-20', 10)).toEqual({
      ok: false,
      problem: { item: '12-20', reason: 'outOfRange', pageCount: 10 },
    });
    expect(parsePageRanges('5-3', 10)).toMatchObject({
      ok: false,
      problem: { item: '5-3', reason: 'reversed' },
    });
    expect(parsePageRanges('0', 10)).toMatchObject({ ok: false, problem: { item: '0', reason: 'zero' } });
    expect(parsePageRanges('2, abc', 10)).toMatchObject({
      ok: false,
      problem: { item: 'abc', reason: 'malformed' },
    });
    expect(parsePageRanges('-3', 10)).toMatchObject({
      ok: false,
      problem: { item: '-3', reason: 'malformed' },
    });
    expect(parsePageRanges(' , ')).toMatchObject({ ok: false, problem: { reason: 'empty' } });
    expect(parsePageRanges('1,'.repeat(3000))).toMatchObject({ ok: false, problem: { reason: 'tooMany' } });
  });

  it('counts the pages a list asks for, repeats included, against the page cap', () => {
    const parse = (text: string) => {
      const parsed = parsePageRanges(text, 2000);
      if (!parsed.ok) throw new Error(text);
      return parsed.ranges;
    };
    expect(checkTotalPages(parse('1-2000'))).toBeNull();
    expect(checkTotalPages(parse('1-1000, 1001-2000, 7'))).toEqual({ item: '', reason: 'tooManyPages' });
  });

  it('checks only the syntax without a page count', () => {
    expect(parsePageRanges('12-20')).toMatchObject({ ok: true });
  });

  it('describes a problem as the issue asks', () => {
    expect(describePageRangeProblem({ item: '12-20', reason: 'outOfRange', pageCount: 10 })).toBe(
      '"12-20": the document has 10 pages.',
    );
  });
});

describe('page lists typed on other keyboards', () => {
  it('read Arabic-Indic and full-width digits, Arabic and ideographic commas and dashes', () => {
    expect(normalizePageList('١-٥، ١٠-١٥')).toBe('1-5, 10-15');
    expect(normalizePageList('１－３，７、９–')).toBe('1-3,7,9-');
    expect(normalizePageList('\u2066۸-\u2069')).toBe('8-');
    expect(normalizePageList('1-3; 7')).toBe('1-3, 7');
    const result = parsePageRanges('١-٥، ٨-', 10);
    expect(result).toEqual({
      ok: true,
      ranges: [
        { first: 1, last: 5, item: '1-5' },
        { first: 8, last: 10, item: '8-' },
      ],
    });
  });
});
