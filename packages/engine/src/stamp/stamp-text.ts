import type * as Mupdf from 'mupdf';
import { subsetCffFonts } from '../compress/fonts/subset-cff-fonts.ts';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { guessCjkLanguage, installStampFonts } from './stamp-fonts.ts';
import {
  formatNumber,
  mapGlyphsToText,
  readGlyphs,
  writeVisualOrder,
  type PlacedGlyph,
} from './stamp-glyphs.ts';

/** Where a stamp sits on a page as the visitor sees it (its /Rotate applied), by its edges. */
export type StampAnchor = {
  readonly vertical: 'top' | 'middle' | 'bottom';
  readonly horizontal: 'left' | 'center' | 'right';
};

/** How every stamp of a document looks and where it goes. */
export type TextStampStyle = {
  readonly fontSizePt: number;
  /** Red, green and blue, each 0–255. */
  readonly color: readonly [number, number, number];
  readonly anchor: StampAnchor;
  /** From the edges the stamp is anchored to (ignored in the middle), in points of the visible page. */
  readonly marginPt: number;
  /** Degrees, counter-clockwise as the visitor sees the page, about the stamp's centre. */
  readonly rotationDeg: number;
  /** 0 (invisible) to 1 (opaque). */
  readonly opacity: number;
  /** Drawn after the page's content (`over`) or before it, so that the page paints over it (`under`). */
  readonly layer: 'over' | 'under';
};

/**
 * The width MuPDF lays a stamp's line out in: wide enough that no text a tool takes (a few hundred characters at
 * most) wraps, so each stamp is one line.
 */
const LAYOUT_WIDTH_PT = 14_400;
/** The shortest page MuPDF lays HTML out on (it makes a shorter one this tall). */
const MIN_LAYOUT_PAGE_PT = 72;
/** The name of a stamp in its page's resources: a prefix no PDF producer uses, and its number. */
const STAMP_NAME_PREFIX = 'QuireStamp';

/**
 * Writes text on pages of a PDF, upright as the visitor sees each page (pages with /Rotate, boxes that do not start
 * at 0,0: the crop box, else the media box, is the page), in any script: MuPDF's HTML layout shapes it with
 * HarfBuzz (Arabic joined, right to left by the Unicode bidirectional algorithm) in its own Nimbus Sans, falling
 * back to Noto fonts for the scripts Nimbus lacks (`installStampFonts`); the fonts are embedded as subsets. Each
 * distinct text is laid out once and drawn as a form XObject. Glyphs are drawn in visual order, as every PDF
 * producer does, and each maps to the characters it was shaped from (`mapGlyphsToText`), so that readers that
 * order text by the bidirectional algorithm (poppler, MuPDF, pdf.js) give back the words typed in their logical
 * order. `texts` maps a page index (0-based) to its text.
 */
export function stampTexts(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  texts: ReadonlyMap<number, string>,
  style: TextStampStyle,
  signal: AbortSignal,
): void {
  const distinct = [...new Set(texts.values())];
  if (distinct.length === 0) return;
  repairBeforeEditing(pdf);
  const stamps = layOutStamps(mupdf, pdf, distinct, style, signal);
  const stampOf = new Map(distinct.map((text, index) => [text, stamps[index]!]));
  const opacityState = style.opacity < 1 ? addOpacityState(pdf, style.opacity) : null;
  const saveState = pdf.addStream('q\n', pdf.newDictionary());
  for (const [pageIndex, text] of texts) {
    const page = pdf.loadPage(pageIndex);
    try {
      drawStamp(mupdf, pdf, page, stampOf.get(text)!, style, { opacityState, saveState });
    } finally {
      page.destroy();
    }
  }
}

/**
 * Loads every object once, so that a damaged file is repaired now, before it is edited: MuPDF repairs a file the
 * first time it meets an object that is not where the cross-reference table says, and its repair rebuilds the table
 * from the file, forgetting the edits made before (the save would then write the pages without their stamps).
 */
function repairBeforeEditing(pdf: Mupdf.PDFDocument): void {
  const count = pdf.countObjects();
  for (let number = 1; number < count; number += 1) pdf.newIndirect(number).resolve();
}

/** A laid-out text, ready to draw: its form XObject and its ink box in the form's space (PDF, y up). */
type LaidOutStamp = { form: Mupdf.PDFObject; box: Mupdf.Rect };

function layOutStamps(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  texts: readonly string[],
  style: TextStampStyle,
  signal: AbortSignal,
): LaidOutStamp[] {
  installStampFonts(mupdf);
  const [red, green, blue] = style.color;
  const blocks = texts.map((text) => {
    const language = guessCjkLanguage(text);
    return `<div dir="auto"${language ? ` lang="${language}"` : ''}>${escapeHtml(text)}</div>`;
  });
  // MuPDF's layout breaks no page where CSS asks: each text is one line exactly as tall as a page instead.
  const pageHeight = Math.max(MIN_LAYOUT_PAGE_PT, style.fontSizePt * 3);
  const html = `<!DOCTYPE html><html><head><style>@page{margin:0}body{margin:0;padding:0}div{margin:0;padding:0;white-space:pre;font-family:sans-serif;font-size:${style.fontSizePt}pt;line-height:${pageHeight}pt;height:${pageHeight}pt;color:rgb(${red},${green},${blue})}</style></head><body>${blocks.join('')}</body></html>`;
  const layout = mupdf.Document.openDocument(new TextEncoder().encode(html), 'text/html');
  const written = new mupdf.Buffer();
  const boxes: Mupdf.Rect[] = [];
  const heights: number[] = [];
  const glyphTexts = new Map<string, Map<number, string>>();
  const glyphsOfPages: PlacedGlyph[][] = [];
  try {
    layout.layout(LAYOUT_WIDTH_PT, pageHeight, style.fontSizePt);
    if (layout.countPages() !== texts.length) throw new Error('A stamp did not fit on one line.');
    const writer = new mupdf.DocumentWriter(written, 'pdf', '');
    for (let index = 0; index < texts.length; index += 1) {
      const page = layout.loadPage(index);
      const bounds = page.getBounds();
      const device = writer.beginPage(bounds);
      page.run(device, mupdf.Matrix.identity);
      writer.endPage();
      const placed: PlacedGlyph[] = [];
      page.run(readGlyphs(mupdf, glyphTexts, placed), mupdf.Matrix.identity);
      glyphsOfPages.push(placed);
      boxes.push(inkBox(page));
      heights.push(bounds[3] - bounds[1]);
      page.destroy();
    }
    writer.close();
  } finally {
    layout.destroy();
  }
  // A copy: the view of WebAssembly memory goes stale when opening the document grows that memory.
  const stampBytes = written.asUint8Array().slice();
  written.destroy();
  const stampDocument = mupdf.Document.openDocument(stampBytes, 'application/pdf').asPDF()!;
  try {
    for (let index = 0; index < texts.length; index += 1) {
      const pageObject = stampDocument.findPage(index);
      writeVisualOrder(stampDocument, pageObject, glyphsOfPages[index]!, style.color);
      mapGlyphsToText(stampDocument, pageObject, glyphTexts);
    }
    // Only the glyphs the stamps draw are kept of each font: CFF ones (Nimbus Sans, Noto Sans CJK, on which MuPDF's
    // subsetting fails) by Quire's own subsetter, then TrueType ones (Noto Sans Arabic) by MuPDF's.
    subsetCffFonts(mupdf, stampDocument, signal);
    try {
      stampDocument.subsetFonts();
    } catch {
      // A font MuPDF cannot cut stays whole: larger, never wrong.
    }
    const graft = pdf.newGraftMap();
    return texts.map((_, index) => {
      const [x0, y0, x1, y1] = boxes[index]!;
      const height = heights[index]!;
      // The layout's space is y down from the top; the written page's is PDF's, y up from the bottom.
      const box: Mupdf.Rect = [x0, height - y1, x1, height - y0];
      const pageObject = stampDocument.findPage(index);
      const form = pdf.addStream(readContents(mupdf, pageObject.get('Contents')), {
        Type: pdf.newName('XObject'),
        Subtype: pdf.newName('Form'),
        BBox: box,
        Resources: graft.graftObject(pageObject.get('Resources')),
      });
      return { form, box };
    });
  } finally {
    stampDocument.destroy();
  }
}

/** The box of a laid-out page's text, from its lines. */
function inkBox(page: Mupdf.Page): Mupdf.Rect {
  const text = page.toStructuredText('preserve-whitespace');
  const layout = JSON.parse(text.asJSON()) as {
    blocks: { lines?: { bbox: { x: number; y: number; w: number; h: number } }[] }[];
  };
  text.destroy();
  const lines = layout.blocks.flatMap((block) => block.lines ?? []).map((line) => line.bbox);
  if (lines.length === 0) return [0, 0, 0, 0];
  return [
    Math.min(...lines.map((line) => line.x)),
    Math.min(...lines.map((line) => line.y)),
    Math.max(...lines.map((line) => line.x + line.w)),
    Math.max(...lines.map((line) => line.y + line.h)),
  ];
}

/** A page's content, one stream or an array of them, as one. */
function readContents(mupdf: MupdfModule, contents: Mupdf.PDFObject): Mupdf.Buffer {
  const joined = new mupdf.Buffer();
  const streams = contents.isArray()
    ? Array.from({ length: contents.length }, (_, index) => contents.get(index))
    : [contents];
  for (const stream of streams) {
    if (!stream.isStream()) continue;
    joined.writeBuffer(stream.readStream());
    joined.writeByte(10);
  }
  return joined;
}

function addOpacityState(pdf: Mupdf.PDFDocument, opacity: number): Mupdf.PDFObject {
  return pdf.addObject({ Type: pdf.newName('ExtGState'), ca: opacity, CA: opacity });
}

/**
 * Draws a stamp on one page: the page's content is first wrapped in q … Q, so that a transformation it leaves in
 * force does not move the stamp; the stamp is then placed from the page's transform (MuPDF's: the visible box, y
 * down from its top-left corner, with /Rotate applied), which takes care of rotation and of boxes away from 0,0.
 */
function drawStamp(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  page: Mupdf.PDFPage,
  stamp: LaidOutStamp,
  style: TextStampStyle,
  shared: { opacityState: Mupdf.PDFObject | null; saveState: Mupdf.PDFObject },
): void {
  const pageObject = page.getObject();
  const resources = ownResources(pdf, pageObject);
  const formName = uniqueName(resources, 'XObject', STAMP_NAME_PREFIX);
  putIn(pdf, resources, 'XObject', formName, stamp.form);
  let setOpacity = '';
  if (shared.opacityState) {
    const stateName = uniqueName(resources, 'ExtGState', STAMP_NAME_PREFIX);
    putIn(pdf, resources, 'ExtGState', stateName, shared.opacityState);
    setOpacity = `/${stateName} gs `;
  }

  const matrix = placeStamp(mupdf, page, stamp.box, style);
  const drawing = `q ${setOpacity}${matrix.map(formatNumber).join(' ')} cm /${formName} Do Q\n`;
  const stampStream = pdf.addStream(style.layer === 'over' ? `Q\n${drawing}` : drawing, pdf.newDictionary());

  const contents = pageObject.get('Contents');
  const streams = contents.isArray()
    ? Array.from({ length: contents.length }, (_, index) => contents.get(index))
    : contents.isNull()
      ? []
      : [contents];
  const ordered =
    style.layer === 'over' ? [shared.saveState, ...streams, stampStream] : [stampStream, ...streams];
  const array = pdf.newArray();
  for (const stream of ordered) array.push(stream);
  pageObject.put('Contents', array);
}

/**
 * The matrix from a stamp's form space to the page's user space: the stamp's box lands at its anchor, upright and
 * turned by `rotationDeg` as the visitor sees the page.
 */
function placeStamp(
  mupdf: MupdfModule,
  page: Mupdf.PDFPage,
  box: Mupdf.Rect,
  style: TextStampStyle,
): Mupdf.Matrix {
  const [left, top, right, bottom] = page.getBounds();
  const pageWidth = right - left;
  const pageHeight = bottom - top;
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  // The stamp's footprint once turned, so that a turned stamp keeps its margin too.
  const radians = (style.rotationDeg * Math.PI) / 180;
  const footprintWidth = Math.abs(width * Math.cos(radians)) + Math.abs(height * Math.sin(radians));
  const footprintHeight = Math.abs(width * Math.sin(radians)) + Math.abs(height * Math.cos(radians));
  const margin = style.marginPt;
  const centreX =
    style.anchor.horizontal === 'left'
      ? left + margin + footprintWidth / 2
      : style.anchor.horizontal === 'right'
        ? right - margin - footprintWidth / 2
        : left + pageWidth / 2;
  const centreY =
    style.anchor.vertical === 'top'
      ? top + margin + footprintHeight / 2
      : style.anchor.vertical === 'bottom'
        ? bottom - margin - footprintHeight / 2
        : top + pageHeight / 2;
  // Form space (y up) → centred on the stamp and flipped to the visible page's y down → turned → moved to its place.
  const toCentre = mupdf.Matrix.translate(-(box[0] + width / 2), -(box[1] + height / 2));
  const flip = mupdf.Matrix.scale(1, -1);
  // In a y-down space a positive angle turns clockwise as seen: counter-clockwise is the negative one.
  const turn = mupdf.Matrix.rotate(-style.rotationDeg);
  const toPlace = mupdf.Matrix.translate(centreX, centreY);
  const toUser = mupdf.Matrix.invert(page.getTransform());
  return [toCentre, flip, turn, toPlace, toUser].reduce((product, next) =>
    mupdf.Matrix.concat(product, next),
  );
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
