import { describe, expect, it } from 'vitest';
import { greyPage } from '../../test/grey-pages.ts';
import { findRules } from './find-rules.ts';

describe('findRules', () => {
  it('finds horizontal and vertical lines, not letters or filled blocks', () => {
    const image = greyPage(600, 600, [
      // A table's top border, 3 pixels thick, with a one-pixel break a scanner could leave.
      { x0: 50, y0: 100, x1: 300, y1: 103, grey: 20 },
      { x0: 300, y0: 100, x1: 301, y1: 103, grey: 255 },
      { x0: 301, y0: 100, x1: 550, y1: 103, grey: 20 },
      // Its left border.
      { x0: 50, y0: 100, x1: 52, y1: 400, grey: 40 },
      // A letter-sized mark and a filled block (a photo, say).
      { x0: 100, y0: 150, x1: 120, y1: 180, grey: 0 },
      { x0: 200, y0: 200, x1: 500, y1: 350, grey: 90 },
    ]);
    const rules = findRules(image, 300);
    expect(rules).toContainEqual({ x0: 50, y0: 100, x1: 550, y1: 103 });
    expect(rules).toContainEqual({ x0: 50, y0: 100, x1: 52, y1: 400 });
    expect(rules).toHaveLength(2);
  });
});
