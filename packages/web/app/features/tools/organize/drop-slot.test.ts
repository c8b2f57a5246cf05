import { describe, expect, it } from 'vitest';
import { GAP_PX, layoutGrid } from '../../../components/page-view/visible-window.ts';
import { dropSlotAt, slotMark } from './drop-slot.ts';

describe('the drop slot under a pointer', () => {
  // Four columns of 120 px cells with 12 px gaps: a step of 132 px.
  const layout = layoutGrid(4 * 120 + 3 * GAP_PX, 10);

  it('is before the page whose first half the pointer is over, and after it over its second half', () => {
    expect(layout.columns).toBe(4);
    expect(dropSlotAt(layout, 10, 10, 5)).toBe(0);
    expect(dropSlotAt(layout, 10, 80, 5)).toBe(1);
    expect(dropSlotAt(layout, 10, 132 + 40, 5)).toBe(1);
    expect(dropSlotAt(layout, 10, 132 + 70, 5)).toBe(2);
  });

  it('counts rows from the top and stops at the last page', () => {
    expect(dropSlotAt(layout, 10, 10, layout.rowPx + 5)).toBe(4);
    expect(dropSlotAt(layout, 10, 520, layout.rowPx + 5)).toBe(8);
    expect(dropSlotAt(layout, 10, 520, 2 * layout.rowPx + 5)).toBe(10);
    expect(dropSlotAt(layout, 10, 10, 50 * layout.rowPx)).toBe(8);
    expect(dropSlotAt(layout, 10, -30, -30)).toBe(0);
  });

  it('is marked in the gap before its page, or after the last page of a row', () => {
    expect(slotMark(layout, 1)).toEqual({ inlinePx: 132 - GAP_PX / 2, topPx: 0 });
    expect(slotMark(layout, 4)).toEqual({ inlinePx: 4 * 132 - GAP_PX / 2, topPx: 0 });
    expect(slotMark(layout, 5)).toEqual({ inlinePx: 132 - GAP_PX / 2, topPx: layout.rowPx });
  });
});
