import { describe, expect, it } from 'vitest';
import { greyPage } from '../../test/grey-pages.ts';
import { findPictures } from './find-pictures.ts';

describe('findPictures', () => {
  it('finds a photo-like block, and not text or specks', () => {
    const image = greyPage(900, 900, [
      // A photo: an inch of mid grey.
      { x0: 100, y0: 100, x1: 400, y1: 400, grey: 128 },
      // A line of "text", cleared by its word box.
      { x0: 500, y0: 100, x1: 800, y1: 130, grey: 0 },
      // A speck.
      { x0: 600, y0: 600, x1: 606, y1: 606, grey: 0 },
    ]);
    const pictures = findPictures(image, 300, [{ x0: 500, y0: 100, x1: 800, y1: 130 }]);
    expect(pictures).toHaveLength(1);
    const [picture] = pictures;
    expect(picture?.x0).toBeLessThanOrEqual(100);
    expect(picture?.x1).toBeGreaterThanOrEqual(400);
    expect((picture?.x1 ?? 0) - (picture?.x0 ?? 0)).toBeLessThan(330);
  });
});
