import { AppError, describePageRangeProblem, parsePageRanges } from '@quire/shared';

/**
 * The pages a tool's `pages` field chooses, from 1, each once and in order whatever the overlaps; every page when
 * the field is absent or blank. A list that names no page of the document is `INVALID_PAGE_RANGE`, saying why.
 */
export function chosenPages(list: string | undefined, pageCount: number): number[] {
  if (list === undefined || list.trim() === '') return Array.from({ length: pageCount }, (_, i) => i + 1);
  const parsed = parsePageRanges(list, pageCount);
  if (!parsed.ok) {
    throw new AppError('INVALID_PAGE_RANGE', describePageRangeProblem(parsed.problem), { ...parsed.problem });
  }
  const pages = new Set<number>();
  for (const { first, last } of parsed.ranges)
    for (let page = first; page <= last; page += 1) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}
