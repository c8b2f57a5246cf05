import type * as Mupdf from 'mupdf';
import { subsetCffFonts } from '../compress/fonts/subset-cff-fonts.ts';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { drawStamps, type Stamp, type StampPlacement } from './draw-stamps.ts';
import { installFallbackFonts } from '../mupdf/fallback-fonts.ts';
import { guessCjkLanguage } from './stamp-fonts.ts';
import { mapGlyphsToText, readGlyphs, writeVisualOrder, type PlacedGlyph } from './stamp-glyphs.ts';

export type { StampAnchor } from './draw-stamps.ts';

/** How every text stamp of a document looks and where it goes. */
export type TextStampStyle = StampPlacement & {
  readonly fontSizePt: number;
  /** Red, green and blue, each 0–255. */
  readonly color: readonly [number, number, number];
};

/**
 * The width MuPDF lays a stamp's line out in, in ems of its font size: wide enough that no text a tool takes (a few
 * hundred characters at most, none wider than a few ems) wraps, so each stamp is one line.
 */
const LAYOUT_WIDTH_EMS = 1_200;
/** The shortest page MuPDF lays HTML out on (it makes a shorter one this tall). */
const MIN_LAYOUT_PAGE_PT = 72;

/**
 * Writes text on pages of a PDF, upright as the visitor sees each page (pages with /Rotate, boxes that do not start
 * at 0,0: the crop box, else the media box, is the page), in any script: MuPDF's HTML layout shapes it with
 * HarfBuzz (Arabic joined, right to left by the Unicode bidirectional algorithm) in its own Nimbus Sans, falling
 * back to Noto fonts for the scripts Nimbus lacks (`installFallbackFonts`); the fonts are embedded as subsets. Each
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
  const stamps = layOutTextStamps(mupdf, pdf, distinct, style, signal);
  const stampOf = new Map(distinct.map((text, index) => [text, stamps[index]!]));
  drawStamps(mupdf, pdf, new Map([...texts].map(([page, text]) => [page, stampOf.get(text)!])), style);
}

/**
 * Loads every object once, so that a damaged file is repaired now, before it is edited: MuPDF repairs a file the
 * first time it meets an object that is not where the cross-reference table says, and its repair rebuilds the table
 * from the file, forgetting the edits made before (the save would then write the pages without their stamps).
 */
export function repairBeforeEditing(pdf: Mupdf.PDFDocument): void {
  const count = pdf.countObjects();
  for (let number = 1; number < count; number += 1) pdf.newIndirect(number).resolve();
}

/**
 * Lays each text out once, as `stampTexts` draws them, and adds it to `pdf` as a form XObject (one line, its box the
 * ink of its text, in points, y up), ready to draw wherever its caller places it (Sign PDF's name and date).
 */
export function layOutTextStamps(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  texts: readonly string[],
  style: TextStampStyle,
  signal: AbortSignal,
): Stamp[] {
  // Installed as MuPDF loads; again here for a module a test imported itself.
  installFallbackFonts(mupdf);
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
    layout.layout(LAYOUT_WIDTH_EMS * style.fontSizePt, pageHeight, style.fontSizePt);
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
      const isSlanted = style.rotationDeg % 90 !== 0;
      writeVisualOrder(
        stampDocument,
        pageObject,
        glyphsOfPages[index]!,
        style.color,
        isSlanted ? glyphTexts : undefined,
      );
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
export function readContents(mupdf: MupdfModule, contents: Mupdf.PDFObject): Mupdf.Buffer {
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
