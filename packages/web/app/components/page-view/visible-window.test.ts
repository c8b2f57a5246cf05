import { describe, expect, it } from 'vitest';
import { GAP_PX, layoutGrid, MIN_CELL_PX, OVERSCAN_ROWS, visiblePages } from './visible-window.ts';

describe('the page grid window', () => {
  it('fits as many cells as a row holds, never fewer than two', () => {
    expect(layoutGrid(4 * MIN_CELL_PX + 3 * GAP_PX, 100).columns).toBe(4);
    expect(layoutGrid(4 * MIN_CELL_PX + 3 * GAP_PX - 1, 100).columns).toBe(3);
    expect(layoutGrid(50, 100).columns).toBe(2);
    expect(layoutGrid(4 * MIN_CELL_PX + 3 * GAP_PX, 10).rows).toBe(3);
  });

  it('keeps only the rows in view and a few around them, whatever the length of the document', () => {
    const layout = layoutGrid(4 * MIN_CELL_PX + 3 * GAP_PX, 2000);
    const top = visiblePages(layout, 2000, 0, layout.rowPx * 3);
    expect(top).toEqual({ first: 1, last: (3 + 1 + OVERSCAN_ROWS) * 4 });

    const middle = visiblePages(layout, 2000, layout.rowPx * 250, layout.rowPx * 3);
    expect(middle.first).toBe((250 - OVERSCAN_ROWS) * 4 + 1);
    expect(middle.last - middle.first + 1).toBe((3 + 1 + 2 * OVERSCAN_ROWS) * 4);

    const end = visiblePages(layout, 2000, layout.rowPx * 500, layout.rowPx * 3);
    expect(end.last).toBe(2000);
  });
});
