import {
  AppError,
  checkTotalPages,
  describePageRangeProblem,
  parsePageRanges,
  type PageRange,
  type PageRangeProblem,
} from '@quire/shared';
import type { JobContext } from './types.ts';

/** How many qpdf processes write the pieces of a page list at once: the machine's two cores. */
const PIECE_CONCURRENCY = 2;

/**
 * The items of a page list read against a document of `pageCount` pages, in the order given; `INVALID_PAGE_RANGE`
 * for the first wrong item, or when the items add up to more pages than a document may have.
 */
export function readPageRanges(list: string | undefined, pageCount: number): PageRange[] {
  const parsed = parsePageRanges(list ?? '', pageCount);
  if (!parsed.ok) throw pageRangeError(parsed.problem);
  const tooManyPages = checkTotalPages(parsed.ranges);
  if (tooManyPages) throw pageRangeError(tooManyPages);
  return parsed.ranges;
}

export function pageRangeError(problem: PageRangeProblem): AppError {
  return new AppError('INVALID_PAGE_RANGE', describePageRangeProblem(problem), { ...problem });
}

/**
 * Writes one piece per range (`writePiece`), two at a time, in the list's order of start; progress is `processing`
 * with the pages of the pieces written of all the ranges' pages. Stops before the next piece once the job is
 * aborted.
 */
export async function writeRangePieces(
  ranges: readonly PageRange[],
  ctx: JobContext,
  writePiece: (range: PageRange, index: number) => Promise<void>,
): Promise<void> {
  const pagesOf = (range: PageRange) => range.last - range.first + 1;
  const total = ranges.reduce((sum, range) => sum + pagesOf(range), 0);
  let done = 0;
  let next = 0;
  const work = async () => {
    while (next < ranges.length) {
      const index = next++;
      const range = ranges[index] as PageRange;
      if (ctx.signal.aborted) throw ctx.signal.reason;
      await writePiece(range, index);
      done += pagesOf(range);
      ctx.onProgress?.('processing', { done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PIECE_CONCURRENCY, ranges.length) }, work));
}
