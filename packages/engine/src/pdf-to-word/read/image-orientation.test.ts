import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageOrientation, type ImageOrientation } from './image-orientation.ts';

/** A 2×3 image (2 columns, 3 rows) whose pixels are numbered 1–6 row by row, turned as `orientation` says. */
async function turned(orientation: ImageOrientation): Promise<number[][]> {
  const pixels = Buffer.from([1, 2, 3, 4, 5, 6]);
  const { data, info } = await sharp(pixels, { raw: { width: 2, height: 3, channels: 1 } })
    .flip(orientation.flip)
    .flop(orientation.flop)
    .rotate(orientation.turn)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // One channel of each pixel: sharp may hand grey back as RGB.
  const values = [...data].filter((_, index) => index % info.channels === 0);
  return Array.from({ length: info.height }, (_, row) =>
    values.slice(row * info.width, (row + 1) * info.width),
  );
}

// Each case: the matrix that draws the image, and the numbers as the page shows them, row by row.
describe('imageOrientation', () => {
  it.each([
    [
      'upright',
      [2, 0, 0, 3],
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    ],
    [
      'upside down',
      [-2, 0, 0, -3],
      [
        [6, 5],
        [4, 3],
        [2, 1],
      ],
    ],
    [
      'mirrored',
      [-2, 0, 0, 3],
      [
        [2, 1],
        [4, 3],
        [6, 5],
      ],
    ],
    // Columns down the page, rows to the left: a quarter turn clockwise.
    [
      'turned clockwise',
      [0, 2, -3, 0],
      [
        [5, 3, 1],
        [6, 4, 2],
      ],
    ],
    // Columns up the page, rows to the right: a quarter turn anticlockwise (a page with /Rotate 270).
    [
      'turned anticlockwise',
      [0, -2, 3, 0],
      [
        [2, 4, 6],
        [1, 3, 5],
      ],
    ],
    // Columns down, rows to the right: the image transposed.
    [
      'transposed',
      [0, 2, 3, 0],
      [
        [1, 3, 5],
        [2, 4, 6],
      ],
    ],
  ] as const)('%s', async (_name, matrix, expected) => {
    expect(await turned(imageOrientation(matrix))).toEqual(expected);
  });
});
