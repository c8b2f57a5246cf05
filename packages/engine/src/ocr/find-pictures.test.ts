import { describe, expect, it } from 'vitest';
import type { GreyImage } from './deskew.ts';
import { findPictures } from './find-pictures.ts';

/** A white page of `width` × `height` pixels with grey-level rectangles painted on it. */
function page(
  width: number,
  height: number,
  marks: { x0: number; y0: number; x1: number; y1: number; grey: number }[],
): GreyImage {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const mark of marks) {
    for (let y = mark.y0; y < mark.y1; y += 1)
      pixels.fill(mark.grey, y * width + mark.x0, y * width + mark.x1);
  }
  return { width, height, pixels };
}

describe('findPictures', () => {
  it('finds a photo-like block, and not text or specks', () => {
    const image = page(900, 900, [
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
