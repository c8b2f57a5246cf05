import type * as Mupdf from 'mupdf';
import type { Box, Fill } from '../model/layout-model.ts';
import { toHex } from './pdf-colors.ts';
import { SETTINGS } from '../model/settings.ts';

/** Fills of these colours are the paper itself: text on them is not shaded. */
export const isPaper = (color: string): boolean => color === 'FFFFFF';

/**
 * The highlight annotations of a PDF page, one fill per highlighted line (quad), in the annotation's colour; boxes
 * in points from the top left of the page as displayed.
 */
export function readHighlights(page: Mupdf.Page): Fill[] {
  if (!page.isPDF()) return [];
  const [bx0 = 0, by0 = 0] = page.getBounds();
  const highlights: Fill[] = [];
  for (const annotation of (page as Mupdf.PDFPage).getAnnotations()) {
    if (annotation.getType() !== 'Highlight' || !annotation.hasQuadPoints()) continue;
    const components = annotation.getColor();
    if (components.length === 0) continue;
    const color = toHex(components);
    for (const quad of annotation.getQuadPoints()) {
      const xs = [quad[0], quad[2], quad[4], quad[6]];
      const ys = [quad[1], quad[3], quad[5], quad[7]];
      const box = {
        x0: Math.min(...xs) - bx0,
        y0: Math.min(...ys) - by0,
        x1: Math.max(...xs) - bx0,
        y1: Math.max(...ys) - by0,
      };
      if (box.x1 > box.x0 && box.y1 > box.y0) highlights.push({ box, color, isHighlight: true });
    }
  }
  return highlights;
}

/**
 * The page's fills with its highlight annotations: a highlight's appearance, drawn as a filled rectangle over the
 * same area, gives way to the annotation itself.
 */
export function withHighlights(fills: readonly Fill[], highlights: readonly Fill[]): Fill[] {
  if (highlights.length === 0) return [...fills];
  const isAppearance = (fill: Fill) => highlights.some((highlight) => isSameArea(fill.box, highlight.box));
  return [...fills.filter((fill) => !isAppearance(fill)), ...highlights];
}

/**
 * Finds the fill behind each character (`fillBehind`) among the page's fills, sorted once into horizontal bands so
 * that a character is compared only with the fills of its band.
 */
export function fillFinder(fills: readonly Fill[]): (box: Box) => Fill | undefined {
  const bands = new Map<number, Fill[]>();
  for (const fill of fills) {
    if (!fill.isHighlight && isPaper(fill.color)) continue;
    const last = Math.floor(fill.box.y1 / SETTINGS.read.band);
    for (let band = Math.floor(fill.box.y0 / SETTINGS.read.band); band <= last; band += 1) {
      const list = bands.get(band);
      if (list) list.push(fill);
      else bands.set(band, [fill]);
    }
  }
  return (box) => fillBehind(box, bands.get(Math.floor((box.y0 + box.y1) / 2 / SETTINGS.read.band)) ?? []);
}

/**
 * The fill behind a character: the smallest that holds the character's middle and reaches over most of its height;
 * none on paper white. A highlight annotation wins over a fill, as it is drawn over the page.
 */
function fillBehind(box: Box, fills: readonly Fill[]): Fill | undefined {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  const height = box.y1 - box.y0;
  let best: Fill | undefined;
  let bestArea = Number.POSITIVE_INFINITY;
  for (const fill of fills) {
    const { x0, y0, x1, y1 } = fill.box;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    if (Math.min(y1, box.y1) - Math.max(y0, box.y0) < SETTINGS.read.minHeightShare * height) continue;
    if (!fill.isHighlight && isPaper(fill.color)) continue;
    const area = (x1 - x0) * (y1 - y0);
    if (
      (fill.isHighlight && !best?.isHighlight) ||
      (Boolean(fill.isHighlight) === Boolean(best?.isHighlight) && area < bestArea)
    ) {
      best = fill;
      bestArea = area;
    }
  }
  return best;
}

function isSameArea(a: Box, b: Box): boolean {
  return (
    Math.abs(a.x0 - b.x0) <= SETTINGS.read.sameArea &&
    Math.abs(a.y0 - b.y0) <= SETTINGS.read.sameArea &&
    Math.abs(a.x1 - b.x1) <= SETTINGS.read.sameArea &&
    Math.abs(a.y1 - b.y1) <= SETTINGS.read.sameArea
  );
}
