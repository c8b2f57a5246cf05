import type * as Mupdf from 'mupdf';
import { AppError, MAX_OCR_PAGES } from '@quire/shared';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';

/** A page as OCR planning sees it: how much text it has, how much of it images cover, and its displayed size. */
export type PageSurvey = {
  /** 1-based. */
  pageNumber: number;
  /** Characters of text, drawn or invisible (an earlier OCR layer), other than spaces. */
  characters: number;
  /**
   * Of those, the characters that stand on no image: text of the page's own, beside its pictures. Counted on pages
   * that may be scans (`mayBeScanned`), 0 on the others.
   */
  charactersBesideImages: number;
  /** Share of the page's area under images (bitonal image masks included), 0–1. */
  imageShare: number;
  /** Displayed size in points, /Rotate applied. */
  widthPt: number;
  heightPt: number;
  /** Whether the page has images and every one is bitonal (one bit a pixel, or a stencil mask): a fax-like scan. */
  isBitonal: boolean;
  /** Pixels per inch of the page's largest image as drawn (a scan's resolution); null without images. */
  imagePpi: number | null;
};

/** Fewer characters than this on a page mostly covered by a picture: a scan with a stamp or a page number. */
const MAX_STAMP_CHARACTERS = 20;
/** A scan with a stamp is a page at least this much under images. */
const MIN_SCAN_IMAGE_SHARE = 0.5;
/** A page without any text still needs a real picture to be worth reading, not a logo. */
const MIN_IMAGE_SHARE = 0.05;
/** A scan covers about its whole page: text in its margin may be the scanner's (a page number). */
const MIN_WHOLE_PAGE_SHARE = 0.9;

/**
 * Whether a page's visible text is a picture: it has no text at all but images, or a few characters (a stamp, a
 * page number added by the scanner) on a page that is mostly picture. A page with an earlier OCR layer has text,
 * and so has a page with a few words beside a picture that leaves part of the page free (a title over a photo, the
 * labels of a figure): its picture is a picture, kept as one, and its text is read as text, never by OCR.
 */
export function isScannedPage(page: PageSurvey): boolean {
  if (page.characters === 0) return page.imageShare >= MIN_IMAGE_SHARE;
  if (page.charactersBesideImages > 0 && page.imageShare < MIN_WHOLE_PAGE_SHARE) return false;
  return page.characters < MAX_STAMP_CHARACTERS && page.imageShare >= MIN_SCAN_IMAGE_SHARE;
}

/** Whether a page with this many characters of text could be a scan at all (`isScannedPage`): more, and it is not. */
export function mayBeScanned(characters: number): boolean {
  return characters < MAX_STAMP_CHARACTERS;
}

/**
 * Surveys the pages (`pageNumbers`, every page when not given) through MuPDF's device interface: text is counted
 * glyph by glyph (drawn, clipped or invisible) and images by the area they are drawn over, without decoding a
 * single image.
 */
export function surveyPages(
  mupdf: MupdfModule,
  document: Mupdf.Document,
  pageNumbers: readonly number[] = Array.from(
    { length: document.countPages() },
    (_unused, index) => index + 1,
  ),
): PageSurvey[] {
  const surveys: PageSurvey[] = [];
  for (const pageNumber of pageNumbers) {
    const index = pageNumber - 1;
    const page = document.loadPage(index);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      const widthPt = x1 - x0;
      const heightPt = y1 - y0;
      const glyphs: [number, number][] = [];
      const imageBoxes: Box[] = [];
      let hasToneImage = false;
      let largest = { area: 0, ppi: null as number | null };
      const countText = (text: Mupdf.Text) =>
        text.walk({
          showGlyph(_font, trm, _glyph, unicode) {
            // Where the glyph stands: its origin, a little above it (inside the glyph, not on its baseline).
            const [, , c = 0, d = 0, e = 0, f = 0] = trm;
            if (unicode > 0x20 && !/\s/u.test(String.fromCodePoint(unicode)))
              glyphs.push([e + c / 3, f + d / 3]);
          },
        });
      const addImage = (image: Mupdf.Image, ctm: Mupdf.Matrix) => {
        const box = clip(unitSquareBox(ctm), [x0, y0, x1, y1]);
        imageBoxes.push(box);
        const area = Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
        // The image's own x axis, in points on the page, holds its width in pixels.
        const widthPt = Math.hypot(ctm[0], ctm[1]);
        if (area > largest.area && widthPt > 0) largest = { area, ppi: (image.getWidth() * 72) / widthPt };
      };
      const device = new mupdf.Device({
        fillText: (text) => countText(text),
        strokeText: (text) => countText(text),
        clipText: (text) => countText(text),
        clipStrokeText: (text) => countText(text),
        ignoreText: (text) => countText(text),
        fillImage: (image, ctm) => {
          if (image.getBitsPerComponent() > 1) hasToneImage = true;
          addImage(image, ctm);
        },
        fillImageMask: (image, ctm) => addImage(image, ctm),
        clipImageMask: (image, ctm) => addImage(image, ctm),
      });
      try {
        page.run(device, mupdf.Matrix.identity);
        device.close();
      } finally {
        device.destroy();
      }
      const area = widthPt * heightPt;
      const isOnImage = ([x, y]: [number, number]) =>
        imageBoxes.some(([bx0, by0, bx1, by1]) => x >= bx0 && x <= bx1 && y >= by0 && y <= by1);
      surveys.push({
        pageNumber: index + 1,
        characters: glyphs.length,
        charactersBesideImages: mayBeScanned(glyphs.length)
          ? glyphs.filter((glyph) => !isOnImage(glyph)).length
          : 0,
        imageShare: area > 0 ? Math.min(1, coveredArea(imageBoxes) / area) : 0,
        widthPt,
        heightPt,
        isBitonal: imageBoxes.length > 0 && !hasToneImage,
        imagePpi: largest.ppi,
      });
    } finally {
      page.destroy();
    }
  }
  return surveys;
}

type Box = [number, number, number, number];

/** Above this many images on a page, their areas are added up rather than their union measured. */
const MAX_SWEPT_BOXES = 200;

/** Where an image lands: the unit square through its matrix. */
function unitSquareBox([a, b, c, d, e, f]: Mupdf.Matrix): Box {
  const xs = [e, a + e, c + e, a + c + e];
  const ys = [f, b + f, d + f, b + d + f];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function clip([x0, y0, x1, y1]: Box, [cx0, cy0, cx1, cy1]: Box): Box {
  return [Math.max(x0, cx0), Math.max(y0, cy0), Math.min(x1, cx1), Math.min(y1, cy1)];
}

/**
 * The area the boxes cover together, overlaps counted once (a scan split in strips, a picture over a background
 * image): a sweep over the distinct x edges.
 */
function coveredArea(boxes: readonly Box[]): number {
  const real = boxes.filter(([x0, y0, x1, y1]) => x1 > x0 && y1 > y0);
  // A page of thousands of tiles: their sum is near enough, and the sweep would cost seconds.
  if (real.length > MAX_SWEPT_BOXES)
    return real.reduce((sum, [x0, y0, x1, y1]) => sum + (x1 - x0) * (y1 - y0), 0);
  const xs = [...new Set(real.flatMap(([x0, , x1]) => [x0, x1]))].sort((p, q) => p - q);
  let total = 0;
  for (let index = 0; index + 1 < xs.length; index += 1) {
    const left = xs[index] as number;
    const right = xs[index + 1] as number;
    const spans = real
      .filter(([x0, , x1]) => x0 <= left && x1 >= right)
      .map(([, y0, , y1]) => [y0, y1] as const)
      .sort((p, q) => p[0] - q[0]);
    let covered = 0;
    let reach = -Infinity;
    for (const [y0, y1] of spans) {
      if (y1 <= reach) continue;
      covered += y1 - Math.max(y0, reach);
      reach = y1;
    }
    total += covered * (right - left);
  }
  return total;
}

/**
 * Refuses a file with more scanned pages than a job reads (`MAX_OCR_PAGES`), naming the file, the count and the
 * tool (`toolTitle`: "PDF to Word").
 */
export function refuseTooManyScans(scannedPages: number, fileName: string, toolTitle: string): void {
  if (scannedPages <= MAX_OCR_PAGES) return;
  throw new AppError(
    'DOCUMENT_TOO_COMPLEX',
    `"${fileName}" has ${scannedPages} scanned pages; ${toolTitle} reads the text of up to ${MAX_OCR_PAGES}.`,
    { fileIndex: 0, fileName, maxPages: MAX_OCR_PAGES },
  );
}
