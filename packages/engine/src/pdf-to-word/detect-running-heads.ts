import { centerY, type Line } from './layout-model.ts';

export type Parity = 'all' | 'odd' | 'even';

/** A header or footer line repeated on many pages. */
export type RunningItem = {
  zone: 'header' | 'footer';
  parity: Parity;
  /** The line as it stands on the first page that has it. */
  line: Line;
  /** Its number is the page number plus this offset: written as a page-number field. */
  pageNumberOffset?: number;
  /** Whether the document's first page shows it (a title page often has no running head). */
  isOnFirstPage: boolean;
};

export type RunningHeads = {
  items: RunningItem[];
  /** Per page (0-based index), the lines that belong to headers and footers and leave the body. */
  removed: Set<Line>[];
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
  if (pages.length < MIN_PAGES) return { items: [], removed };
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
    const offset = findPageNumberOffset(occurrences);
    items.push({
      zone: key.startsWith('header') ? 'header' : 'footer',
      parity,
      line: first.line,
      ...(offset === undefined ? {} : { pageNumberOffset: offset }),
      isOnFirstPage: pageSet.has(0),
    });
  }
  return { items, removed };
}

function zoneOf(line: Line, pageHeight: number): 'header' | 'footer' | null {
  const y = centerY(line.box);
  if (y < pageHeight * ZONE_SHARE) return 'header';
  if (y > pageHeight * (1 - ZONE_SHARE)) return 'footer';
  return null;
}

export function maskNumbers(text: string): string {
  return text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The single number in the line, when it moves in step with the page index on every occurrence. */
function findPageNumberOffset(occurrences: readonly { pageIndex: number; line: Line }[]): number | undefined {
  const offsets = new Set<number>();
  for (const { pageIndex, line } of occurrences) {
    const numbers = line.text.match(/\d+/g);
    if (numbers?.length !== 1) return undefined;
    offsets.add(Number(numbers[0]) - (pageIndex + 1));
  }
  return offsets.size === 1 && occurrences.length >= MIN_PAGES ? [...offsets][0] : undefined;
}
