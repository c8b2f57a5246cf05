import type * as Mupdf from 'mupdf';
import type { EmbeddedImage } from '../images/embedded-image.ts';
import { computeOrientationMatrix, isQuarterTurn } from '../images/orientation-matrix.ts';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { drawStamps, type Stamp, type StampPlacement } from './draw-stamps.ts';
import { formatNumber } from './stamp-glyphs.ts';

/**
 * How much of a page a picture stamp may cover, in each direction: one stamp fits in half the page's width and half
 * its height, a tiled one in a quarter (its copies then cover the page with room between them). Pictures are fitted
 * to the page rather than drawn at their resolution, which uploads rarely state truly.
 */
const PAGE_FRACTION = { single: 0.5, tiled: 0.25 } as const;

/**
 * Draws a picture (embedded by `embedJpeg` or `embedPng`: a JPG's bytes kept, a PNG's transparency too) on pages of a
 * PDF (`pageIndexes`, 0-based), placed as text stamps are (`drawStamps`): upright as each page is seen and as its EXIF
 * `orientation` says, fitted within a part of the page, its proportions kept. It is drawn through one form XObject.
 * Call `repairBeforeEditing` before embedding it.
 */
export function stampImage(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  image: EmbeddedImage,
  orientation: number,
  pageIndexes: readonly number[],
  placement: StampPlacement,
): void {
  if (pageIndexes.length === 0) return;
  const stamp = imageStamp(pdf, image, orientation);
  const fraction = placement.anchor === 'tiled' ? PAGE_FRACTION.tiled : PAGE_FRACTION.single;
  drawStamps(mupdf, pdf, new Map(pageIndexes.map((index) => [index, stamp])), placement, (page, { box }) =>
    Math.min((page.width * fraction) / (box[2] - box[0]), (page.height * fraction) / (box[3] - box[1])),
  );
}

/** A picture as a stamp: a form XObject, one unit a pixel, that draws it as it is meant to be seen. */
export function imageStamp(pdf: Mupdf.PDFDocument, image: EmbeddedImage, orientation: number): Stamp {
  const [width, height] = isQuarterTurn(orientation)
    ? [image.height, image.width]
    : [image.width, image.height];
  const matrix = computeOrientationMatrix(orientation, { x: 0, y: 0, width, height });
  const box: Mupdf.Rect = [0, 0, width, height];
  const form = pdf.addStream(`q ${matrix.map(formatNumber).join(' ')} cm /Picture Do Q\n`, {
    Type: pdf.newName('XObject'),
    Subtype: pdf.newName('Form'),
    BBox: box,
    Resources: { XObject: { Picture: image.ref } },
  });
  return { form, box };
}
