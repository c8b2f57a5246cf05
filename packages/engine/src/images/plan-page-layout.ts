import type { Placement } from './orientation-matrix.ts';

export type PageSizeOption = 'fit' | 'a4' | 'letter';
export type MarginOption = 'none' | 'small';

/** The `small` margin: a quarter inch on every side, in points. */
export const SMALL_MARGIN_PT = 18;
/** The largest page side most PDF readers accept (200 inches, Acrobat's implementation limit). */
export const MAX_PAGE_SIDE_PT = 14_400;

/** Portrait sizes in points; A4 is 210 × 297 mm. */
const PAPER_SIZES_PT = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
} as const;

export type PageLayout = { width: number; height: number; placement: Placement };

/**
 * Lays out one image, given its displayed size in points (at its own DPI, orientation applied).
 * `fit`: the page is the image plus the margin, shrunk only if a side would pass `MAX_PAGE_SIDE_PT`.
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
    const scale = Math.min(
      1,
      (MAX_PAGE_SIDE_PT - 2 * marginPt) / image.width,
      (MAX_PAGE_SIDE_PT - 2 * marginPt) / image.height,
    );
    const width = image.width * scale;
    const height = image.height * scale;
    return {
      width: width + 2 * marginPt,
      height: height + 2 * marginPt,
      placement: { x: marginPt, y: marginPt, width, height },
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
