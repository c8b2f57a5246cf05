import type { GreyImage } from '../src/ocr/deskew.ts';

/** A grey rectangle painted on a page, in pixels. */
export type Mark = { x0: number; y0: number; x1: number; y1: number; grey: number };

/** A white page of `width` × `height` pixels with grey-level rectangles painted on it, as a page image to read. */
export function greyPage(width: number, height: number, marks: readonly Mark[]): GreyImage {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const mark of marks) {
    for (let y = mark.y0; y < mark.y1; y += 1)
      pixels.fill(mark.grey, y * width + mark.x0, y * width + mark.x1);
  }
  return { width, height, pixels };
}
