import { EMU_PER_POINT, type Placement } from './slide-xml.ts';

/** PowerPoint's bounds of a slide's side: 1 inch to 56 inches, in EMU. */
export const MIN_SLIDE_SIDE = 914_400;
export const MAX_SLIDE_SIDE = 51_206_400;

export type SlideSize = { cx: number; cy: number };

/**
 * A presentation has one slide size: the first page's, in EMU, scaled (whole, keeping its shape) into PowerPoint's
 * bounds when it is smaller than an inch or larger than 56 inches a side.
 */
export function slideSizeOf(page: { width: number; height: number }): SlideSize {
  const cx = Math.max(1, page.width) * EMU_PER_POINT;
  const cy = Math.max(1, page.height) * EMU_PER_POINT;
  let scale = Math.min(1, MAX_SLIDE_SIDE / cx, MAX_SLIDE_SIDE / cy);
  if (Math.min(cx, cy) * scale < MIN_SLIDE_SIDE) scale = MIN_SLIDE_SIDE / Math.min(cx, cy);
  const clamp = (side: number) =>
    Math.min(MAX_SLIDE_SIDE, Math.max(MIN_SLIDE_SIDE, Math.round(side * scale)));
  return { cx: clamp(cx), cy: clamp(cy) };
}

/** Where a page lands on a slide of `size`: as large as fits whole, centred (the first page fills it). */
export function placePage(page: { width: number; height: number }, size: SlideSize): Placement {
  const width = Math.max(1, page.width) * EMU_PER_POINT;
  const height = Math.max(1, page.height) * EMU_PER_POINT;
  const scale = Math.min(size.cx / width, size.cy / height);
  return {
    scale,
    x: Math.round((size.cx - width * scale) / 2),
    y: Math.round((size.cy - height * scale) / 2),
  };
}
