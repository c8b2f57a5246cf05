import { AppError } from '@quire/shared';

/**
 * Most pixels one rendered page may have. 40 megapixels is 120 MB of RGB raster in the renderer: an A2 poster at
 * 300 DPI fits, an A1 one is rendered at a lower resolution. Larger pages would let one small upload ask for
 * gigabytes (a 200-inch MediaBox at 300 DPI is 3.6 gigapixels).
 */
export const MAX_PAGE_PIXELS = 40_000_000;
/**
 * Longest side of one page image. JPEG (libjpeg) stops at 65,500 pixels a side, and pdftoppm then fails the whole
 * batch; a margin covers pdftoppm rounding the size on its own. A long strip (200 × 200,000 pt) can be under the
 * pixel budget and still pass it.
 */
export const MAX_PAGE_SIDE_PX = 65_000;
/** Below one dot per inch the image says nothing; a page that needs less to fit the budget is refused. */
export const MIN_RENDER_DPI = 1;
/** PDF user space has 72 units (points) to the inch. */
const POINTS_PER_INCH = 72;

/** A page as the renderer sees it: its crop box in points and its /Rotate in degrees. */
export type PageSize = { widthPt: number; heightPt: number; rotateDegrees: number };

export type PageRender = {
  /** 1-based, as in the PDF. */
  pageNumber: number;
  /** The requested resolution, or the largest whole one that keeps the page within the pixel and side limits. */
  dpi: number;
  /** Pixel size of the image, rotation applied. */
  widthPx: number;
  heightPx: number;
};

/**
 * Decides the resolution and pixel size of every page before anything is rendered, so no page can ask the
 * renderer for more than `MAX_PAGE_PIXELS`, or for a side longer than `MAX_PAGE_SIDE_PX`. A page over either is
 * drawn at the largest whole resolution that fits, as a visitor who asked for images of every page expects (the
 * caller reports it). Pixel sizes round up, as pdftoppm does (`ceil(points × dpi / 72)`). Throws
 * `DOCUMENT_TOO_COMPLEX`, naming the page and the file, for a page that passes a limit even at `MIN_RENDER_DPI`.
 */
export function planPageRenders(
  pages: readonly PageSize[],
  requestedDpi: number,
  file?: { name: string; index: number },
): PageRender[] {
  return pages.map((page, index) => {
    const pageNumber = index + 1;
    let dpi = requestedDpi;
    if (!fits(page, dpi)) {
      const areaSquareInches = (page.widthPt / POINTS_PER_INCH) * (page.heightPt / POINTS_PER_INCH);
      const longestSideInches = Math.max(page.widthPt, page.heightPt) / POINTS_PER_INCH;
      dpi = Math.min(
        requestedDpi,
        Math.floor(Math.sqrt(MAX_PAGE_PIXELS / areaSquareInches)),
        Math.floor(MAX_PAGE_SIDE_PX / longestSideInches),
      );
      // Rounding each side up can still overshoot by a row or column: step down until it fits.
      while (dpi >= MIN_RENDER_DPI && !fits(page, dpi)) dpi -= 1;
    }
    if (dpi < MIN_RENDER_DPI) {
      const of = file ? ` of "${file.name}"` : '';
      const size = `${formatPoints(page.widthPt)} × ${formatPoints(page.heightPt)} pt`;
      throw new AppError(
        'DOCUMENT_TOO_COMPLEX',
        `Page ${pageNumber}${of} (${size}) is too large to draw as an image, even at ${MIN_RENDER_DPI} DPI.`,
        {
          ...(file ? { fileIndex: file.index, fileName: file.name } : {}),
          pageNumber,
          maxPagePixels: MAX_PAGE_PIXELS,
          maxPageSidePx: MAX_PAGE_SIDE_PX,
        },
      );
    }
    const [widthPx, heightPx] = measurePixels(page, dpi);
    return { pageNumber, dpi, widthPx, heightPx };
  });
}

function fits(page: PageSize, dpi: number): boolean {
  const [width, height] = measurePixels(page, dpi);
  return width * height <= MAX_PAGE_PIXELS && Math.max(width, height) <= MAX_PAGE_SIDE_PX;
}

function measurePixels(page: PageSize, dpi: number): [number, number] {
  const scale = dpi / POINTS_PER_INCH;
  const width = Math.max(1, Math.ceil(page.widthPt * scale));
  const height = Math.max(1, Math.ceil(page.heightPt * scale));
  const isQuarterTurn = Math.abs(page.rotateDegrees) % 180 === 90;
  return isQuarterTurn ? [height, width] : [width, height];
}

function formatPoints(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
