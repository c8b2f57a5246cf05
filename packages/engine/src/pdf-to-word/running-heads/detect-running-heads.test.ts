import { describe, expect, it } from 'vitest';
import { detectRunningHeads } from './detect-running-heads.ts';
import { line } from '../model/test-layout.ts';

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
    expect(items.map((item) => item.pageNumberAt)).toEqual([undefined, 0]);
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
    expect(items.map((item) => [item.line.text, item.pageNumberAt])).toEqual([['GeoBase® ii', 0]]);
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
    expect(detectRunningHeads(pages).items.map((item) => [item.line.text, item.pageNumberAt])).toEqual([
      ['Mix and match', undefined],
    ]);
  });

  it("finds each chapter's running head on its pages, the lone number below a chapter's first page, and the number that rises among several", () => {
    // Forty-two pages, three chapters from pages 1, 15 and 29: their first pages show only a number below the text;
    // the other odd pages the chapter's name and the page number; every page "8 1.2 Metric spaces" at the top.
    const chapters = ['“PIRACY”', '“PROPERTY”', '“PUZZLES”'];
    const pages = Array.from({ length: 42 }, (_unused, index) => {
      const number = index + 1;
      const isOpening = index % 14 === 0;
      return {
        height: 800,
        lines: [
          line(`${number} 1.2 Metric spaces`, 50, 40),
          line(`Body text of page ${number}`, 50, 400),
          ...(isOpening ? [line(String(number), 300, 780)] : []),
          ...(!isOpening && index % 2 === 0
            ? [line(`${chapters[Math.floor(index / 14)]} ${number}`, 400, 780)]
            : []),
        ],
      };
    });
    const { items, removed } = detectRunningHeads(pages);
    expect(items.map((item) => [item.line.text, item.pages ?? 'all', item.pageNumberAt])).toEqual([
      ['1 1.2 Metric spaces', 'all', 0],
      ['1', { first: 0, last: 0 }, 0],
      ['15', { first: 14, last: 14 }, 0],
      ['29', { first: 28, last: 28 }, 0],
      ['“PIRACY” 3', { first: 2, last: 12 }, 0],
      ['“PROPERTY” 17', { first: 16, last: 26 }, 0],
      ['“PUZZLES” 31', { first: 30, last: 40 }, 0],
    ]);
    expect(removed.every((set, index) => set.size === (index % 2 === 0 ? 2 : 1))).toBe(true);
  });

  it('keeps a line that is alone on its pages', () => {
    const pages = [1, 2, 3].map((number) => ({ height: 800, lines: [line(`Page ${number}`, 50, 40)] }));
    expect(detectRunningHeads(pages).items).toEqual([]);
  });
});
