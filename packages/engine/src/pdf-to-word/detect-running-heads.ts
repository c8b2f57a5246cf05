import { centerY, type Line } from './layout-model.ts';
import { maskNumbers, onlyNumber, type PrintedPageNumber } from './page-numbers.ts';

export type Parity = 'all' | 'odd' | 'even';

/** A header or footer line repeated on many pages. */
export type RunningItem = {
  zone: 'header' | 'footer';
  parity: Parity;
  /** The line as it stands on the first page that has it. */
  line: Line;
  /** Its one number (arabic or roman) moves in step with the pages: it is written as a page-number field. */
  hasPageNumber: boolean;
  /** Whether the document's first page shows it (a title page often has no running head). */
  isOnFirstPage: boolean;
};

export type RunningHeads = {
  items: RunningItem[];
  /** Per page (0-based index), the lines that belong to headers and footers and leave the body. */
  removed: Set<Line>[];
  /** Per page, the number its running heads print for it, where they print one. */
  pageNumbers: (PrintedPageNumber | undefined)[];
};

type PageLines = { height: number; lines: readonly Line[] };

/** Share of the page height, at the top and at the bottom, where headers and footers stand. */
const ZONE_SHARE = 0.12;
/** Baselines of a repeated line may move this much, in points, from page to page. */
const POSITION_TOLERANCE = 6;
/** A line is running when it repeats on at least this share of the pages (of its parity). */
const MIN_PAGE_SHARE = 0.5;
const MIN_PAGES = 2;
/**
 * A line of the odd (or even) pages may stand on a few pages of the other kind too, up to this share of its pages:
 * a book's front matter starts a chapter on a left-hand page now and then.
 */
const MAX_OFF_PARITY_SHARE = 0.1;

/**
 * Finds headers and footers: lines near the top or bottom of the page whose text, with numbers masked, repeats at
 * the same height on at least half of the pages (or half of the odd or even pages, as books alternate them).
 */
export function detectRunningHeads(pages: readonly PageLines[]): RunningHeads {
  const removed = pages.map(() => new Set<Line>());
  const pageNumbers: (PrintedPageNumber | undefined)[] = pages.map(() => undefined);
  if (pages.length < MIN_PAGES) return { items: [], removed, pageNumbers };
  const groups = new Map<string, { pageIndex: number; line: Line }[]>();
  pages.forEach((page, pageIndex) => {
    for (const line of page.lines) {
      const zone = zoneOf(line, page.height);
      if (!zone || line.isVertical) continue;
      const y = zone === 'header' ? line.baseline : page.height - line.baseline;
      const key = `${zone}|${maskNumbers(line.text)}|${Math.round(y / POSITION_TOLERANCE)}`;
      const group = groups.get(key);
      if (group) group.push({ pageIndex, line });
      else groups.set(key, [{ pageIndex, line }]);
    }
  });
  const oddPages = Math.ceil(pages.length / 2);
  const evenPages = Math.floor(pages.length / 2);
  // A line alone on its page ("Page 3" of a blank page, a one-line slide) is the page's text, not its header.
  const bodyCounts = pages.map((page) => page.lines.filter((line) => !zoneOf(line, page.height)).length);
  const items: RunningItem[] = [];
  for (const [key, occurrences] of groups) {
    const withBody = occurrences.filter((occurrence) => (bodyCounts[occurrence.pageIndex] ?? 0) > 0).length;
    if (withBody < occurrences.length / 2) continue;
    const pageSet = new Set(occurrences.map((occurrence) => occurrence.pageIndex));
    const onOdd = [...pageSet].filter((index) => index % 2 === 0).length;
    const onEven = pageSet.size - onOdd;
    let parity: Parity | null = null;
    if (
      onEven <= MAX_OFF_PARITY_SHARE * onOdd &&
      evenPages >= MIN_PAGES &&
      onOdd >= Math.max(MIN_PAGES, MIN_PAGE_SHARE * oddPages)
    )
      parity = 'odd';
    else if (
      onOdd <= MAX_OFF_PARITY_SHARE * onEven &&
      evenPages >= MIN_PAGES &&
      onEven >= Math.max(MIN_PAGES, MIN_PAGE_SHARE * evenPages)
    )
      parity = 'even';
    else if (pageSet.size >= Math.max(MIN_PAGES, MIN_PAGE_SHARE * pages.length) && onOdd > 0 && onEven > 0)
      parity = 'all';
    if (!parity) continue;
    for (const occurrence of occurrences) removed[occurrence.pageIndex]?.add(occurrence.line);
    const first = occurrences[0] as { pageIndex: number; line: Line };
    const numbers = findPageNumbers(occurrences);
    if (numbers) for (const [pageIndex, number] of numbers) pageNumbers[pageIndex] = number;
    items.push({
      zone: key.startsWith('header') ? 'header' : 'footer',
      parity,
      line: first.line,
      hasPageNumber: numbers !== undefined,
      isOnFirstPage: pageSet.has(0),
    });
  }
  return { items, removed, pageNumbers };
}

function zoneOf(line: Line, pageHeight: number): 'header' | 'footer' | null {
  const y = centerY(line.box);
  if (y < pageHeight * ZONE_SHARE) return 'header';
  if (y > pageHeight * (1 - ZONE_SHARE)) return 'footer';
  return null;
}

/**
 * The page numbers a repeated line prints, by page index: when it has one number on every page, and the numbers of
 * each style (arabic, roman) move in step with the pages (front matter in roman numerals, then the body from 1).
 */
function findPageNumbers(
  occurrences: readonly { pageIndex: number; line: Line }[],
): Map<number, PrintedPageNumber> | undefined {
  if (occurrences.length < MIN_PAGES) return undefined;
  const numbers = new Map<number, PrintedPageNumber>();
  const offsets = new Map<string, number>();
  for (const { pageIndex, line } of occurrences) {
    const number = onlyNumber(line.text)?.number;
    if (!number) return undefined;
    const offset = number.value - pageIndex;
    if ((offsets.get(number.style) ?? offset) !== offset) return undefined;
    offsets.set(number.style, offset);
    numbers.set(pageIndex, number);
  }
  return numbers;
}
