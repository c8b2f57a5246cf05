import { describe, expect, it } from 'vitest';
import { resampleIndices } from './indexed-images.ts';

/** An image of palette indices from rows of digits. */
const image = (...rows: string[]) => Uint8Array.from(rows.join(''), Number);
const rowsOf = (indices: Uint8Array, width: number) =>
  Array.from({ length: indices.length / width }, (_, row) =>
    Array.from(indices.subarray(row * width, (row + 1) * width)).join(''),
  );

describe('resampleIndices', () => {
  it('keeps a line one pixel wide when halving (the background is the most common index)', () => {
    const lined = image('0100', '0100', '0100', '0100');
    expect(rowsOf(resampleIndices(lined, { width: 4, height: 4 }, { width: 2, height: 2 }), 2)).toEqual([
      '10',
      '10',
    ]);
  });

  it('keeps a horizontal line through a reduction to a third', () => {
    const lined = image('000000', '000000', '222222', '000000', '000000', '000000');
    expect(rowsOf(resampleIndices(lined, { width: 6, height: 6 }, { width: 2, height: 2 }), 2)).toEqual([
      '22',
      '00',
    ]);
  });

  it('drops a speck under a quarter of the new pixel', () => {
    const specked = image('000000', '010000', '000000', '000000', '000000', '000000');
    expect(rowsOf(resampleIndices(specked, { width: 6, height: 6 }, { width: 2, height: 2 }), 2)).toEqual([
      '00',
      '00',
    ]);
  });

  it('takes the most common index of each new pixel in an image without paper (no index covers half)', () => {
    const areas = image('3344', '3344', '5545', '5455');
    expect(rowsOf(resampleIndices(areas, { width: 4, height: 4 }, { width: 2, height: 2 }), 2)).toEqual([
      '34',
      '55',
    ]);
  });
});
