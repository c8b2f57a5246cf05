import { describe, expect, it } from 'vitest';
import { detectRunningHeads } from './detect-running-heads.ts';
import { line } from './test-layout.ts';

describe('detectRunningHeads', () => {
  it('finds a repeated title and a page number, and keeps the body', () => {
    const pages = [1, 2, 3, 4].map((number) => ({
      height: 800,
      lines: [
        line('Annual report', 50, 40),
        line(`Body text of page ${number}`, 50, 400),
        line(String(number + 10), 300, 780),
      ],
    }));
    const { items, removed, pageNumbers } = detectRunningHeads(pages);
    expect(items.map((item) => [item.zone, item.line.text])).toEqual([
      ['header', 'Annual report'],
      ['footer', '11'],
    ]);
    expect(items.map((item) => item.hasPageNumber)).toEqual([false, true]);
    expect(pageNumbers.map((number) => number?.value)).toEqual([11, 12, 13, 14]);
    expect(removed.every((set) => set.size === 2)).toBe(true);
  });

  it('says which running lines the first page shows: a title page without the running title', () => {
    const pages = [1, 2, 3, 4].map((number) => ({
      height: 800,
      lines: [
        ...(number > 1 ? [line('Annual report', 50, 40)] : []),
        line(`Body text of page ${number}`, 50, 400),
        line(String(number), 300, 780),
      ],
    }));
    const { items } = detectRunningHeads(pages);
    expect(Object.fromEntries(items.map((item) => [item.line.text, item.isOnFirstPage]))).toEqual({
      'Annual report': false,
      '1': true,
    });
  });

  it("finds a footer of the even pages that one odd page has too, as a book's front matter may", () => {
    const pages = Array.from({ length: 24 }, (_unused, index) => ({
      height: 800,
      lines: [
        line(`Body text of page ${index + 1}`, 50, 400),
        ...(index % 2 === 1 || index === 2 ? [line('<http://example.org/get-it>', 120, 780)] : []),
      ],
    }));
    const { items, removed } = detectRunningHeads(pages);
    expect(items.map((item) => [item.zone, item.parity, item.line.text])).toEqual([
      ['footer', 'even', '<http://example.org/get-it>'],
    ]);
    expect(removed[2]?.size).toBe(1);
  });

  it('takes roman page numbers of the front matter for page numbers, then the arabic ones of the body', () => {
    const printed = ['', 'ii', 'iii', 'iv', 'v', '6', '7', '8'];
    const pages = printed.map((number, index) => ({
      height: 800,
      lines: [
        line(`Body text of page ${index + 1}`, 50, 400),
        ...(number ? [line(`GeoBase® ${number}`, 50, 780)] : []),
      ],
    }));
    const { items, removed, pageNumbers } = detectRunningHeads(pages);
    expect(items.map((item) => [item.line.text, item.hasPageNumber])).toEqual([['GeoBase® ii', true]]);
    expect(removed.map((set) => set.size)).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
    expect(pageNumbers).toEqual([
      undefined,
      ...[2, 3, 4, 5].map((value) => ({ value, style: 'lowerRoman' })),
      ...[6, 7, 8].map((value) => ({ value, style: 'decimal' })),
    ]);
  });

  it('does not take a word that reads as a roman numeral for a page number', () => {
    const pages = [1, 2, 3, 4].map((number) => ({
      height: 800,
      lines: [line('Mix and match', 50, 40), line(`Body text of page ${number}`, 50, 400)],
    }));
    expect(detectRunningHeads(pages).items.map((item) => [item.line.text, item.hasPageNumber])).toEqual([
      ['Mix and match', false],
    ]);
  });

  it('keeps a line that is alone on its pages', () => {
    const pages = [1, 2, 3].map((number) => ({ height: 800, lines: [line(`Page ${number}`, 50, 40)] }));
    expect(detectRunningHeads(pages).items).toEqual([]);
  });
});
