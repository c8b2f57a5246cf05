import { GAP_PX, type GridLayout } from '../../../components/page-view/visible-window.ts';

/**
 * The place between pages a pointer at (`inlinePx`, `blockPx`) from the grid's start corner drops onto: the index of
 * the page it lands before (`itemCount` past the last). The grid's inline start is its right side in right-to-left
 * languages, so the caller measures from there.
 */
export function dropSlotAt(layout: GridLayout, itemCount: number, inlinePx: number, blockPx: number): number {
  const row = Math.min(Math.max(Math.floor(blockPx / layout.rowPx), 0), Math.max(layout.rows - 1, 0));
  const stepPx = layout.cellPx + GAP_PX;
  const column = Math.min(Math.max(Math.round((inlinePx + GAP_PX / 2) / stepPx), 0), layout.columns);
  return Math.min(row * layout.columns + column, itemCount);
}

/** Where the mark of a drop slot is drawn: its inline offset (in the gap before a page) and its row's top. */
export function slotMark(layout: GridLayout, slot: number): { inlinePx: number; topPx: number } {
  const stepPx = layout.cellPx + GAP_PX;
  // The slot past a row's last page is marked after that page, not before the first page of the next row.
  const isRowEnd = slot > 0 && slot % layout.columns === 0;
  const index = isRowEnd ? slot - 1 : slot;
  const row = Math.floor(index / layout.columns);
  const column = (index % layout.columns) + (isRowEnd ? 1 : 0);
  return { inlinePx: column * stepPx - GAP_PX / 2, topPx: row * layout.rowPx };
}
