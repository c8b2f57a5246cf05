/**
 * A pixel level (0–255) at or above this, in every colour channel, is paper: light scanner tint and JPEG ripples
 * are not content.
 */
export const PAPER_LEVEL = 224;

/** The pixel rows and columns, inclusive, that hold ink on a drawn page. */
export type InkBounds = { top: number; right: number; bottom: number; left: number };

/** A drawn page: `channels` bytes a pixel (grey, RGB or RGBA; alpha is not read), rows `stride` bytes apart. */
export type DrawnPixels = {
  readonly pixels: ArrayLike<number>;
  readonly width: number;
  readonly height: number;
  readonly stride: number;
  readonly channels: number;
};

/**
 * Where the ink of a drawn page lies (Crop PDF's `auto`, on the server and in the page view); null for a blank
 * page. A pixel is ink when one of its colour channels is darker than paper and a neighbouring pixel is ink-dark
 * too, so a lone speck of scanner dust does not hold a margin while a hairline does.
 */
export function findInk(drawn: DrawnPixels): InkBounds | null {
  const { pixels, width, height, stride, channels } = drawn;
  const colours = Math.min(channels, 3);
  const isDark = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const at = y * stride + x * channels;
    for (let channel = 0; channel < colours; channel += 1)
      if ((pixels[at + channel] ?? 255) < PAPER_LEVEL) return true;
    return false;
  };
  const hasDarkNeighbour = (x: number, y: number): boolean => {
    for (let dy = -1; dy <= 1; dy += 1)
      for (let dx = -1; dx <= 1; dx += 1) if ((dx !== 0 || dy !== 0) && isDark(x + dx, y + dy)) return true;
    return false;
  };
  let bounds: InkBounds | null = null;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!isDark(x, y) || !hasDarkNeighbour(x, y)) continue;
      if (bounds === null) bounds = { top: y, right: x, bottom: y, left: x };
      else {
        bounds.right = Math.max(bounds.right, x);
        bounds.left = Math.min(bounds.left, x);
        bounds.bottom = y;
      }
    }
  }
  return bounds;
}
