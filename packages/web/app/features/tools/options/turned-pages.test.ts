import { describe, expect, it } from 'vitest';
import { pageListOf, togglePage, turnedPagesOf } from './turned-pages.ts';

const turned = (pages: string | undefined, pageCount: number) => {
  const isTurned = turnedPagesOf(pages, pageCount);
  return Array.from({ length: pageCount }, (_, index) => index + 1).filter(isTurned);
};

describe('turnedPagesOf', () => {
  it('turns every page when no list is given', () => {
    expect(turned(undefined, 4)).toEqual([1, 2, 3, 4]);
  });

  it('turns only the listed pages, open ranges to the end', () => {
    expect(turned('2, 4', 6)).toEqual([2, 4]);
    expect(turned(' 1-2 , 5- ', 6)).toEqual([1, 2, 5, 6]);
  });

  it('turns nothing while the list is blank or wrong', () => {
    expect(turned('', 3)).toEqual([]);
    expect(turned('2-1', 3)).toEqual([]);
    expect(turned('9', 3)).toEqual([]);
  });
});

describe('togglePage', () => {
  it('writes pages as a compact list', () => {
    expect(pageListOf([5, 1, 2, 3, 3, 9, 10])).toBe('1-3, 5, 9-10');
    expect(pageListOf([])).toBe('');
  });

  it('turns a page left as it is, and leaves a turned one', () => {
    expect(togglePage('2, 4', 3, 6)).toBe('2-4');
    expect(togglePage('2-4', 3, 6)).toBe('2, 4');
    expect(togglePage('4', 4, 6)).toBe('');
  });

  it('starts from every page when no list is given, and from none when the list is wrong', () => {
    expect(togglePage(undefined, 2, 5)).toBe('1, 3-5');
    expect(togglePage('7-', 2, 5)).toBe('2');
  });
});
