import { describe, expect, it } from 'vitest';
import type { GreyImage } from './deskew.ts';
import { sampleLines, turnGreyImage } from './sample-lines.ts';

/**
 * A white page at 100 DPI with lines of text (`[top, height]` in pixels) drawn as ink on two pixels of every five
 * across 600 pixels, as letters leave gaps between their strokes.
 */
function page(lines: [number, number][], withRules = false, isBlurred = false): GreyImage {
  const width = 850;
  const height = 1100;
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [top, size] of lines) {
    for (let y = top; y < top + size; y += 1) {
      for (let x = 100; x < 700; x += 5) pixels.fill(0, y * width + x, y * width + x + 2);
    }
  }
  // A table's vertical rules cross every row of it; blurred by a scanner and its JPEG, dark and grey by turns.
  if (withRules) {
    for (let y = 0; y < height; y += 1)
      for (const x of [90, 91, 400, 401, 710, 711])
        pixels[y * width + x] = isBlurred && y % 2 === 1 ? 160 : 0;
  }
  return { width, height, pixels };
}

describe('sampleLines', () => {
  it('takes the band of at most 1.2 inches that holds the most lines of text', () => {
    // A heading, two lines apart, then a paragraph of six lines 20 pixels apart (0.2 inch).
    const lines: [number, number][] = [
      [50, 30],
      [200, 12],
      [400, 12],
      ...[0, 1, 2, 3, 4, 5].map((n): [number, number] => [600 + 20 * n, 12]),
    ];
    const sample = sampleLines(page(lines), 100);
    expect(sample?.width).toBe(850);
    // From the paragraph's first line (600) to its last (712), with 8 pixels kept around.
    expect(sample?.height).toBe(712 - 600 + 16);
  });

  it('finds the lines of a table whose rules cross every row, and none on a blank page', () => {
    const lines: [number, number][] = [0, 1, 2, 3].map((n) => [300 + 25 * n, 12]);
    expect(sampleLines(page(lines, true), 100)?.height).toBe(87 + 16);
    expect(sampleLines(page(lines, true, true), 100)?.height).toBe(87 + 16);
    expect(sampleLines(page([]), 100)).toBeNull();
  });

  it('takes a struck-out line for one line, not two', () => {
    // Two plain lines, then two lines struck through their middle: the first band holds as many lines.
    const image = page([
      [200, 12],
      [220, 12],
      [500, 12],
      [520, 12],
    ]);
    for (const y of [506, 526]) image.pixels.fill(0, y * 850 + 100, y * 850 + 700);
    // A speck beside the first line tells which band the sample is.
    image.pixels[205 * 850 + 800] = 0;
    const sample = sampleLines(image, 100);
    expect(sample?.height).toBe(32 + 16);
    expect(sample?.pixels[(205 - 192) * 850 + 800]).toBe(0);
  });

  it("keeps the strokes of a heading's large letters, which are no rules", () => {
    // Two lines of 0.35-inch letters: stems 35 pixels tall, and bars 30 pixels wide across their middle.
    const image = page([]);
    for (const top of [300, 360]) {
      for (let x = 100; x < 700; x += 40) {
        for (let y = top; y < top + 35; y += 1) image.pixels.fill(0, y * 850 + x, y * 850 + x + 6);
        image.pixels.fill(0, (top + 17) * 850 + x, (top + 17) * 850 + x + 30);
      }
    }
    const sample = sampleLines(image, 100);
    expect(sample?.height).toBe(95 + 16);
    const ink = (pixels: Uint8Array) => pixels.filter((value) => value < 128).length;
    expect(ink(sample?.pixels ?? new Uint8Array())).toBe(ink(image.pixels));
  });

  it('turns a page a quarter clockwise', async () => {
    const image = { width: 2, height: 1, pixels: new Uint8Array([0, 255]) };
    const turned = await turnGreyImage(image, 90);
    expect([turned.width, turned.height, ...turned.pixels]).toEqual([1, 2, 0, 255]);
  });
});
