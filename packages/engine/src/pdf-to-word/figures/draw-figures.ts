import type * as Mupdf from 'mupdf';
import sharp from 'sharp';
import { packedPixels } from '../../mupdf/packed-pixels.ts';
import { isInside } from './find-figures.ts';
import type { Box, PageImage, PageLayout } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Leaves out of each page's figures those found in the same place on `SETTINGS.figures.minRepeats` pages or more: a letterhead's
 * logo or a page frame drawn on every page, which stays out of the document's flow as before.
 */
export function withoutDecorations(figuresByPage: readonly (readonly Box[])[]): Box[][] {
  const counts = new Map<string, number>();
  for (const box of figuresByPage.flat()) counts.set(placeKey(box), (counts.get(placeKey(box)) ?? 0) + 1);
  return figuresByPage.map((boxes) =>
    boxes.filter((box) => (counts.get(placeKey(box)) ?? 0) < SETTINGS.figures.minRepeats),
  );
}

/**
 * Draws each figure (`boxes`, points from the top left of the displayed page) from the page, with its annotations
 * and form fields, as a palette PNG: line art and text keep sharp edges in few colours, in a small file.
 */
export async function drawFigures(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  boxes: readonly Box[],
): Promise<PageImage[]> {
  if (boxes.length === 0) return [];
  const [bx0 = 0, by0 = 0] = page.getBounds();
  const displayList = page.toDisplayList(true);
  const images: PageImage[] = [];
  const points = boxes.reduce((sum, box) => sum + (box.x1 - box.x0) * (box.y1 - box.y0), 0);
  const scale = Math.min(
    SETTINGS.figures.figureDpi / 72,
    Math.sqrt(SETTINGS.figures.maxPagePixels / Math.max(points, 1)),
  );
  try {
    for (const box of boxes) {
      const bbox: [number, number, number, number] = [
        Math.floor((box.x0 + bx0) * scale),
        Math.floor((box.y0 + by0) * scale),
        Math.ceil((box.x1 + bx0) * scale),
        Math.ceil((box.y1 + by0) * scale),
      ];
      const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, bbox, false);
      try {
        pixmap.clear(255);
        const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
        try {
          displayList.run(device, mupdf.Matrix.scale(scale, scale));
          device.close();
        } finally {
          device.destroy();
        }
        const { data: pixels, width, height } = packedPixels(pixmap);
        const data = await sharp(pixels, { raw: { width, height, channels: 3 } })
          .png({ palette: true, effort: 1, compressionLevel: 6 })
          .toBuffer();
        images.push({ box, data: new Uint8Array(data), type: 'png' });
      } finally {
        pixmap.destroy();
      }
    }
  } finally {
    displayList.destroy();
  }
  return images;
}

/**
 * The page with its figures as pictures: the text, rules, fills and images inside a figure are part of its
 * picture and leave the page's flow; the figure's words become the picture's description (its alternative text,
 * read by screen readers).
 */
export function withFigures(layout: PageLayout, figures: readonly PageImage[]): PageLayout {
  if (figures.length === 0) return layout;
  const isOutside = (box: Box) => !figures.some((figure) => isInside(box, figure.box));
  const described = figures.map((figure) => {
    const words = layout.lines
      .filter((line) => isInside(line.box, figure.box))
      .sort((a, b) => a.baseline - b.baseline || a.box.x0 - b.box.x0)
      .map((line) => line.text.trim())
      .filter(Boolean)
      .join(' ');
    return words ? { ...figure, description: words } : figure;
  });
  return {
    ...layout,
    lines: layout.lines.filter((line) => isOutside(line.box)),
    rules: layout.rules.filter((rule) => isOutside(rule.box)),
    fills: layout.fills.filter((fill) => isOutside(fill.box)),
    images: [...layout.images.filter((image) => isOutside(image.box)), ...described],
  };
}

/** The same for boxes in the same place, give or take a few points. */
function placeKey(box: Box): string {
  return [box.x0, box.y0, box.x1, box.y1]
    .map((value) => Math.round(value / SETTINGS.figures.samePlace))
    .join(' ');
}
