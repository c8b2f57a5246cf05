import type { PageRender } from './plan-page-renders.ts';

/** A run of consecutive pages rendered by one renderer process at one resolution. */
export type RenderBatch = { firstPage: number; lastPage: number; dpi: number; pages: PageRender[] };

/**
 * Cuts the pages into batches for parallel renderer processes. Pages only share a batch when they are consecutive
 * and share a resolution (one `-r` per process). Several smaller batches per process balance the work when some
 * pages are much slower than others (scans, vector drawings); each batch costs one more document open, so a
 * batch never drops below `minPagesPerBatch` pages unless its run of pages is shorter.
 */
export function planRenderBatches(
  renders: readonly PageRender[],
  targetBatchCount: number,
  minPagesPerBatch: number,
): RenderBatch[] {
  const pagesPerBatch = Math.max(minPagesPerBatch, Math.ceil(renders.length / Math.max(1, targetBatchCount)));
  const batches: RenderBatch[] = [];
  for (const render of renders) {
    const last = batches.at(-1);
    const isNext = last !== undefined && render.pageNumber === last.lastPage + 1;
    if (last && isNext && last.dpi === render.dpi && last.pages.length < pagesPerBatch) {
      last.pages.push(render);
      last.lastPage = render.pageNumber;
    } else {
      batches.push({
        firstPage: render.pageNumber,
        lastPage: render.pageNumber,
        dpi: render.dpi,
        pages: [render],
      });
    }
  }
  return batches;
}
