import type { Placement } from './orientation-matrix.ts';

export type PageSizeOption = 'fit' | 'a4' | 'letter';
export type MarginOption = 'none' | 'small';

/** The `small` margin: a quarter inch on every side, in points. */
export const SMALL_MARGIN_PT = 18;
/** The largest page side most PDF readers accept (200 inches, Acrobat's implementation limit). */
export const MAX_PAGE_SIDE_PT = 14_400;
/** The smallest page side PDF allows (ISO 32000-1, annex C: 3 × 3 units); smaller pages are refused or mangled. */
export const MIN_PAGE_SIDE_PT = 3;

/** Portrait sizes in points; A4 is 210 × 297 mm. */
const PAPER_SIZES_PT = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
} as const;

export type PageLayout = { width: number; height: number; placement: Placement };

/**
 * Lays out one image, given its displayed size in points (at its own DPI, orientation applied).
 * `fit`: the page is the image plus the margin, shrunk if a side would pass `MAX_PAGE_SIDE_PT` and grown if one
 * would stay under `MIN_PAGE_SIDE_PT`, keeping the aspect ratio; when the ratio allows neither (a picture
 * thousands of times wider than tall), the short side of the page stays at the minimum with the image centred.
 * A4 and Letter: portrait for upright and square images, landscape for wide ones; the image is scaled up or
 * down to fill the space inside the margins, keeping its aspect ratio, and centred.
 */
export function planPageLayout(
  image: { width: number; height: number },
  pageSize: PageSizeOption,
  margin: MarginOption,
): PageLayout {
  const marginPt = margin === 'small' ? SMALL_MARGIN_PT : 0;
  if (pageSize === 'fit') {
    const maxInner = MAX_PAGE_SIDE_PT - 2 * marginPt;
    const minInner = Math.max(0, MIN_PAGE_SIDE_PT - 2 * marginPt);
    const largest = Math.min(maxInner / image.width, maxInner / image.height);
    const smallest = Math.max(minInner / image.width, minInner / image.height);
    const scale = Math.min(largest, Math.max(1, smallest));
    const width = image.width * scale;
    const height = image.height * scale;
    const pageWidth = Math.max(MIN_PAGE_SIDE_PT, width + 2 * marginPt);
    const pageHeight = Math.max(MIN_PAGE_SIDE_PT, height + 2 * marginPt);
    return {
      width: pageWidth,
      height: pageHeight,
      placement: { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height },
    };
  }
  const paper = PAPER_SIZES_PT[pageSize];
  const isLandscape = image.width > image.height;
  const pageWidth = isLandscape ? paper.height : paper.width;
  const pageHeight = isLandscape ? paper.width : paper.height;
  const scale = Math.min(
    (pageWidth - 2 * marginPt) / image.width,
    (pageHeight - 2 * marginPt) / image.height,
  );
  const width = image.width * scale;
  const height = image.height * scale;
  return {
    width: pageWidth,
    height: pageHeight,
    placement: { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height },
  };
}
