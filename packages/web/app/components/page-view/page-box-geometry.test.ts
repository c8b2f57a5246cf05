import { describe, expect, it } from 'vitest';
import { boxFromDrag, MIN_BOX_FRACTION, moveBox, nudgeBox, resizeBox } from './page-box-geometry.ts';

const box = { page: 2, x: 0.2, y: 0.3, width: 0.4, height: 0.1 };

describe('the page boxes editor geometry', () => {
  it('draws a box whichever way the drag went, and nothing for a press without a drag', () => {
    const drawn = boxFromDrag(1, { x: 0.6, y: 0.5 }, { x: 0.2, y: 0.25 });
    expect(drawn).toMatchObject({ page: 1, x: 0.2, y: 0.25, height: 0.25 });
    expect(drawn?.width).toBeCloseTo(0.4);
    expect(boxFromDrag(1, { x: 0.5, y: 0.5 }, { x: 0.5 + MIN_BOX_FRACTION / 2, y: 0.7 })).toBeNull();
  });

  it('moves a box and keeps it whole on its page', () => {
    const moved = moveBox(box, 0.1, -0.1);
    expect(moved.x).toBeCloseTo(0.3);
    expect(moved.y).toBeCloseTo(0.2);
    expect(moveBox(box, 0.9, 0.9)).toMatchObject({ x: 0.6, y: 0.9, width: 0.4, height: 0.1 });
    expect(moveBox(box, -1, -1)).toMatchObject({ x: 0, y: 0 });
  });

  it('resizes from a corner with the opposite one fixed, never past the page nor to nothing', () => {
    const grown = resizeBox(box, 'top-left', { x: 0.1, y: 0.2 });
    expect(grown.x).toBeCloseTo(0.1);
    expect(grown.y).toBeCloseTo(0.2);
    expect(grown.x + grown.width).toBeCloseTo(0.6);
    expect(grown.y + grown.height).toBeCloseTo(0.4);
    const crossed = resizeBox(box, 'bottom-right', { x: 0, y: 0 });
    expect(crossed).toMatchObject({ x: 0.2, y: 0.3, width: MIN_BOX_FRACTION, height: MIN_BOX_FRACTION });
    const largest = resizeBox(box, 'bottom-right', { x: 1, y: 1 });
    expect(largest.width).toBeCloseTo(0.8);
    expect(largest.height).toBeCloseTo(0.7);
  });

  it('keeps a picture box in proportion, within the page', () => {
    const signature = { ...box, keepsAspect: true };
    const resized = resizeBox(signature, 'bottom-right', { x: 0.8, y: 0.9 });
    expect(resized.width).toBeCloseTo(0.6);
    expect(resized.height).toBeCloseTo(0.15);
    const bounded = resizeBox({ ...signature, y: 0.85 }, 'bottom-right', { x: 1, y: 1 });
    expect(bounded.y + bounded.height).toBeLessThanOrEqual(1 + 1e-9);
    expect(bounded.width / bounded.height).toBeCloseTo(4);
  });

  it('moves with the arrow keys, resizes with Shift, and ignores other keys', () => {
    expect(nudgeBox(box, 'ArrowRight', false)?.x).toBeCloseTo(0.21);
    expect(nudgeBox(box, 'ArrowUp', false)?.y).toBeCloseTo(0.29);
    const wider = nudgeBox(box, 'ArrowRight', true);
    expect(wider?.width).toBeCloseTo(0.41);
    expect(wider?.x).toBeCloseTo(0.2);
    expect(nudgeBox(box, 'ArrowUp', true)?.height).toBeCloseTo(0.09);
    expect(nudgeBox(box, 'Enter', false)).toBeNull();
  });
});
