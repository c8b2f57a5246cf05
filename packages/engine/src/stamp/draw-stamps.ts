import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { formatNumber } from './stamp-glyphs.ts';

/** Where a stamp sits on a page as the visitor sees it (its /Rotate applied), by its edges. */
export type StampAnchor = {
  readonly vertical: 'top' | 'middle' | 'bottom';
  readonly horizontal: 'left' | 'center' | 'right';
};

/** Where a stamp's centre goes on a page as the visitor sees it: x right and y down from its top-left corner. */
export type StampCentre = { readonly centre: readonly [number, number] };

/** Where and how a document's stamps are drawn, whatever they show (a text, a picture). */
export type StampPlacement = {
  /** One stamp at an anchor or a point, or `tiled`: repeated in staggered rows over the whole page. */
  readonly anchor: StampAnchor | StampCentre | 'tiled';
  /** From the edges the stamp is anchored to (ignored in the middle and when tiled), in points of the visible page. */
  readonly marginPt: number;
  /** Degrees, counter-clockwise as the visitor sees the page, about the stamp's centre. */
  readonly rotationDeg: number;
  /** 0 (invisible) to 1 (opaque). */
  readonly opacity: number;
  /** Drawn after the page's content (`over`) or before it, so that the page paints over it (`under`). */
  readonly layer: 'over' | 'under';
};

/** A stamp ready to draw: its form XObject and its box in the form's space (PDF, y up). */
export type Stamp = { readonly form: Mupdf.PDFObject; readonly box: Mupdf.Rect };

/**
 * How much a stamp is scaled on a page, from the page's visible width and height and the stamp's own: 1 for text,
 * laid out at its size; a picture is fitted to the page.
 */
export type StampScale = (page: { width: number; height: number }, stamp: Stamp) => number;

/** The name of a stamp in its page's resources: a prefix no PDF producer uses, and its number. */
const STAMP_NAME_PREFIX = 'QuireStamp';
/**
 * The most stamps a tiled page gets: a small stamp on a large page is spaced out further rather than drawn tens of
 * thousands of times.
 */
const MAX_TILES_PER_PAGE = 400;

/**
 * Draws stamps on pages (`stamps` maps a page index, 0-based, to its stamp), placed from each page's transform
 * (MuPDF's: the visible box, y down from its top-left corner, with /Rotate applied), which takes care of rotation and
 * of boxes away from 0,0. The page's content is first wrapped in q … Q, so that a transformation it leaves in force
 * does not move a stamp drawn over it.
 */
export function drawStamps(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  stamps: ReadonlyMap<number, Stamp>,
  placement: StampPlacement,
  scaleOf: StampScale = () => 1,
): void {
  const opacityState = placement.opacity < 1 ? addOpacityState(pdf, placement.opacity) : null;
  const saveState = pdf.addStream('q\n', pdf.newDictionary());
  for (const [pageIndex, stamp] of stamps) {
    const page = pdf.loadPage(pageIndex);
    try {
      drawStamp(mupdf, pdf, page, stamp, placement, { opacityState, saveState, scaleOf });
    } finally {
      page.destroy();
    }
  }
}

function addOpacityState(pdf: Mupdf.PDFDocument, opacity: number): Mupdf.PDFObject {
  return pdf.addObject({ Type: pdf.newName('ExtGState'), ca: opacity, CA: opacity });
}

function drawStamp(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  page: Mupdf.PDFPage,
  stamp: Stamp,
  placement: StampPlacement,
  shared: { opacityState: Mupdf.PDFObject | null; saveState: Mupdf.PDFObject; scaleOf: StampScale },
): void {
  const pageObject = page.getObject();
  const resources = ownResources(pdf, pageObject);
  const formName = uniqueName(resources, 'XObject', STAMP_NAME_PREFIX);
  putIn(pdf, resources, 'XObject', formName, stamp.form);
  let setOpacity = '';
  if (shared.opacityState) {
    const stateName = uniqueName(resources, 'ExtGState', STAMP_NAME_PREFIX);
    putIn(pdf, resources, 'ExtGState', stateName, shared.opacityState);
    setOpacity = `/${stateName} gs\n`;
  }

  const matrices = placeStamps(mupdf, page, stamp, placement, shared.scaleOf);
  const drawing = `q ${setOpacity}${matrices
    .map((matrix) => `q ${matrix.map(formatNumber).join(' ')} cm /${formName} Do Q\n`)
    .join('')}Q\n`;
  const stampStream = pdf.addStream(
    placement.layer === 'over' ? `Q\n${drawing}` : drawing,
    pdf.newDictionary(),
  );

  const contents = pageObject.get('Contents');
  const streams = contents.isArray()
    ? Array.from({ length: contents.length }, (_, index) => contents.get(index))
    : contents.isNull()
      ? []
      : [contents];
  const ordered =
    placement.layer === 'over' ? [shared.saveState, ...streams, stampStream] : [stampStream, ...streams];
  const array = pdf.newArray();
  for (const stream of ordered) array.push(stream);
  pageObject.put('Contents', array);
}

/**
 * The matrices from a stamp's form space to the page's user space, one per copy drawn: the stamp's box lands at its
 * anchor (or at each place of the tiling), upright and turned by `rotationDeg` as the visitor sees the page.
 */
function placeStamps(
  mupdf: MupdfModule,
  page: Mupdf.PDFPage,
  stamp: Stamp,
  placement: StampPlacement,
  scaleOf: StampScale,
): Mupdf.Matrix[] {
  const [left, top, right, bottom] = page.getBounds();
  const visible = { left, top, right, bottom, width: right - left, height: bottom - top };
  const { box } = stamp;
  const scale = scaleOf(visible, stamp);
  const width = (box[2] - box[0]) * scale;
  const height = (box[3] - box[1]) * scale;
  // The stamp's footprint once turned, so that a turned stamp keeps its margin too.
  const radians = (placement.rotationDeg * Math.PI) / 180;
  const footprint = {
    width: Math.abs(width * Math.cos(radians)) + Math.abs(height * Math.sin(radians)),
    height: Math.abs(width * Math.sin(radians)) + Math.abs(height * Math.cos(radians)),
  };
  const { anchor } = placement;
  const centres =
    anchor === 'tiled'
      ? tileCentres(visible, footprint, height)
      : 'centre' in anchor
        ? [[...anchor.centre] as [number, number]]
        : [anchorCentre(visible, footprint, anchor, placement.marginPt)];
  // Form space (y up) → centred on the stamp, scaled and flipped to the visible page's y down → turned → moved.
  const toCentre = mupdf.Matrix.translate(-(box[0] + box[2]) / 2, -(box[1] + box[3]) / 2);
  const flip = mupdf.Matrix.scale(scale, -scale);
  // In a y-down space a positive angle turns clockwise as seen: counter-clockwise is the negative one.
  const turn = mupdf.Matrix.rotate(-placement.rotationDeg);
  const toUser = mupdf.Matrix.invert(page.getTransform());
  const upright = [toCentre, flip, turn].reduce((product, next) => mupdf.Matrix.concat(product, next));
  return centres.map(([x, y]) =>
    mupdf.Matrix.concat(mupdf.Matrix.concat(upright, mupdf.Matrix.translate(x, y)), toUser),
  );
}

type VisibleBox = { left: number; top: number; right: number; bottom: number; width: number; height: number };
type Footprint = { width: number; height: number };

function anchorCentre(
  page: VisibleBox,
  footprint: Footprint,
  anchor: StampAnchor,
  margin: number,
): [number, number] {
  const x =
    anchor.horizontal === 'left'
      ? page.left + margin + footprint.width / 2
      : anchor.horizontal === 'right'
        ? page.right - margin - footprint.width / 2
        : page.left + page.width / 2;
  const y =
    anchor.vertical === 'top'
      ? page.top + margin + footprint.height / 2
      : anchor.vertical === 'bottom'
        ? page.bottom - margin - footprint.height / 2
        : page.top + page.height / 2;
  return [x, y];
}

/**
 * The centres of a tiled stamp's copies: rows as far apart as the stamp's footprint and twice its own height, each
 * row shifted half a step from the one above (as brick courses), one copy at the page's centre, every copy that
 * reaches into the page kept.
 */
function tileCentres(page: VisibleBox, footprint: Footprint, stampHeight: number): [number, number][] {
  const gap = 2 * stampHeight;
  // A step large enough that the page holds at most MAX_TILES_PER_PAGE copies.
  const least = Math.sqrt((page.width * page.height) / MAX_TILES_PER_PAGE);
  const stepX = Math.max(footprint.width + gap, least);
  const stepY = Math.max(footprint.height + gap, least);
  const centreX = page.left + page.width / 2;
  const centreY = page.top + page.height / 2;
  const rows = Math.ceil((page.height / 2 + footprint.height) / stepY);
  const columns = Math.ceil((page.width / 2 + footprint.width) / stepX) + 1;
  const centres: [number, number][] = [];
  for (let row = -rows; row <= rows; row += 1) {
    const shift = row % 2 === 0 ? 0 : stepX / 2;
    for (let column = -columns; column <= columns; column += 1) {
      const x = centreX + column * stepX + shift;
      const y = centreY + row * stepY;
      const reachesPage =
        x + footprint.width / 2 > page.left &&
        x - footprint.width / 2 < page.right &&
        y + footprint.height / 2 > page.top &&
        y - footprint.height / 2 < page.bottom;
      if (reachesPage) centres.push([x, y]);
    }
  }
  return centres;
}

/**
 * The page's resources as a dictionary of its own (copied from an inherited or shared one, its sub-dictionaries
 * XObject and ExtGState copied too), so that adding a stamp to it changes no other page.
 */
function ownResources(pdf: Mupdf.PDFDocument, pageObject: Mupdf.PDFObject): Mupdf.PDFObject {
  const inherited = pageObject.getInheritable('Resources');
  const own = copyDictionary(pdf, inherited);
  for (const key of ['XObject', 'ExtGState']) {
    const sub = own.get(key);
    if (sub.isDictionary()) own.put(key, copyDictionary(pdf, sub));
  }
  pageObject.put('Resources', own);
  return own;
}

function copyDictionary(pdf: Mupdf.PDFDocument, source: Mupdf.PDFObject): Mupdf.PDFObject {
  const copy = pdf.newDictionary();
  if (source.isDictionary()) source.forEach((value, key) => copy.put(key, value));
  return copy;
}

function putIn(
  pdf: Mupdf.PDFDocument,
  resources: Mupdf.PDFObject,
  category: string,
  name: string,
  value: Mupdf.PDFObject,
): void {
  let dictionary = resources.get(category);
  if (!dictionary.isDictionary()) {
    dictionary = pdf.newDictionary();
    resources.put(category, dictionary);
  }
  dictionary.put(name, value);
}

function uniqueName(resources: Mupdf.PDFObject, category: string, prefix: string): string {
  const taken = resources.get(category);
  for (let number = 1; ; number += 1) {
    const name = `${prefix}${number}`;
    if (!taken.isDictionary() || taken.get(name).isNull()) return name;
  }
}
