import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

export type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

/** Where an element is drawn, in CSS pixels of the viewport. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not drawn`);
  return box;
}

export const centerXOf = (box: Box) => box.x + box.width / 2;

/**
 * How a block's lines sit in its box: the largest gap between a line and the left edge, and between a line and
 * the right edge. Left-aligned text has every line touching the left edge (a left gap near 0) and a ragged right
 * side; right-aligned text the reverse.
 */
export async function lineGapsOf(locator: Locator): Promise<{ left: number; right: number }> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const inner = {
      left: box.left + parseFloat(style.paddingLeft),
      right: box.right - parseFloat(style.paddingRight),
    };
    // A line of mixed directions comes as several rectangles (one per run): join those of the same line.
    const lines = new Map<number, { left: number; right: number }>();
    for (const rect of range.getClientRects()) {
      if (rect.width === 0) continue;
      const key = Math.round(rect.top + rect.height / 2);
      const line = [...lines].find(([middle]) => Math.abs(middle - key) < rect.height / 2)?.[1];
      if (line) {
        line.left = Math.min(line.left, rect.left);
        line.right = Math.max(line.right, rect.right);
      } else lines.set(key, { left: rect.left, right: rect.right });
    }
    return {
      left: Math.max(...[...lines.values()].map((line) => line.left - inner.left)),
      right: Math.max(...[...lines.values()].map((line) => inner.right - line.right)),
    };
  });
}

/**
 * The horizontal centre of the ink of an element's screenshot, from 0 (left edge) to 1 (right edge), each pixel
 * weighted by how much darker than white it is. An arrow's head carries more ink than its tail, so a left-pointing
 * arrow has its centre left of 0.5.
 */
export async function inkCenterOf(locator: Locator): Promise<number> {
  const image = PNG.sync.read(await locator.screenshot({ animations: 'disabled' }));
  let ink = 0;
  let moment = 0;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const offset = (y * image.width + x) * 4;
      const luminance =
        0.2126 * (image.data[offset] ?? 255) +
        0.7152 * (image.data[offset + 1] ?? 255) +
        0.0722 * (image.data[offset + 2] ?? 255);
      const weight = 255 - luminance;
      ink += weight;
      moment += weight * (x + 0.5);
    }
  }
  if (ink === 0) throw new Error(`${String(locator)} has no ink`);
  return moment / ink / image.width;
}

/**
 * The left edge of the first and of the last character of an element's text, as drawn. In a left-to-right run the
 * first character is left of the last; in a right-to-left run it is right of it.
 */
export async function endCharactersOf(locator: Locator): Promise<{ first: number; last: number }> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode();
    if (!node?.textContent) throw new Error('no text');
    const at = (index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    return { first: at(0), last: at(node.textContent.length - 1) };
  });
}

/** Whether the first character of an element's text is drawn inside the element (not cut off by truncation). */
export async function isFirstCharacterShown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode();
    if (!node?.textContent) throw new Error('no text');
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const character = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return character.left >= box.left - 0.5 && character.right <= box.right + 0.5;
  });
}
