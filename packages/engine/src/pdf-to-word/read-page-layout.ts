import type * as Mupdf from 'mupdf';
import { mapFontName, type FontFace } from './font-names.ts';
import { toHex } from './pdf-colors.ts';
import { detectTables } from './detect-tables.ts';
import { findFigures, isInside, mergeOverlapping, type PathMark } from './find-figures.ts';
import { findFormulas } from './find-formulas.ts';
import { joinRowFragments } from './join-row-fragments.ts';
import { formulaGlyphs, measureMarks } from './formula-marks.ts';
import { fillFinder, readHighlights, withHighlights } from './text-fills.ts';
import { imageOrientation, type ImageOrientation } from './image-orientation.ts';
import { readImage } from './read-image.ts';
import { shownPart } from './trim-image-margins.ts';
import { readWidgetBoxes, withoutFields } from './read-widgets.ts';
import { pageTurner, uprightTurn } from './page-turn.ts';
import { columnsAsRows, isVerticalPage } from './vertical-page.ts';
import {
  scriptRise,
  type Box,
  type Fill,
  type Line,
  type LinkTarget,
  type PageLayout,
  type PageLink,
  type Rule,
  type Span,
  type TextStyle,
} from './layout-model.ts';
import {
  isBlank,
  isOffPage,
  isUnwritable,
  shrinkLoneMarks,
  tidyLineCharacters,
  type Char,
} from './line-characters.ts';
import { hasRightToLeft } from './script-direction.ts';
import {
  hasReadablePlacement,
  isRightToLeftLine,
  joinRightToLeftPieces,
  toReadingOrder,
} from './visual-order.ts';

/** MuPDF options: images as blocks, vector paths reported, no merging of our own lines into MuPDF's paragraphs. */
const STEXT_OPTIONS = 'preserve-images,preserve-whitespace,vectors';
/** A rectangle thinner than this, in points, is a rule (table border, underline, separator). */
const MAX_RULE_THICKNESS = 2.5;
/** Filled rectangles covering more of the page than this are page backgrounds, not shading. */
const MAX_FILL_PAGE_SHARE = 0.6;
/**
 * Paths kept per page for finding figures: a page of millions of tiny paths (a map, a hostile file) costs no more
 * memory than this many, and its first ones still show where its drawings are.
 */
const MAX_FIGURE_PATHS = 200_000;
/** Characters further apart than this many font sizes on one baseline belong to separate lines (columns, cells). */
const MAX_CHAR_GAP_EM = 2;

/** A character with the point it is drawn from (its baseline's), until the page's turn is known. */
type RawChar = Char & { origin: [number, number] };
type RawLine = { chars: RawChar[]; isVertical: boolean; direction: [number, number] };

/** An image as decoded pixels, before encoding (which is asynchronous and happens after the walk). */
export type RawImage = {
  box: Box;
  pixels: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  /** How the pixels are turned on the page. */
  orientation: ImageOrientation;
};

/**
 * Reads one page into the plain layout model: lines split into style runs (and where `links` cover them, link runs),
 * images as pixels, thin rectangles as rules and other filled rectangles as fills, and the boxes of the figures
 * drawn with vector paths (`findFigures`; on upright pages), which the caller may draw as pictures. Coordinates are
 * points from the top left of the displayed page.
 */
export function readPageLayout(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  pageNumber: number,
  links: readonly PageLink[] = [],
): { layout: Omit<PageLayout, 'images'>; images: RawImage[]; figures: Box[] } {
  const [bx0, by0, bx1, by1] = page.getBounds();
  let width = bx1 - bx0;
  let height = by1 - by0;
  const toBox = (rect: readonly number[]): Box => ({
    x0: (rect[0] ?? 0) - bx0,
    y0: (rect[1] ?? 0) - by0,
    x1: (rect[2] ?? 0) - bx0,
    y1: (rect[3] ?? 0) - by0,
  });
  const faces = new Map<number, FontFace>();
  const lines: Line[] = [];
  /** Images with the matrix that draws them, whose orientation is known once the page's turn is. */
  const placed: { image: Omit<RawImage, 'orientation'>; matrix: number[] }[] = [];
  let rules: Rule[] = [];
  const fills: Fill[] = [];
  const paths: PathMark[] = [];
  /** MuPDF's lines as it hands them over, with their writing direction and their characters' origins. */
  const rawLines: RawLine[] = [];
  let chars: RawChar[] = [];
  let isVertical = false;
  let direction: [number, number] = [1, 0];

  // Through a display list with the extras: form fields and annotations are part of what the page shows.
  const displayList = page.toDisplayList(true);
  const text = displayList.toStructuredText(STEXT_OPTIONS);
  const formulaGlyphsOnPage = formulaGlyphs();
  try {
    text.walk({
      beginLine(_bbox, wmode, lineDirection) {
        chars = [];
        isVertical = wmode === 1;
        direction = [lineDirection[0], lineDirection[1]];
      },
      onChar(rawChar, origin, font, size, quad, color, bidi) {
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        const box = toBox([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
        if (!isVertical) formulaGlyphsOnPage.add(font, box, size);
        // Control characters cannot stand in Word's XML; tabs and line breaks inside a line are spaces.
        if (isUnwritable(rawChar)) return;
        const c = /\s/.test(rawChar) ? ' ' : rawChar;
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
        if (isOffPage(box, isVertical ? null : origin[1] - by0, { width, height })) return;
        const link = links.length > 0 ? linkAt(links, box) : undefined;
        chars.push({
          c,
          box,
          ...(link ? { link } : {}),
          origin: [origin[0] - bx0, origin[1] - by0],
          baseline: origin[1] - by0,
          bidi,
          style: {
            font: face.family,
            size: Math.round(size * 2) / 2,
            isBold: face.isBold,
            isItalic: face.isItalic,
            isUnderline: false,
            color: toHex(color),
          },
        });
      },
      endLine() {
        rawLines.push({ chars, isVertical, direction });
      },
      onImageBlock(bbox, transform, image) {
        const raw = readImage(mupdf, image, toBox(bbox));
        if (raw) placed.push({ image: raw, matrix: [...transform] });
      },
      onVector(bbox, flags: { isStroked: boolean; isRectangle: boolean }, color) {
        const box = toBox(bbox);
        const thickness = Math.min(box.x1 - box.x0, box.y1 - box.y0);
        const length = Math.max(box.x1 - box.x0, box.y1 - box.y0);
        const isRule = thickness <= MAX_RULE_THICKNESS && length > 2 * thickness;
        if (paths.length < MAX_FIGURE_PATHS) paths.push({ box, isShape: !isRule && !flags.isRectangle });
        if (isRule) {
          rules.push({ box, color: toHex(color) });
        } else if (flags.isRectangle && !flags.isStroked) {
          const area = (box.x1 - box.x0) * (box.y1 - box.y0);
          if (area < MAX_FILL_PAGE_SHARE * width * height) fills.push({ box, color: toHex(color) });
        }
      },
    });
  } finally {
    text.destroy();
  }
  let pageFills = withHighlights(fills, readHighlights(page));
  // A page drawn sideways (a landscape form on a portrait page) is read turned, as the reader turns it. A page of
  // vertical Japanese or Chinese is read turned a quarter too, its columns then rows (`vertical-page.ts`).
  const sidewaysTurn = uprightTurn(rawLines.map((line) => ({ ...line, characters: line.chars.length })));
  const isVerticalText = sidewaysTurn === 0 && isVerticalPage(rawLines);
  const turn = isVerticalText ? 270 : sidewaysTurn;
  const turner = pageTurner(turn, width, height);
  if (turn !== 0) {
    for (const line of rawLines) {
      line.direction = turner.vector(...line.direction);
      for (const char of line.chars) {
        char.box = turner.box(char.box);
        char.baseline = turner.point(...char.origin)[1];
      }
    }
    for (const { image } of placed) image.box = turner.box(image.box);
    rules = rules.map((rule) => ({ ...rule, box: turner.box(rule.box) }));
    pageFills = pageFills.map((fill) => ({ ...fill, box: turner.box(fill.box) }));
    width = turner.width;
    height = turner.height;
  }
  if (isVerticalText) rawLines.splice(0, rawLines.length, ...columnsAsRows(rawLines));
  const images = placed.map(({ image, matrix: [a = 1, b = 0, c = 0, d = 1] }) =>
    shownPart(
      { ...image, orientation: imageOrientation([...turner.vector(a, b), ...turner.vector(c, d)]) },
      pageFills,
    ),
  );
  if (pageFills.length > 0) {
    const findFill = fillFinder(pageFills);
    for (const char of rawLines.flatMap((line) => line.chars)) {
      const shade = findFill(char.box);
      if (shade) char.shade = shade;
    }
  }
  const isUpright = (line: RawLine) => !line.isVertical && line.direction[0] > 0.5;
  const upright = rawLines.filter(isUpright).map((line) => line.chars);
  const others = rawLines
    .filter((line) => !isUpright(line))
    .map((line) => ({
      chars: line.chars,
      isVertical: line.isVertical || Math.abs(line.direction[1]) > 0.5,
      flow: line.isVertical || line.direction[1] > 0.5 ? ('down' as const) : ('up' as const),
    }));
  const rows = upright.some((line) => line.some((char) => hasRightToLeft(char.c)))
    ? joinRightToLeftPieces(upright, MAX_CHAR_GAP_EM, (char) => char.style.size)
    : upright;
  for (const row of rows) {
    if (isRightToLeftLine(row) && hasReadablePlacement(row)) {
      for (const part of splitAtVisualGaps(row)) {
        const line = buildLine(toReadingOrder(part), { isVertical: false, isRightToLeft: true });
        if (line) lines.push(line);
      }
      continue;
    }
    for (const part of splitAtGaps(row, false)) {
      const line = buildLine(part, { isVertical: false, isRightToLeft: false });
      if (line) lines.push(line);
    }
  }
  for (const other of others) {
    for (const part of splitAtGaps(other.chars, other.isVertical)) {
      const line = buildLine(part, { isVertical: other.isVertical, isRightToLeft: false });
      if (line) lines.push(other.isVertical ? { ...line, flow: other.flow } : line);
    }
  }
  // Figures are drawn from the page as it stands: a turned page's are left to its text and rules.
  const shapes = paths.filter((path) => path.isShape).map((path) => path.box);
  const found = turn === 0 ? detectTables(lines, rules, pageFills, shapes) : null;
  // Formulas whose lines stand over each other, measured on the page as drawn; not those of tables' cells.
  const formulas = found
    ? findFormulas(
        measureMarks(mupdf, displayList, [bx0, by0, bx1, by1], formulaGlyphsOnPage.extension),
        formulaGlyphsOnPage.maths,
        lines,
        rules,
      ).filter((box) => !found.tables.some((table) => isInside(box, table.box)))
    : [];
  displayList.destroy();
  const figures = found
    ? findFigures({
        width,
        height,
        paths: withoutFields(paths, readWidgetBoxes(page)),
        lines,
        tables: found.tables.map((table) => table.box),
        drawings: found.drawings,
      })
    : [];
  if (formulas.length > 0) figures.splice(0, figures.length, ...mergeOverlapping([...figures, ...formulas]));
  return {
    layout: {
      pageNumber,
      width,
      height,
      lines: shrinkLoneMarks(joinRowFragments(lines, formulas)),
      rules,
      fills: pageFills,
      ...(isVerticalText ? { isVerticalText } : {}),
    },
    images,
    figures,
  };
}

/**
 * Splits a MuPDF line where its characters are far apart on the baseline (two columns or cells on one line). Within
 * left-to-right text the gap is measured between neighbouring characters; right-to-left characters come in logical
 * order, so between runs of one direction the gap is measured between the runs' boxes.
 */
function splitAtGaps(chars: Char[], isVertical: boolean): Char[][] {
  if (isVertical) return [chars];
  const parts: Char[][] = [[]];
  let previous: BidiRun | null = null;
  for (const run of bidiRuns(chars)) {
    if (
      previous &&
      horizontalGap(previous.box, run.box) > MAX_CHAR_GAP_EM * Math.max(previous.size, run.size)
    ) {
      parts.push([]);
    }
    // MuPDF bridges gaps with a synthetic space: measure between inked characters.
    let lastInk: Char | null = null;
    for (const char of run.chars) {
      if (!run.isRightToLeft && !isBlank(char.c)) {
        if (lastInk) {
          const gap = char.box.x0 - lastInk.box.x1;
          const size = Math.max(char.style.size, lastInk.style.size);
          if (gap > MAX_CHAR_GAP_EM * size || gap < -4 * size) parts.push([]);
        }
        lastInk = char;
      }
      parts.at(-1)?.push(char);
    }
    previous = run;
  }
  return parts.filter((part) => part.length > 0);
}

type BidiRun = { chars: Char[]; isRightToLeft: boolean; box: Box; size: number };

/** The line cut where the direction of its inked characters changes; blanks stay with the run before them. */
function bidiRuns(chars: readonly Char[]): BidiRun[] {
  const runs: BidiRun[] = [];
  for (const char of chars) {
    const isRightToLeft = char.bidi % 2 === 1;
    const last = runs.at(-1);
    if (last && (isBlank(char.c) || last.isRightToLeft === isRightToLeft)) {
      last.chars.push(char);
      if (!isBlank(char.c)) {
        last.box = last.chars.length === 1 || last.size === 0 ? char.box : mergeBox(last.box, char.box);
        last.size = Math.max(last.size, char.style.size);
      }
    } else {
      const inked = !isBlank(char.c);
      runs.push({ chars: [char], isRightToLeft, box: char.box, size: inked ? char.style.size : 0 });
    }
  }
  return runs;
}

/** Horizontal distance between two boxes; negative when they overlap. */
function horizontalGap(a: Box, b: Box): number {
  return Math.max(b.x0 - a.x1, a.x0 - b.x1);
}

/** Splits a right-to-left line, taken in the order its characters stand, where they are far apart. */
function splitAtVisualGaps(chars: readonly Char[]): Char[][] {
  const parts: Char[][] = [[]];
  let lastInk: Char | null = null;
  for (const char of [...chars].sort((a, b) => a.box.x0 - b.box.x0)) {
    if (!isBlank(char.c)) {
      const size = Math.max(char.style.size, lastInk?.style.size ?? 0);
      if (lastInk && char.box.x0 - lastInk.box.x1 > MAX_CHAR_GAP_EM * size) parts.push([]);
      lastInk = char;
    }
    parts.at(-1)?.push(char);
  }
  return parts;
}

function buildLine(
  chars: Char[],
  { isVertical, isRightToLeft }: { isVertical: boolean; isRightToLeft: boolean },
): Line | null {
  // Trailing and leading whitespace carries no layout; a line of only spaces is no line.
  let start = 0;
  let end = chars.length;
  while (start < end && isBlank(chars[start]?.c)) start += 1;
  while (end > start && isBlank(chars[end - 1]?.c)) end -= 1;
  if (start === end) return null;
  // Two spaces in a row are one gap.
  const trimmed = chars
    .slice(start, end)
    .filter((char, index, all) => !(isBlank(char.c) && isBlank(all[index - 1]?.c)));
  const kept = isVertical || isRightToLeft ? trimmed : tidyLineCharacters(trimmed);
  // The line's baseline is that of its largest characters; smaller ones above or below it are exponents and indices.
  const inked = kept.filter((char) => !isBlank(char.c));
  const mainSize = Math.max(0, ...inked.map((char) => char.style.size));
  const box = kept.map((char) => char.box).reduce(mergeBox);
  const baseline = inked.find((char) => char.style.size === mainSize)?.baseline ?? box.y1;
  const spans: Span[] = [];
  for (const [index, char] of kept.entries()) {
    const last = spans.at(-1);
    const rise =
      isVertical || isBlank(char.c)
        ? (last?.rise ?? 0)
        : scriptRise(char.baseline, char.style.size, baseline, mainSize);
    const link = isBlank(char.c) ? acrossSpace(kept, index, (near) => near.link) : char.link;
    const shade = isBlank(char.c) ? acrossSpace(kept, index, (near) => near.shade) : char.shade;
    if (
      last &&
      last.link === link &&
      last.shade === shade &&
      (isBlank(char.c) || (isSameStyle(last.style, char.style) && (last.rise ?? 0) === rise))
    ) {
      last.text += char.c;
      if (!isBlank(char.c)) last.box = mergeBox(last.box, char.box);
    } else {
      spans.push({
        text: char.c,
        style: char.style,
        box: char.box,
        ...(rise ? { rise } : {}),
        ...(link ? { link } : {}),
        ...(shade ? { shade } : {}),
      });
    }
  }
  return { box, baseline, spans, text: spans.map((span) => span.text).join(''), isVertical };
}

/** The link whose area holds the middle of `box`: the one a click on that character follows. */
function linkAt(links: readonly PageLink[], box: Box): LinkTarget | undefined {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  return links.find((link) => x >= link.box.x0 && x <= link.box.x1 && y >= link.box.y0 && y <= link.box.y1)
    ?.target;
}

/**
 * A space belongs to a link (or a highlight) when the characters on both sides of it do ("Quire PDF tools" as one
 * link), whether or not the link's area covers the space itself; a space after a link's last word is outside it.
 */
function acrossSpace<T>(
  chars: readonly Char[],
  index: number,
  pick: (char: Char) => T | undefined,
): T | undefined {
  let before = index - 1;
  while (before >= 0 && isBlank(chars[before]?.c)) before -= 1;
  let after = index + 1;
  while (after < chars.length && isBlank(chars[after]?.c)) after += 1;
  const left = chars[before];
  const right = chars[after];
  const value = left ? pick(left) : undefined;
  return value !== undefined && right && pick(right) === value ? value : undefined;
}

function isSameStyle(a: TextStyle, b: TextStyle): boolean {
  return (
    a.font === b.font &&
    a.size === b.size &&
    a.isBold === b.isBold &&
    a.isItalic === b.isItalic &&
    a.color === b.color
  );
}

function mergeBox(a: Box, b: Box): Box {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}
