import type * as Mupdf from 'mupdf';
import type { Box, Fill, LinkTarget, PageLink, Rule } from '../model/layout-model.ts';
import { mapFontName, type FontFace } from './font-names.ts';
import { formulaGlyphs } from './formula-marks.ts';
import { isOffPage, isUnwritable, type Char } from './line-characters.ts';
import { toHex } from './pdf-colors.ts';
import type { PathMark, RawImage } from './raw-page.ts';
import { readImage } from './read-image.ts';
import { SETTINGS } from '../model/settings.ts';

/** MuPDF options: images as blocks, vector paths reported, no merging of our own lines into MuPDF's paragraphs. */
const STEXT_OPTIONS = 'preserve-images,preserve-whitespace,vectors';

/** A character with the point it is drawn from (its baseline's), until the page's turn is known. */
export type RawChar = Char & { origin: [number, number] };
export type RawLine = { chars: RawChar[]; isVertical: boolean; direction: [number, number] };

/** A page's content as MuPDF's structured text walks it, in points from the top left of the page as displayed. */
export type WalkedPage = {
  /** MuPDF's lines as it hands them over, with their writing direction and their characters' origins. */
  rawLines: RawLine[];
  /** Images with the matrix that draws them, whose orientation is known once the page's turn is. */
  placed: { image: Omit<RawImage, 'orientation'>; matrix: number[] }[];
  rules: Rule[];
  fills: Fill[];
  paths: PathMark[];
  glyphs: ReturnType<typeof formulaGlyphs>;
};

/** The page's geometry while it is walked: its untouched bounds, and boxes from MuPDF's rectangles. */
type PageFrame = {
  bx0: number;
  by0: number;
  width: number;
  height: number;
  toBox: (rect: readonly number[]) => Box;
};

/**
 * Walks a page's structured text (drawn through `displayList`, with form fields and annotations): characters with
 * their style and the link they stand in, images as pixels, thin rectangles as rules, other filled rectangles as
 * fills, and every path's box for finding figures.
 */
export function walkPageText(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  displayList: Mupdf.DisplayList,
  links: readonly PageLink[],
): WalkedPage {
  const [bx0, by0, bx1, by1] = page.getBounds();
  const frame: PageFrame = {
    bx0,
    by0,
    width: bx1 - bx0,
    height: by1 - by0,
    toBox: (rect) => ({
      x0: (rect[0] ?? 0) - bx0,
      y0: (rect[1] ?? 0) - by0,
      x1: (rect[2] ?? 0) - bx0,
      y1: (rect[3] ?? 0) - by0,
    }),
  };
  const walked: WalkedPage = {
    rawLines: [],
    placed: [],
    rules: [],
    fills: [],
    paths: [],
    glyphs: formulaGlyphs(),
  };
  const readChar = charReader(frame, links, walked.glyphs);
  let line: RawLine = { chars: [], isVertical: false, direction: [1, 0] };
  const text = displayList.toStructuredText(STEXT_OPTIONS);
  try {
    text.walk({
      beginLine(_bbox, wmode, lineDirection) {
        line = { chars: [], isVertical: wmode === 1, direction: [lineDirection[0], lineDirection[1]] };
      },
      onChar(rawChar, origin, font, size, quad, color, bidi) {
        const char = readChar(line.isVertical, { rawChar, origin, font, size, quad, color, bidi });
        if (char) line.chars.push(char);
      },
      endLine() {
        walked.rawLines.push(line);
      },
      onImageBlock(bbox, transform, image) {
        const raw = readImage(mupdf, image, frame.toBox(bbox));
        if (raw) walked.placed.push({ image: raw, matrix: [...transform] });
      },
      onVector(bbox, flags: { isStroked: boolean; isRectangle: boolean }, color) {
        addVector(walked, frame.toBox(bbox), flags, toHex(color), frame.width * frame.height);
      },
    });
  } finally {
    text.destroy();
  }
  return walked;
}

type MupdfChar = {
  rawChar: string;
  origin: Mupdf.Point;
  font: Mupdf.Font;
  size: number;
  quad: Mupdf.Quad;
  color: Mupdf.Color;
  bidi: number;
};

/**
 * Reads MuPDF's characters: each with its box, style, link and baseline; glyphs of maths fonts noted for finding
 * formulas; control characters and characters off the page left out (null).
 */
function charReader(
  frame: PageFrame,
  links: readonly PageLink[],
  glyphs: WalkedPage['glyphs'],
): (isVertical: boolean, char: MupdfChar) => RawChar | null {
  const faces = new Map<number, FontFace>();
  const faceOf = (font: Mupdf.Font): FontFace => {
    let face = faces.get(font.pointer);
    if (!face) {
      const generic = font.isMono() ? 'mono' : font.isSerif() ? 'serif' : 'sans';
      const mapped = mapFontName(font.getName(), generic);
      face = {
        ...mapped,
        isBold: mapped.isBold || font.isBold(),
        isItalic: mapped.isItalic || font.isItalic(),
      };
      faces.set(font.pointer, face);
    }
    return face;
  };
  return (isVertical, { rawChar, origin, font, size, quad, color, bidi }) => {
    const xs = [quad[0], quad[2], quad[4], quad[6]];
    const ys = [quad[1], quad[3], quad[5], quad[7]];
    const box = frame.toBox([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
    if (!isVertical) glyphs.add(font, box, size);
    // Control characters cannot stand in Word's XML; tabs and line breaks inside a line are spaces.
    if (isUnwritable(rawChar)) return null;
    const c = /\s/.test(rawChar) ? ' ' : rawChar;
    const face = faceOf(font);
    if (isOffPage(box, isVertical ? null : origin[1] - frame.by0, frame)) return null;
    const link = links.length > 0 ? linkAt(links, box) : undefined;
    return {
      c,
      box,
      ...(link ? { link } : {}),
      origin: [origin[0] - frame.bx0, origin[1] - frame.by0],
      baseline: origin[1] - frame.by0,
      bidi,
      style: {
        font: face.family,
        size: Math.round(size * 2) / 2,
        isBold: face.isBold,
        isItalic: face.isItalic,
        isUnderline: false,
        color: toHex(color),
      },
    };
  };
}

/** A vector path: kept for finding figures, and a rule when thin, a fill when a filled rectangle short of the page. */
function addVector(
  walked: WalkedPage,
  box: Box,
  flags: { isStroked: boolean; isRectangle: boolean },
  color: string,
  pageArea: number,
): void {
  const thickness = Math.min(box.x1 - box.x0, box.y1 - box.y0);
  const length = Math.max(box.x1 - box.x0, box.y1 - box.y0);
  const isRule =
    thickness <= SETTINGS.read.maxRuleThickness && length > SETTINGS.read.minRuleAspect * thickness;
  if (walked.paths.length < SETTINGS.read.maxFigurePaths)
    walked.paths.push({ box, isShape: !isRule && !flags.isRectangle });
  if (isRule) {
    walked.rules.push({ box, color });
  } else if (flags.isRectangle && !flags.isStroked) {
    const area = (box.x1 - box.x0) * (box.y1 - box.y0);
    if (area < SETTINGS.read.maxFillPageShare * pageArea) walked.fills.push({ box, color });
  }
}

/** The link whose area holds the middle of `box`: the one a click on that character follows. */
function linkAt(links: readonly PageLink[], box: Box): LinkTarget | undefined {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  return links.find((link) => x >= link.box.x0 && x <= link.box.x1 && y >= link.box.y0 && y <= link.box.y1)
    ?.target;
}
