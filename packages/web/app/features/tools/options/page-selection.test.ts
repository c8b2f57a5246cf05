import { describe, expect, it } from 'vitest';
import {
  cutsOfRanges,
  listOfPages,
  pagesOfList,
  rangesOfCuts,
  runOfPages,
  setPagesSelected,
  toggleCut,
} from './page-selection.ts';

describe('pagesOfList', () => {
  it('reads the pages of a list in its order, open ranges to the end', () => {
    expect(pagesOfList('1-3, 7', 10)).toEqual([1, 2, 3, 7]);
    expect(pagesOfList('9-, 2', 10)).toEqual([9, 10, 2]);
  });

  it('reads nothing from a list that is blank, wrong or beyond the document', () => {
    expect(pagesOfList(undefined, 4)).toEqual([]);
    expect(pagesOfList('', 4)).toEqual([]);
    expect(pagesOfList('3-1', 4)).toEqual([]);
    expect(pagesOfList('5', 4)).toEqual([]);
  });
});

describe('setPagesSelected', () => {
  it('writes the pages clicked in the shortest form, in ascending order', () => {
    expect(setPagesSelected('', [3], true, 12, false)).toBe('3');
    expect(setPagesSelected('1-2, 7', [3], true, 12, false)).toBe('1-3, 7');
    expect(setPagesSelected('7, 1, 2', [3], true, 12, false)).toBe('1-3, 7');
    expect(setPagesSelected('1-3, 7', [2], false, 12, false)).toBe('1, 3, 7');
    expect(setPagesSelected('1-3, 7', [1, 2, 3], false, 12, false)).toBe('7');
  });

  it('writes an open range out once a page of it is clicked', () => {
    expect(setPagesSelected('9-', [10], false, 12, false)).toBe('9, 11-12');
  });

  it('keeps an order the visitor typed when order matters', () => {
    expect(setPagesSelected('5-6, 1', [2], true, 12, true)).toBe('5-6, 1-2');
    expect(setPagesSelected('5-6, 1', [6], false, 12, true)).toBe('5, 1');
    expect(setPagesSelected('5-6, 1', [2], true, 12, false)).toBe('1-2, 5-6');
  });

  it('writes pages clicked in ascending order where the list was ascending, and each page once', () => {
    expect(setPagesSelected('5', [2], true, 12, true)).toBe('2, 5');
    expect(setPagesSelected('1, 1, 2', [3], true, 12, true)).toBe('1-3');
  });

  it('adds a run without repeating the pages already there', () => {
    expect(setPagesSelected('4', runOfPages(6, 2), true, 12, false)).toBe('2-6');
  });

  it('starts again from nothing when the list does not parse', () => {
    expect(setPagesSelected('1-x', [2], true, 12, false)).toBe('2');
  });
});

describe('listOfPages', () => {
  it('joins only runs that go upwards', () => {
    expect(listOfPages([1, 2, 3, 5, 4])).toBe('1-3, 5, 4');
    expect(listOfPages([])).toBe('');
  });
});

describe('split cuts', () => {
  it('reads the cuts of ranges that follow each other', () => {
    expect([...cutsOfRanges('1-3, 4-7, 8-10', 10)].sort((a, b) => a - b)).toEqual([3, 7]);
    expect([...cutsOfRanges('1-10', 10)]).toEqual([]);
    expect([...cutsOfRanges('1-2, x', 10)]).toEqual([]);
  });

  it('cuts before and after each item of ranges with gaps', () => {
    expect([...cutsOfRanges('1-5, 10-15', 20)].sort((a, b) => a - b)).toEqual([5, 9, 15]);
  });

  it('writes cuts as ranges that take every page once', () => {
    expect(rangesOfCuts(new Set([3, 7]), 10)).toBe('1-3, 4-7, 8-10');
    expect(rangesOfCuts(new Set([1, 9]), 10)).toBe('1, 2-9, 10');
    expect(rangesOfCuts(new Set(), 10)).toBe('1-10');
  });

  it('toggles a cut, both ways', () => {
    expect(toggleCut('', 3, 10)).toBe('1-3, 4-10');
    expect(toggleCut('1-3, 4-10', 7, 10)).toBe('1-3, 4-7, 8-10');
    expect(toggleCut('1-3, 4-7, 8-10', 3, 10)).toBe('1-7, 8-10');
    expect(toggleCut('1-5, 10-15', 9, 20)).toBe('1-5, 6-15, 16-20');
  });
});
