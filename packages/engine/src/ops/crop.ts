import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import { AUTO_MARGINS, AppError, MAX_RENDER_PAGES, TOOLS, findInk, type Margins } from '@quire/shared';
import { editPdf } from '../mupdf/edit-pdf.ts';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { chosenPages } from './chosen-pages.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/** What a job costs with margins in points: MuPDF reads each chosen page's dictionary and appends an update. */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 2, perInputMiBMs: 20 };
/** With `auto`, each chosen page is also drawn, small and grey: its content parsed, few pixels. */
const AUTO_WORK_RATES: WorkRates = { ...WORK_RATES, perPageMs: 15, perContentMiBMs: 250 };

/** The smallest side a cropped page may keep: ISO 32000-1 (annex C) allows no page smaller than 3 by 3 units. */
const MIN_SIDE_POINTS = 3;
/** `auto` draws each page at this resolution: enough to find a margin to the millimetre, cheap to draw. */
const AUTO_DPI = 50;
/** …and never with a side over this many pixels (a poster-sized page is drawn coarser). */
const MAX_AUTO_SIDE_PX = 2000;
/** The white `auto` leaves around the content it finds, on each side. */
const AUTO_PADDING_POINTS = 6;

/** A rectangle in PDF user space: `[x0, y0, x1, y1]`, x0 < x1 and y0 < y1 (y grows upwards). */
type Box = readonly [number, number, number, number];
type Cut = Exclude<Margins, typeof AUTO_MARGINS>;

/** The boxes a print workflow reads, kept inside the new crop box (the MediaBox is never changed). */
const PRINT_BOXES = ['TrimBox', 'BleedBox', 'ArtBox'] as const;

/**
 * Crops pages: sets each chosen page's CropBox, the part of the page readers show and print, and keeps its MediaBox
 * and its content (nothing is removed: a crop can be undone by resetting the box). `margins` are points cut from
 * the box shown now (the CropBox within the MediaBox), `top, right, bottom, left` as the page is seen, its /Rotate
 * applied; `auto` draws each page small and cuts its white margins, leaving `AUTO_PADDING_POINTS`, and leaves a blank
 * page as it is. A TrimBox, BleedBox or ArtBox the page has is cut to the new box (removed where nothing of it
 * remains, so that it falls back to the crop box). Margins that would leave less than `MIN_SIDE_POINTS` of a page are
 * refused (`INVALID_OPTIONS`, naming the field and the page). A file that needed no password gets an incremental
 * update (its bytes kept, the new boxes appended; restrictions set by an owner password stay, as Unlock PDF is the
 * tool that lifts them); one that needed the visitor's password is written whole without it (`PASSWORD_REMOVED`).
 */
export const crop: EngineOp<'crop'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.crop.maxPages);
  const pages = chosenPages(options.pages, info.pageCount);
  const isAuto = options.margins === AUTO_MARGINS;
  if (isAuto && pages.length > MAX_RENDER_PAGES) {
    throw new AppError(
      'DOCUMENT_TOO_COMPLEX',
      `"${file.name}" has more than ${MAX_RENDER_PAGES} pages to measure; give margins in points, or fewer pages.`,
      { fileIndex: 0, fileName: file.name, maxPages: MAX_RENDER_PAGES },
    );
  }
  await declarePdfWork(isAuto ? AUTO_WORK_RATES : WORK_RATES, [info], ctx);

  ctx.onProgress?.('processing');
  let cropped = 0;
  let blank = 0;
  const bytes = await editPdf(
    file,
    info,
    ctx,
    { failure: 'could not be cropped', save: 'incremental' },
    (mupdf, pdf) => {
      for (const [index, number] of pages.entries()) {
        ctx.signal.throwIfAborted();
        const page = pdf.loadPage(number - 1);
        try {
          const cut = isAuto ? measureMargins(mupdf, page) : (options.margins as Cut);
          if (cut === null) blank += 1;
          else {
            setCropBox(pdf, page.getObject(), cut, number);
            cropped += 1;
          }
        } finally {
          page.destroy();
        }
        ctx.onProgress?.('processing', { done: index + 1, total: pages.length });
      }
    },
  );
  const outputPath = join(ctx.workDir, 'cropped.pdf');
  await writeFile(outputPath, bytes);
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, croppedPages: cropped, blankPages: blank },
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/** A box as the page says it, normalised (`[x0, y0, x1, y1]` in any corner order is allowed); null if absent. */
function readBox(object: Mupdf.PDFObject): Box | null {
  if (!object.isArray() || object.length !== 4) return null;
  const values = [0, 1, 2, 3].map((index) => object.get(index).asNumber());
  if (values.some((value) => !Number.isFinite(value))) return null;
  const [a = 0, b = 0, c = 0, d = 0] = values;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

function intersect(a: Box, b: Box): Box | null {
  const box: Box = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[0] < box[2] && box[1] < box[3] ? box : null;
}

/** The page's /Rotate as a quarter turn clockwise: 0 to 3 (a value that is no multiple of 90 counts as 0). */
function quarterTurnsOf(pageObject: Mupdf.PDFObject): number {
  const rotate = pageObject.getInheritable('Rotate');
  const degrees = rotate.isNumber() ? rotate.asNumber() : 0;
  return degrees % 90 === 0 ? (((degrees / 90) % 4) + 4) % 4 : 0;
}

/**
 * The box left once `cut` is taken from `shown`, the margins being those of the page as seen. Sides of the box as
 * stored, clockwise from the top: y1, x1, y0, x0; a page turned a quarter clockwise shows its stored left side (x0)
 * at the top, so the side seen at position `i` is the stored side at `i - turns`.
 */
export function cutBox(shown: Box, cut: Cut, quarterTurns: number): Box {
  const seen = [cut.top, cut.right, cut.bottom, cut.left];
  const stored = [0, 1, 2, 3].map((side) => seen[(side + quarterTurns) % 4] ?? 0);
  const [top = 0, right = 0, bottom = 0, left = 0] = stored;
  return [shown[0] + left, shown[1] + bottom, shown[2] - right, shown[3] - top];
}

/** Sets the page's CropBox to `cut` of the box it shows, and cuts its print boxes to it. */
function setCropBox(pdf: Mupdf.PDFDocument, pageObject: Mupdf.PDFObject, cut: Cut, page: number): void {
  const media = readBox(pageObject.getInheritable('MediaBox')) ?? [0, 0, 612, 792];
  const crop = readBox(pageObject.getInheritable('CropBox'));
  const shown = (crop && intersect(crop, media)) ?? media;
  // Margins are points; the page's boxes are in its units, of /UserUnit points each (1 unless it says otherwise).
  const unitPoints = userUnitOf(pageObject);
  const inUnits = {
    top: cut.top / unitPoints,
    right: cut.right / unitPoints,
    bottom: cut.bottom / unitPoints,
    left: cut.left / unitPoints,
  };
  const box = cutBox(shown, inUnits, quarterTurnsOf(pageObject));
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  if (width * unitPoints < MIN_SIDE_POINTS || height * unitPoints < MIN_SIDE_POINTS) {
    const turned = quarterTurnsOf(pageObject) % 2 === 1;
    const [seenWidth, seenHeight] = (
      turned ? [shown[3] - shown[1], shown[2] - shown[0]] : [shown[2] - shown[0], shown[3] - shown[1]]
    ).map((units) => units * unitPoints) as [number, number];
    throw new AppError(
      'INVALID_OPTIONS',
      `"margins" leave nothing of page ${page}, which shows ${round(seenWidth)} by ${round(seenHeight)} points.`,
      { option: 'margins', page, width: round(seenWidth), height: round(seenHeight) },
    );
  }
  pageObject.put('CropBox', boxObject(pdf, box));
  for (const name of PRINT_BOXES) {
    const own = readBox(pageObject.getInheritable(name));
    if (own === null) continue;
    const kept = intersect(own, box);
    if (kept) pageObject.put(name, boxObject(pdf, kept));
    else pageObject.delete(name);
  }
}

/** The points in one unit of the page's space: its /UserUnit (PDF 1.6) when it gives a positive number, else 1. */
function userUnitOf(pageObject: Mupdf.PDFObject): number {
  const unit = pageObject.get('UserUnit');
  return unit.isNumber() && unit.asNumber() > 0 ? unit.asNumber() : 1;
}

function boxObject(pdf: Mupdf.PDFDocument, box: Box): Mupdf.PDFObject {
  const array = pdf.newArray();
  for (const value of box) array.push(round(value));
  return array;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The white margins of a page as seen (points, its /Rotate applied), less `AUTO_PADDING_POINTS`; null for a blank
 * page. The page is drawn in grey, with its annotations, and its ink found as the page view finds it (`findInk`).
 */
function measureMargins(mupdf: MupdfModule, page: Mupdf.PDFPage): Cut | null {
  const [x0, y0, x1, y1] = page.getBounds();
  const longest = Math.max(x1 - x0, y1 - y0);
  const scale = Math.min(AUTO_DPI / 72, MAX_AUTO_SIDE_PX / Math.max(longest, 1));
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const pixels = pixmap.getPixels();
    const ink = findInk({ pixels, width, height, stride: pixmap.getStride(), channels: 1 });
    if (ink === null) return null;
    // A pixel's worth less on each side, so that rounding never cuts into the content.
    const points = (pixels: number) => Math.max(0, (pixels - 1) / scale - AUTO_PADDING_POINTS);
    return {
      top: points(ink.top),
      right: points(width - 1 - ink.right),
      bottom: points(height - 1 - ink.bottom),
      left: points(ink.left),
    };
  } finally {
    pixmap.destroy();
  }
}
