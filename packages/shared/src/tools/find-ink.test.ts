import { describe, expect, it } from 'vitest';
import { findInk, PAPER_LEVEL } from './find-ink.ts';

/** A white picture of `width` × `height` pixels, `channels` bytes each, with the pixels listed painted `level`. */
function picture(width: number, height: number, channels: number, dark: [number, number][], level = 0) {
  const pixels = new Uint8Array(width * height * channels).fill(255);
  const at = (x: number, y: number) => (y * width + x) * channels;
  for (const [x, y] of dark) pixels.fill(level, at(x, y), at(x, y) + Math.min(channels, 3));
  return { pixels, width, height, stride: width * channels, channels };
}

describe('findInk', () => {
  it('finds nothing on a blank page, nor on paper tinted lighter than the paper level', () => {
    expect(findInk(picture(20, 30, 1, []))).toBeNull();
    const tinted = picture(20, 30, 1, []);
    tinted.pixels.fill(PAPER_LEVEL);
    expect(findInk(tinted)).toBeNull();
  });

  it('ignores a lone speck but keeps a hairline and a block', () => {
    const hairline: [number, number][] = [3, 4, 5, 6, 7].map((y) => [2, y]);
    const block: [number, number][] = [
      [10, 20],
      [11, 20],
      [10, 21],
      [11, 21],
    ];
    const found = findInk(picture(20, 30, 1, [[18, 1], ...hairline, ...block]));
    expect(found).toEqual({ top: 3, right: 11, bottom: 21, left: 2 });
  });

  it('reads colour: a pure red pixel is ink, whatever its red channel', () => {
    const red = picture(8, 8, 4, []);
    for (const [x, y] of [
      [4, 4],
      [5, 4],
    ] as const) {
      red.pixels.set([255, 0, 0, 255], (y * 8 + x) * 4);
    }
    expect(findInk(red)).toEqual({ top: 4, right: 5, bottom: 4, left: 4 });
  });
});
