import { isUpright } from './image-orientation.ts';
import { overlap, type Fill } from '../model/layout-model.ts';
import type { RawImage } from './raw-page.ts';
import { isPaper } from './text-fills.ts';
import { SETTINGS } from '../model/settings.ts';

/** What the page shows of an image: `trimImageMargins`, unless it stands on a fill of colour, where its white shows. */
export function shownPart(image: RawImage, fills: readonly Fill[]): RawImage {
  const { box } = image;
  const isOnColour = fills.some(
    (fill) =>
      !isPaper(fill.color) &&
      overlap(fill.box.x0, fill.box.x1, box.x0, box.x1) > 0 &&
      overlap(fill.box.y0, fill.box.y1, box.y0, box.y1) > 0,
  );
  return isOnColour ? image : trimImageMargins(image);
}

/**
 * The image without its blank margins (rows and columns all white or transparent), its box shrunk to match: what
 * the page shows of it. A figure exported with a wide white border is drawn wider than its column, under the next
 * column's text (pdfTeX papers do this), and would otherwise be laid out across both columns. The same image when
 * nothing is blank, when all of it is, or when it is drawn turned or mirrored (its pixels then run another way).
 */
export function trimImageMargins(image: RawImage): RawImage {
  const { width, height, channels, pixels, box } = image;
  if (!isUpright(image.orientation)) return image;
  const hasAlpha = channels === 2 || channels === 4;
  const colours = hasAlpha ? channels - 1 : channels;
  const isBlank = (row: number, column: number): boolean => {
    const at = (row * width + column) * channels;
    if (hasAlpha && (pixels[at + colours] as number) <= SETTINGS.read.maxBlankAlpha) return true;
    for (let channel = 0; channel < colours; channel += 1)
      if ((pixels[at + channel] as number) < SETTINGS.read.minBlankLevel) return false;
    return true;
  };
  const isBlankRow = (row: number) => {
    for (let column = 0; column < width; column += 1) if (!isBlank(row, column)) return false;
    return true;
  };
  const isBlankColumn = (column: number, top: number, bottom: number) => {
    for (let row = top; row < bottom; row += 1) if (!isBlank(row, column)) return false;
    return true;
  };
  let top = 0;
  while (top < height && isBlankRow(top)) top += 1;
  if (top === height) return image;
  let bottom = height;
  while (isBlankRow(bottom - 1)) bottom -= 1;
  let left = 0;
  while (isBlankColumn(left, top, bottom)) left += 1;
  let right = width;
  while (isBlankColumn(right - 1, top, bottom)) right -= 1;
  if (top === 0 && left === 0 && bottom === height && right === width) return image;

  const trimmedWidth = right - left;
  const trimmed = new Uint8Array(trimmedWidth * (bottom - top) * channels);
  for (let row = top; row < bottom; row += 1) {
    const from = (row * width + left) * channels;
    trimmed.set(pixels.subarray(from, from + trimmedWidth * channels), (row - top) * trimmedWidth * channels);
  }
  const xScale = (box.x1 - box.x0) / width;
  const yScale = (box.y1 - box.y0) / height;
  return {
    ...image,
    pixels: trimmed,
    width: trimmedWidth,
    height: bottom - top,
    box: {
      x0: box.x0 + left * xScale,
      y0: box.y0 + top * yScale,
      x1: box.x0 + right * xScale,
      y1: box.y0 + bottom * yScale,
    },
  };
}
