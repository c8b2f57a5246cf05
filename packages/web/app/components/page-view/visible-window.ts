/** Smallest width of a thumbnail's cell, and the space between cells, in CSS pixels. */
export const MIN_CELL_PX = 112;
export const GAP_PX = 12;
/** Width of the toggle between two pages where Split cuts, and the room kept at each end of a row for it. */
export const CUT_MARKER_PX = 24;
export const CUT_EDGE_PX = (GAP_PX + CUT_MARKER_PX) / 2;
/** Height under a thumbnail for its page number. */
export const LABEL_PX = 22;
/** Rows kept in the DOM above and below the ones in view. */
export const OVERSCAN_ROWS = 2;

export type GridLayout = {
  readonly columns: number;
  readonly cellPx: number;
  readonly rowPx: number;
  readonly rows: number;
};

/** How many thumbnails fit on a row of `widthPx`, and the size of each. */
export function layoutGrid(widthPx: number, pageCount: number): GridLayout {
  const columns = Math.max(2, Math.floor((widthPx + GAP_PX) / (MIN_CELL_PX + GAP_PX)));
  const cellPx = Math.max(1, (widthPx - GAP_PX * (columns - 1)) / columns);
  return { columns, cellPx, rowPx: cellPx + LABEL_PX + GAP_PX, rows: Math.ceil(pageCount / columns) };
}

/**
 * The pages whose rows are in view of a scroll box `heightPx` tall scrolled by `scrollPx`, with `OVERSCAN_ROWS`
 * more on each side; `first` and `last` are page numbers (from 1), empty when `last` < `first`.
 */
export function visiblePages(
  layout: GridLayout,
  pageCount: number,
  scrollPx: number,
  heightPx: number,
): { first: number; last: number } {
  const firstRow = Math.max(0, Math.floor(scrollPx / layout.rowPx) - OVERSCAN_ROWS);
  const lastRow = Math.min(layout.rows - 1, Math.ceil((scrollPx + heightPx) / layout.rowPx) + OVERSCAN_ROWS);
  return { first: firstRow * layout.columns + 1, last: Math.min(pageCount, (lastRow + 1) * layout.columns) };
}
