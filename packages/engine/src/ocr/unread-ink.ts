import type { GreyImage } from './deskew.ts';
import type { PixelBox } from './read-hocr.ts';

/** Darker than this (of 255) is ink. */
const INK_LEVEL = 128;
/** Ink this close to a word (inches) is the word's: strokes past its box, accents, underlines. */
const WORD_MARGIN_INCHES = 1 / 75;

/**
 * The share of a page's ink outside its pictures that no word read covers, 0–1 (0 on a page without ink): near 0
 * when Tesseract read every line, high when its page segmentation left lines of text out as if they were not text
 * (seen on short letters in Korean: three lines of five dropped).
 */
export function unreadInkShare(
  image: GreyImage,
  dpi: number,
  words: readonly PixelBox[],
  pictures: readonly PixelBox[],
): number {
  const { width, height, pixels } = image;
  // 0: not covered; 1: under a word; 2: in a picture (not counted at all).
  const covered = new Uint8Array(width * height);
  const mark = (box: PixelBox, value: number, margin: number) => {
    const x0 = Math.max(0, Math.floor(box.x0 - margin));
    const x1 = Math.min(width, Math.ceil(box.x1 + margin));
    if (x1 <= x0) return;
    for (let y = Math.max(0, Math.floor(box.y0 - margin)); y < Math.min(height, box.y1 + margin); y += 1)
      covered.fill(value, y * width + x0, y * width + x1);
  };
  const margin = WORD_MARGIN_INCHES * dpi;
  for (const box of words) mark(box, 1, margin);
  for (const box of pictures) mark(box, 2, 0);
  let ink = 0;
  let unread = 0;
  for (let index = 0; index < width * height; index += 1) {
    if ((pixels[index] ?? 255) >= INK_LEVEL || covered[index] === 2) continue;
    ink += 1;
    if (covered[index] === 0) unread += 1;
  }
  return ink === 0 ? 0 : unread / ink;
}
