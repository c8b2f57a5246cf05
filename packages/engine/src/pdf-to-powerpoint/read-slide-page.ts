import type * as Mupdf from 'mupdf';
import type { Line, PageImage, Span } from '../pdf-to-word/model/layout-model.ts';
import { readScanPage, type RecognisedScan } from '../pdf-to-word/convert-document.ts';
import { encodeImage } from '../pdf-to-word/read/encode-image.ts';
import { pageTurner } from '../pdf-to-word/read/page-turn.ts';
import { readPageLinks } from '../pdf-to-word/read/read-links.ts';
import { readPageLayout } from '../pdf-to-word/read/read-page-layout.ts';
import type { ReadPage } from '../pdf-to-word/read/raw-page.ts';
import { drawPageArt } from './draw-page-art.ts';
import type { SlidePage, SlidePicture } from './slide-model.ts';
import { SLIDE_SETTINGS } from './slide-settings.ts';

/** A page's text and pictures as read, not yet encoded or drawn, and how many characters its text has. */
export type SlideText = { read: ReadPage; characters: number };

/**
 * Reads a page as PDF to Word reads it: its lines in style runs, with their links, and its pictures as pixels, the
 * page turned upright when its text runs sideways. Its characters other than spaces are counted: a page with almost
 * none may be a scan.
 */
export function readSlideText(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  page: Mupdf.Page,
  pageNumber: number,
): SlideText {
  const read = readPageLayout(mupdf, page, pageNumber, readPageLinks(document, page));
  const characters = read.layout.lines.reduce((sum, line) => sum + line.text.replace(/\s/gu, '').length, 0);
  return { read, characters };
}

/** The size of a page's slide, as read: a page of vertical text stands as the page does, not as it was read. */
export function slideSizeOfRead({ width, height, isVerticalText }: ReadPage['layout']): {
  width: number;
  height: number;
} {
  return isVerticalText ? { width: height, height: width } : { width, height };
}

/**
 * A page read (`readSlideText`) made a slide's: its pictures encoded, and its drawing, drawn without its text and
 * pictures, behind them; the runs drawn invisible are marked.
 */
export async function completeSlide(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  read: ReadPage,
): Promise<SlidePage> {
  const encoded = [];
  for (const raw of read.images) encoded.push(await encodeImage(raw));
  // Vertical Japanese or Chinese was read turned a quarter, its columns as rows: the slide stands as the page does.
  const { pageNumber, isVerticalText = false } = read.layout;
  const { width, height, lines, pictures } = isVerticalText
    ? verticalPageUpright(read.layout, encoded)
    : { ...read.layout, pictures: encoded };
  const { art, invisible } = await drawPageArt(mupdf, page, isVerticalText ? 0 : (read.layout.turn ?? 0));
  return {
    pageNumber,
    width,
    height,
    lines,
    pictures: art ? [art, ...pictures] : pictures,
    rules: [],
    fills: [],
    invisible: invisibleSpans(
      lines.flatMap((line) => line.spans),
      invisible,
    ),
    ...(isVerticalText ? { isVerticalText } : {}),
  };
}

/**
 * A page of vertical text as read (turned a quarter anticlockwise, its columns rows: `vertical-page.ts`) put back as
 * the page stands: its lines' boxes turned back, each to be written top to bottom, and its pictures placed back,
 * turned a quarter clockwise (their pixels stand as on the page read turned).
 */
function verticalPageUpright(
  layout: ReadPage['layout'],
  pictures: readonly PageImage[],
): { width: number; height: number; lines: Line[]; pictures: SlidePicture[] } {
  const back = pageTurner(90, layout.width, layout.height);
  return {
    width: back.width,
    height: back.height,
    lines: layout.lines.map((line) => ({
      ...line,
      box: back.box(line.box),
      spans: line.spans.map((span) => ({ ...span, box: back.box(span.box) })),
    })),
    pictures: pictures.map((picture) => ({ ...picture, box: back.box(picture.box), isTurned: true })),
  };
}

/**
 * A scanned page read as text: its recognised lines (in Times New Roman, black, at the size they were printed), the
 * pictures cut out of it, and the rules and fills found on it as shapes; the scan itself is left out.
 */
export async function readScanSlidePage(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  pageNumber: number,
  scan: RecognisedScan,
): Promise<SlidePage> {
  const layout = await readScanPage(mupdf, page, pageNumber, scan);
  return {
    pageNumber,
    width: layout.width,
    height: layout.height,
    lines: layout.lines,
    pictures: layout.images,
    rules: layout.rules,
    fills: layout.fills,
    invisible: new Set(),
  };
}

/** The spans most of whose characters stand on the origins of glyphs drawn invisible. */
function invisibleSpans(spans: readonly Span[], origins: readonly [number, number][]): Set<Span> {
  const found = new Set<Span>();
  if (origins.length === 0) return found;
  const slack = SLIDE_SETTINGS.invisibleSlack;
  for (const span of spans) {
    const characters = span.text.replace(/\s/gu, '').length;
    if (characters === 0) continue;
    const { x0, y0, x1, y1 } = span.box;
    const inside = origins.filter(
      ([x, y]) => x >= x0 - slack && x <= x1 + slack && y >= y0 - slack && y <= y1 + slack,
    ).length;
    if (inside >= SLIDE_SETTINGS.minInvisibleShare * characters) found.add(span);
  }
  return found;
}
