import { centerY, type Line } from '../model/layout-model.ts';
import { maskNumbers, numberTokens, type NumberToken, type PrintedPageNumber } from './page-numbers.ts';
import { SETTINGS } from '../model/settings.ts';

export type Parity = 'all' | 'odd' | 'even';

/** A header or footer line repeated on many pages. */
export type RunningItem = {
  zone: 'header' | 'footer';
  parity: Parity;
  /** The line as it stands on the first page that has it. */
  line: Line;
  /** Which of its numbers (`numberTokens`) is the page number, written as a page-number field: the one that rises. */
  pageNumberAt?: number;
  /** Whether the document's first page shows it (a title page often has no running head). */
  isOnFirstPage: boolean;
  /** The pages a chapter's running head runs on; none for a line that runs through the document. */
  pages?: PageRange;
};

export type RunningHeads = {
  items: RunningItem[];
  /** Per page (0-based index), the lines that belong to headers and footers and leave the body. */
  removed: Set<Line>[];
  /** Per page, the number its running heads print for it, where they print one. */
  pageNumbers: (PrintedPageNumber | undefined)[];
};

type PageLines = { height: number; lines: readonly Line[] };
type Occurrence = { pageIndex: number; line: Line };
/** Pages, 0-based and both included. */
export type PageRange = { first: number; last: number };

/**
 * Finds headers and footers: lines near the top or bottom of the page whose text, with numbers masked, repeats at
 * the same height on at least half of the pages (or half of the odd or even pages, as books alternate them); then,
 * among the others, a chapter's running heads (on a few pages close together) and the lone page numbers below the
 * chapters' first pages, each for its own pages.
 */
export function detectRunningHeads(pages: readonly PageLines[]): RunningHeads {
  const removed = pages.map(() => new Set<Line>());
  const pageNumbers: (PrintedPageNumber | undefined)[] = pages.map(() => undefined);
  if (pages.length < SETTINGS.runningHeads.minPages) return { items: [], removed, pageNumbers };
  const groups = new Map<string, Occurrence[]>();
  pages.forEach((page, pageIndex) => {
    for (const line of page.lines) {
      const zone = zoneOf(line, page.height);
      if (!zone || line.isVertical) continue;
      const y = zone === 'header' ? line.baseline : page.height - line.baseline;
      const key = `${zone}|${maskNumbers(line.text)}|${Math.round(y / SETTINGS.runningHeads.positionTolerance)}`;
      const group = groups.get(key);
      if (group) group.push({ pageIndex, line });
      else groups.set(key, [{ pageIndex, line }]);
    }
  });
  // A line alone on its page ("Page 3" of a blank page, a one-line slide) is the page's text, not its header.
  const bodyCounts = pages.map((page) => page.lines.filter((line) => !zoneOf(line, page.height)).length);
  const items: RunningItem[] = [];
  const add = (
    key: string,
    occurrences: Occurrence[],
    parity: Parity,
    pageRange?: PageRange,
    numbering = findPageNumbers(occurrences),
  ) => {
    for (const occurrence of occurrences) removed[occurrence.pageIndex]?.add(occurrence.line);
    const first = occurrences[0] as Occurrence;
    for (const occurrence of occurrences) {
      const number = numbering?.numbers.get(occurrence.pageIndex);
      if (number) pageNumbers[occurrence.pageIndex] = number;
    }
    items.push({
      zone: key.startsWith('header') ? 'header' : 'footer',
      parity,
      line: first.line,
      ...(numbering ? { pageNumberAt: numbering.at } : {}),
      isOnFirstPage: occurrences.some((occurrence) => occurrence.pageIndex === 0),
      ...(pageRange ? { pages: pageRange } : {}),
    });
  };
  const local: [string, Occurrence[]][] = [];
  for (const [key, occurrences] of groups) {
    const withBody = occurrences.filter((occurrence) => (bodyCounts[occurrence.pageIndex] ?? 0) > 0).length;
    if (withBody < occurrences.length * SETTINGS.runningHeads.minWithBodyShare) continue;
    const parity = documentParity(occurrences, pages.length);
    if (parity) add(key, occurrences, parity);
    else local.push([key, occurrences]);
  }
  // A chapter's running head: on a few pages in a row (of one side, or both), then another chapter's.
  for (const [key, occurrences] of local) {
    // A running head stands once on a page: the same text twice on one page is a table's or a chart's.
    if (new Set(occurrences.map((occurrence) => occurrence.pageIndex)).size < occurrences.length) continue;
    const text = maskNumbers((occurrences[0] as Occurrence).line.text);
    const numbering = findPageNumbers(occurrences);
    if (text === '#') {
      // A page number on a few pages only (a book's chapter openings, centred below the text) is one on each.
      if (occurrences.length < SETTINGS.runningHeads.minChapterPages || !numbering) continue;
      for (const occurrence of occurrences) {
        const page = { first: occurrence.pageIndex, last: occurrence.pageIndex };
        add(key, [occurrence], 'all', page, numbering);
      }
      continue;
    }
    if (!/\p{L}/u.test(text)) continue;
    for (const run of nearbyRuns(occurrences)) {
      if (run.length < SETTINGS.runningHeads.minChapterPages) continue;
      const sides = new Set(run.map((occurrence) => occurrence.pageIndex % 2));
      const parity = sides.size === 2 ? 'all' : sides.has(0) ? 'odd' : 'even';
      const last = run.at(-1) as Occurrence;
      add(key, run, parity, { first: (run[0] as Occurrence).pageIndex, last: last.pageIndex }, numbering);
    }
  }
  return { items, removed, pageNumbers };
}

/** The side of the pages a line runs on through the document: on half its pages (or half its odd or even ones). */
function documentParity(occurrences: readonly Occurrence[], pageCount: number): Parity | null {
  const pageSet = new Set(occurrences.map((occurrence) => occurrence.pageIndex));
  const onOdd = [...pageSet].filter((index) => index % 2 === 0).length;
  const onEven = pageSet.size - onOdd;
  const oddPages = Math.ceil(pageCount / 2);
  const evenPages = Math.floor(pageCount / 2);
  if (
    onEven <= SETTINGS.runningHeads.maxOffParityShare * onOdd &&
    evenPages >= SETTINGS.runningHeads.minPages &&
    onOdd >= Math.max(SETTINGS.runningHeads.minPages, SETTINGS.runningHeads.minPageShare * oddPages)
  )
    return 'odd';
  if (
    onOdd <= SETTINGS.runningHeads.maxOffParityShare * onEven &&
    evenPages >= SETTINGS.runningHeads.minPages &&
    onEven >= Math.max(SETTINGS.runningHeads.minPages, SETTINGS.runningHeads.minPageShare * evenPages)
  )
    return 'even';
  if (
    pageSet.size >=
      Math.max(SETTINGS.runningHeads.minPages, SETTINGS.runningHeads.minPageShare * pageCount) &&
    onOdd > 0 &&
    onEven > 0
  )
    return 'all';
  return null;
}

/** The occurrences in runs of pages close together: a chapter's, apart from another chapter of the same name. */
function nearbyRuns(occurrences: readonly Occurrence[]): Occurrence[][] {
  const runs: Occurrence[][] = [];
  for (const occurrence of [...occurrences].sort((a, b) => a.pageIndex - b.pageIndex)) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && occurrence.pageIndex - previous.pageIndex <= SETTINGS.runningHeads.maxChapterGap)
      run.push(occurrence);
    else runs.push([occurrence]);
  }
  return runs;
}

function zoneOf(line: Line, pageHeight: number): 'header' | 'footer' | null {
  const y = centerY(line.box);
  if (y < pageHeight * SETTINGS.runningHeads.zoneShare) return 'header';
  if (y > pageHeight * (1 - SETTINGS.runningHeads.zoneShare)) return 'footer';
  return null;
}

/**
 * The page numbers a repeated line prints, by page index: the one of its numbers that differs from page to page
 * ("8" of "8 · 1.2 Metric spaces"), when it rises from page to page in each style (arabic, roman), mostly in step
 * with the pages (front matter in roman numerals, then the body from 1; a book's numbers skip where plates or blank
 * pages were left out of the PDF): a chapter number or a year does not.
 */
function findPageNumbers(
  occurrences: readonly Occurrence[],
): { at: number; numbers: Map<number, PrintedPageNumber> } | undefined {
  if (occurrences.length < SETTINGS.runningHeads.minPages) return undefined;
  const sorted = [...occurrences].sort((a, b) => a.pageIndex - b.pageIndex);
  const tokens = sorted.map((occurrence) => numberTokens(occurrence.line.text));
  const count = tokens[0]?.length ?? 0;
  if (tokens.some((list) => list.length !== count)) return undefined;
  const varying = [...Array(count).keys()].filter((at) =>
    tokens.some((list) => list[at]?.token !== tokens[0]?.[at]?.token),
  );
  if (varying.length !== 1) return undefined;
  const at = varying[0] as number;
  const numbers = new Map<number, PrintedPageNumber>();
  const last = new Map<string, { pageIndex: number; value: number }>();
  let pairs = 0;
  let inStep = 0;
  for (const [index, { pageIndex }] of sorted.entries()) {
    const number = (tokens[index]?.[at] as NumberToken).number;
    const previous = last.get(number.style);
    if (previous) {
      if (number.value <= previous.value) return undefined;
      pairs += 1;
      const ahead = number.value - previous.value - (pageIndex - previous.pageIndex);
      if (ahead >= 0 && ahead <= SETTINGS.runningHeads.maxSkippedNumbers) inStep += 1;
    }
    last.set(number.style, { pageIndex, value: number.value });
    numbers.set(pageIndex, number);
  }
  return inStep >= SETTINGS.runningHeads.minInStepShare * pairs ? { at, numbers } : undefined;
}
