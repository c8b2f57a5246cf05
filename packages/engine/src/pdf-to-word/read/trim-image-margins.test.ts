import { describe, expect, it } from 'vitest';
import { UPRIGHT } from './image-orientation.ts';
import type { RawImage } from './raw-page.ts';
import { shownPart, trimImageMargins } from './trim-image-margins.ts';

/** A 10 × 6 image over a 100 × 60 pt box, `margin` everywhere but the ink at columns 2–4 and rows 1–3. */
function image(channels: RawImage['channels'], margin: number[], ink: number[]): RawImage {
  const pixels = new Uint8Array(10 * 6 * channels);
  for (let row = 0; row < 6; row += 1)
    for (let column = 0; column < 10; column += 1) {
      const isInk = column >= 2 && column <= 4 && row >= 1 && row <= 3;
      pixels.set(isInk ? ink : margin, (row * 10 + column) * channels);
    }
  return {
    box: { x0: 0, y0: 0, x1: 100, y1: 60 },
    pixels,
    width: 10,
    height: 6,
    channels,
    orientation: UPRIGHT,
  };
}

describe('trimImageMargins', () => {
  it('cuts white margins, JPEG-near white included, and shrinks the box to the ink', () => {
    const trimmed = trimImageMargins(image(3, [250, 255, 247], [200, 30, 30]));
    expect([trimmed.width, trimmed.height]).toEqual([3, 3]);
    expect(trimmed.box).toEqual({ x0: 20, y0: 10, x1: 50, y1: 40 });
    expect([...trimmed.pixels]).toEqual(Array.from({ length: 9 }, () => [200, 30, 30]).flat());
  });

  it('cuts transparent margins whatever their colour, and keeps the alpha channel', () => {
    const trimmed = trimImageMargins(image(4, [0, 0, 0, 0], [0, 0, 0, 255]));
    expect([trimmed.width, trimmed.height, trimmed.channels]).toEqual([3, 3, 4]);
    expect(trimmed.box).toEqual({ x0: 20, y0: 10, x1: 50, y1: 40 });
  });

  it('leaves an image with ink to its edges, a blank one and a mirrored one as they are', () => {
    const grey = image(1, [120], [0]);
    expect(trimImageMargins(grey)).toBe(grey);
    const blank = image(1, [255], [255]);
    expect(trimImageMargins(blank)).toBe(blank);
    const mirrored = { ...image(1, [255], [0]), orientation: { ...UPRIGHT, flop: true } };
    expect(trimImageMargins(mirrored)).toBe(mirrored);
  });

  it('cuts nothing from an image standing on a colour, where its white margin shows; paper does not count', () => {
    const logo = image(3, [255, 255, 255], [0, 0, 0]);
    const banner = { box: { x0: 0, y0: 0, x1: 600, y1: 80 }, color: '1F4E79' };
    expect(shownPart(logo, [banner])).toBe(logo);
    expect(shownPart(logo, [{ ...banner, color: 'FFFFFF' }]).width).toBe(3);
    expect(shownPart(logo, [{ ...banner, box: { x0: 0, y0: 100, x1: 600, y1: 180 } }]).width).toBe(3);
  });
});
