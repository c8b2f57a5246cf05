import { AUTO_MARGINS, OPTION_KINDS, TOOLS } from '@quire/shared';
import type { PageFacts, PageFrame } from '../../../components/page-view/renderer-messages.ts';

const { margins: MARGINS } = TOOLS.crop.options;

/** The white `auto` leaves around the ink it finds, in points: as the server's crop does. */
const AUTO_PADDING_POINTS = 6;

/**
 * What Crop PDF keeps of a page as the page view shows it, as fractions from each side: the margins typed, in
 * points of the page's size; or with `auto`, the ink found on the drawn page with the server's padding around it.
 * Null where nothing would change (a blank page with `auto`) or the field does not read (the server would refuse),
 * or the margins leave nothing (the server names the page).
 */
export function cropFrameOf(margins: string | undefined, facts: PageFacts): PageFrame | null {
  let read;
  try {
    read = OPTION_KINDS.margins.read('margins', margins, MARGINS);
  } catch {
    return null;
  }
  const { widthPt, heightPt } = facts;
  if (widthPt <= 0 || heightPt <= 0) return null;
  const frame =
    read === AUTO_MARGINS
      ? facts.margins && {
          top: facts.margins.top - AUTO_PADDING_POINTS / heightPt,
          right: facts.margins.right - AUTO_PADDING_POINTS / widthPt,
          bottom: facts.margins.bottom - AUTO_PADDING_POINTS / heightPt,
          left: facts.margins.left - AUTO_PADDING_POINTS / widthPt,
        }
      : {
          top: read.top / heightPt,
          right: read.right / widthPt,
          bottom: read.bottom / heightPt,
          left: read.left / widthPt,
        };
  if (!frame) return null;
  const clamped = {
    top: Math.max(0, frame.top),
    right: Math.max(0, frame.right),
    bottom: Math.max(0, frame.bottom),
    left: Math.max(0, frame.left),
  };
  return clamped.top + clamped.bottom < 1 && clamped.left + clamped.right < 1 ? clamped : null;
}

/** A page's size as seen, in points. */
export type PageSizePt = { readonly widthPt: number; readonly heightPt: number };

/** Margins are sent to a tenth of a point: far finer than a drag, and the field stays readable. */
const POINT_STEP = 10;

/** The part of a page that margins in points keep, as a box in fractions of the page seen upright; null if none. */
export function keptBoxOf(
  margins: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number },
  { widthPt, heightPt }: PageSizePt,
): { x: number; y: number; width: number; height: number } | null {
  if (widthPt <= 0 || heightPt <= 0) return null;
  const x = margins.left / widthPt;
  const y = margins.top / heightPt;
  const width = 1 - (margins.left + margins.right) / widthPt;
  const height = 1 - (margins.top + margins.bottom) / heightPt;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** The margins in points that keep a box of the page (fractions as seen), each side at least 0, to 0.1 point. */
export function marginsOfKeptBox(
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  { widthPt, heightPt }: PageSizePt,
): { top: number; right: number; bottom: number; left: number } {
  const points = (fraction: number, side: number) =>
    Math.max(0, Math.round(fraction * side * POINT_STEP) / POINT_STEP);
  return {
    top: points(box.y, heightPt),
    right: points(1 - box.x - box.width, widthPt),
    bottom: points(1 - box.y - box.height, heightPt),
    left: points(box.x, widthPt),
  };
}
