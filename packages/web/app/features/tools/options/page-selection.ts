import { parsePageRanges } from '@quire/shared';

/**
 * The pages a page list names, in its order and with its repeats (`3-4, 1` is [3, 4, 1]), read against the
 * document's page count; a list that does not parse names none, so the page view never shows what the server
 * would refuse.
 */
export function pagesOfList(list: string | undefined, pageCount: number): number[] {
  if (list === undefined) return [];
  const parsed = parsePageRanges(list, pageCount);
  if (!parsed.ok) return [];
  return parsed.ranges.flatMap((range) =>
    Array.from({ length: range.last - range.first + 1 }, (_, index) => range.first + index),
  );
}

/** Pages as the shortest list that keeps their order: each run of following pages becomes one range. */
export function listOfPages(pages: readonly number[]): string {
  const items: string[] = [];
  for (let index = 0; index < pages.length;) {
    const first = pages[index] ?? 0;
    let last = first;
    while (pages[index + 1] === last + 1) {
      last += 1;
      index += 1;
    }
    index += 1;
    items.push(first === last ? String(first) : `${first}-${last}`);
  }
  return items.join(', ');
}

/**
 * The page list after the visitor selects (`isSelected`) or lets go of `pages` in the page view, written in its
 * shortest form (`1, 2, 3` is `1-3`), each page once, in ascending order. Where order matters (`keepsOrder`:
 * Extract pages writes the pages in the list's order) a list typed in an order of its own keeps it: a page let go
 * leaves it wherever it stood, and pages selected join it at its end. A list that does not parse counts as empty.
 */
export function setPagesSelected(
  list: string | undefined,
  pages: readonly number[],
  isSelected: boolean,
  pageCount: number,
  keepsOrder: boolean,
): string {
  const listed = pagesOfList(list, pageCount);
  const changed = new Set(pages);
  const next = isSelected
    ? [...new Set([...listed, ...[...changed].sort((a, b) => a - b)])]
    : [...new Set(listed.filter((page) => !changed.has(page)))];
  const isAscending = listed.every((page, index) => index === 0 || page > (listed[index - 1] ?? 0));
  return listOfPages(keepsOrder && !isAscending ? next : next.sort((a, b) => a - b));
}

/** The pages from `from` to `to`, either way round, both included: a Shift-click's run. */
export function runOfPages(from: number, to: number): number[] {
  const first = Math.min(from, to);
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, index) => first + index);
}

/**
 * Where Split cuts the document for a ranges field: after the last page of each item and before the first, so that
 * `1-3, 4-7, 8-10` of 10 pages is cut after 3 and 7. A list that does not parse cuts nowhere.
 */
export function cutsOfRanges(list: string | undefined, pageCount: number): Set<number> {
  const cuts = new Set<number>();
  if (list === undefined) return cuts;
  const parsed = parsePageRanges(list, pageCount);
  if (!parsed.ok) return cuts;
  for (const range of parsed.ranges) {
    if (range.first > 1) cuts.add(range.first - 1);
    if (range.last < pageCount) cuts.add(range.last);
  }
  return cuts;
}

/** The ranges field that cuts a document of `pageCount` pages after each page of `cuts`: every page in one part. */
export function rangesOfCuts(cuts: ReadonlySet<number>, pageCount: number): string {
  const items: string[] = [];
  let first = 1;
  for (let page = 1; page <= pageCount; page += 1) {
    if (page < pageCount && !cuts.has(page)) continue;
    items.push(first === page ? String(first) : `${first}-${page}`);
    first = page + 1;
  }
  return items.join(', ');
}

/** The ranges field once the cut after `page` is made, or taken away when it was there. */
export function toggleCut(list: string | undefined, page: number, pageCount: number): string {
  const cuts = cutsOfRanges(list, pageCount);
  if (!cuts.delete(page)) cuts.add(page);
  return rangesOfCuts(cuts, pageCount);
}
