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
