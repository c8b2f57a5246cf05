import type * as Mupdf from 'mupdf';

/**
 * An RGB pixmap's samples as tightly packed rows (MuPDF may pad each row to its stride), ready for sharp's raw
 * input.
 */
export function packedRgb(pixmap: Mupdf.Pixmap): { data: Buffer; width: number; height: number } {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const source = pixmap.getPixels();
  const data = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row += 1) {
    data.set(source.subarray(row * stride, row * stride + width * 3), row * width * 3);
  }
  return { data, width, height };
}
