import type * as Mupdf from 'mupdf';

/**
 * A pixmap's samples (grey: one byte a pixel, RGB: three) as tightly packed rows (MuPDF may pad each row to its
 * stride), ready for sharp's raw input or a PGM file.
 */
export function packedPixels(pixmap: Mupdf.Pixmap): {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
} {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const channels = pixmap.getNumberOfComponents() + (pixmap.getAlpha() ? 1 : 0);
  const stride = pixmap.getStride();
  const source = pixmap.getPixels();
  const rowBytes = width * channels;
  const data = Buffer.alloc(rowBytes * height);
  for (let row = 0; row < height; row += 1) {
    data.set(source.subarray(row * stride, row * stride + rowBytes), row * rowBytes);
  }
  return { data, width, height, channels };
}
