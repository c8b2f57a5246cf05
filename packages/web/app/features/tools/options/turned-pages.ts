import { parsePageRanges } from '@quire/shared';

/**
 * Which pages the rotate tool will turn, for the preview: every page when no list is given (`pages` absent),
 * else the pages of the list, read against the document's page count. A list that does not parse turns nothing,
 * so the preview never promises what the server would reject.
 */
export function turnedPagesOf(pages: string | undefined, pageCount: number): (page: number) => boolean {
  if (pages === undefined) return () => true;
  const parsed = parsePageRanges(pages, pageCount);
  if (!parsed.ok) return () => false;
  return (page) => parsed.ranges.some((range) => page >= range.first && page <= range.last);
}

/** Pages as a compact page list, in order: `[1, 2, 3, 5]` is `1-3, 5`. */
export function pageListOf(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const items: string[] = [];
  for (let index = 0; index < sorted.length;) {
    const first = sorted[index] ?? 0;
    let last = first;
    while (sorted[index + 1] === last + 1) {
      last += 1;
      index += 1;
    }
    index += 1;
    items.push(first === last ? String(first) : `${first}-${last}`);
  }
  return items.join(', ');
}

/**
 * The page list after the visitor clicks `page` in the preview: a turned page is left as it is, any other turned.
 * A list that does not parse is read as turning nothing, as the preview shows it.
 */
export function togglePage(pages: string | undefined, page: number, pageCount: number): string {
  const isTurned = turnedPagesOf(pages, pageCount);
  const turned = Array.from({ length: pageCount }, (_, index) => index + 1).filter(
    (each) => isTurned(each) !== (each === page),
  );
  return pageListOf(turned);
}
