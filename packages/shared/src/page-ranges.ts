import { MAX_PAGES } from './limits.ts';

/** One item of a page list, 1-based and inclusive: `3` is { first: 3, last: 3 }, `8-` runs to the last page. */
export type PageRange = { first: number; last: number; item: string };

export type PageRangeProblem = {
  /** The item as the visitor typed it (trimmed), so the message can name it. */
  item: string;
  reason: 'empty' | 'malformed' | 'zero' | 'reversed' | 'outOfRange' | 'tooMany';
  pageCount?: number;
};

export type PageRangeResult = { ok: true; ranges: PageRange[] } | { ok: false; problem: PageRangeProblem };

const ITEM = /^(\d+)(?:\s*-\s*(\d*))?$/;

/**
 * Parses a page list such as `1-5, 10-15`, `3` or `8-` (spec A.4): comma-separated items, each a page or a range,
 * kept in the order given. Without `pageCount` only the syntax is checked (the browser does this before
 * uploading); with it, every item must lie within the document. The first wrong item is reported.
 */
export function parsePageRanges(text: string, pageCount?: number): PageRangeResult {
  const items = text.split(',').map((item) => item.trim());
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
    case 'malformed':
      return `"${item}" is not a page or a range such as 3, 1-5 or 8-.`;
    case 'zero':
      return `"${item}": pages are numbered from 1.`;
    case 'reversed':
      return `"${item}": the range runs backwards; write the lower page first.`;
    case 'outOfRange':
      return `"${item}": the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`;
  }
}
