import { MAX_PAGES } from './limits.ts';

/** One item of a page list, 1-based and inclusive: `3` is { first: 3, last: 3 }, `8-` runs to the last page. */
export type PageRange = { first: number; last: number; item: string };

export type PageRangeProblem = {
  /** The item as the visitor typed it (trimmed), so the message can name it. */
  item: string;
  /** `everyPage`: the list names every page of a document that must keep one (Remove pages). */
  reason:
    'empty' | 'malformed' | 'zero' | 'reversed' | 'outOfRange' | 'tooMany' | 'tooManyPages' | 'everyPage';
  pageCount?: number;
};

export type PageRangeResult = { ok: true; ranges: PageRange[] } | { ok: false; problem: PageRangeProblem };

const ITEM = /^(\d+)(?:\s*-\s*(\d*))?$/;

/** Code points of the digit zero in the digit sets people type page numbers with besides ASCII. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0xff10];
const COMMAS = /[\u060c\uff0c\u3001\ufe50;]/gu; // Arabic comma, full-width and ideographic commas, semicolon
const DASHES = /[\u2010-\u2015\u2212\ufe63\uff0d]/gu; // hyphen, en and em dashes, minus sign, full-width hyphen

/**
 * The page list as ASCII: Arabic-Indic, Persian, Devanagari, Bengali and full-width digits become 0–9, the commas of
 * Arabic, Chinese and Japanese keyboards become `,`, dashes and minus signs become `-`; bidi marks are dropped.
 */
export function normalizePageList(text: string): string {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(COMMAS, ',')
    .replace(DASHES, '-')
    .replace(/\p{Nd}/gu, (digit) => {
      const code = digit.codePointAt(0) ?? 0;
      const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
      return zero === undefined ? digit : String(code - zero);
    });
}

/**
 * Parses a page list such as `1-5, 10-15`, `3` or `8-` (spec A.4): comma-separated items, each a page or a range,
 * kept in the order given. Without `pageCount` only the syntax is checked (the browser does this before
 * uploading); with it, every item must lie within the document. The first wrong item is reported.
 */
export function parsePageRanges(text: string, pageCount?: number): PageRangeResult {
  const items = normalizePageList(text)
    .split(',')
    .map((item) => item.trim());
  if (items.every((item) => item === '')) return { ok: false, problem: { item: '', reason: 'empty' } };
  if (items.length > MAX_PAGES) return { ok: false, problem: { item: '', reason: 'tooMany' } };
  const ranges: PageRange[] = [];
  for (const item of items) {
    if (item === '') continue;
    const match = ITEM.exec(item);
    if (!match) return { ok: false, problem: { item, reason: 'malformed' } };
    const first = Number(match[1]);
    const isOpenEnded = match[2] === '';
    const last = match[2] === undefined ? first : isOpenEnded ? (pageCount ?? first) : Number(match[2]);
    if (first === 0 || last === 0) return { ok: false, problem: { item, reason: 'zero' } };
    if (last < first && !isOpenEnded) return { ok: false, problem: { item, reason: 'reversed' } };
    if (pageCount !== undefined && (first > pageCount || last > pageCount)) {
      return { ok: false, problem: { item, reason: 'outOfRange', pageCount } };
    }
    ranges.push({ first, last: Math.max(first, last), item });
  }
  return { ok: true, ranges };
}

/** English description of a problem, for the API's `message` (the site translates from the details). */
export function describePageRangeProblem({ item, reason, pageCount }: PageRangeProblem): string {
  switch (reason) {
    case 'empty':
      return 'Enter the pages, for example 1-5, 10-15.';
    case 'tooMany':
      return `The page list has more than ${MAX_PAGES} items.`;
    case 'tooManyPages':
      return `The ranges add up to more than ${MAX_PAGES} pages; list fewer or shorter ranges.`;
    case 'malformed':
      return `"${item}" is not a page or a range such as 3, 1-5 or 8-.`;
    case 'zero':
      return `"${item}": pages are numbered from 1.`;
    case 'reversed':
      return `"${item}": the range runs backwards; write the lower page first.`;
    case 'outOfRange':
      return `"${item}": the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`;
    case 'everyPage':
      return `The list takes every page of the document (${pageCount}); leave at least one.`;
  }
}

/**
 * Checks that the pages a list asks for, counted with repeats (`1-,1-` is the document twice), stay within
 * `MAX_PAGES`: a tool that writes one file per item must not turn a short list into thousands of copies.
 */
export function checkTotalPages(ranges: readonly PageRange[]): PageRangeProblem | null {
  const total = ranges.reduce((sum, range) => sum + range.last - range.first + 1, 0);
  return total > MAX_PAGES ? { item: '', reason: 'tooManyPages' } : null;
}
