import type * as Mupdf from 'mupdf';
import type { Fill, PageLink, Rule } from '../model/layout-model.ts';
import { buildPageLines } from './build-lines.ts';
import { measureMarks } from './formula-marks.ts';
import { imageOrientation } from './image-orientation.ts';
import { pageTurner, uprightTurn, type PageTurn } from './page-turn.ts';
import type { ReadPage } from './raw-page.ts';
import { readWidgetBoxes, withoutFields } from './read-widgets.ts';
import { fillFinder, readHighlights, withHighlights } from './text-fills.ts';
import { shownPart } from './trim-image-margins.ts';
import { columnsAsRows, isVerticalPage } from './vertical-page.ts';
import { walkPageText, type WalkedPage } from './walk-page-text.ts';

/**
 * Reads one page into the plain layout model: lines split into style runs (and where `links` cover them, link runs),
 * images as pixels, thin rectangles as rules and other filled rectangles as fills, and, on an upright page, what the
 * figures stage needs of its drawing (`PageDrawing`). Coordinates are points from the top left of the displayed page.
 */
export function readPageLayout(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  pageNumber: number,
  links: readonly PageLink[] = [],
): ReadPage {
  // Through a display list with the extras: form fields and annotations are part of what the page shows.
  const displayList = page.toDisplayList(true);
  try {
    const walked = walkPageText(mupdf, page, displayList, links);
    const [bx0, by0, bx1, by1] = page.getBounds();
    const fills = withHighlights(walked.fills, readHighlights(page));
    const turned = turnUpright(walked, fills, bx1 - bx0, by1 - by0);
    const images = walked.placed.map(({ image, matrix: [a = 1, b = 0, c = 0, d = 1] }) =>
      shownPart(
        { ...image, orientation: imageOrientation([...turned.vector(a, b), ...turned.vector(c, d)]) },
        turned.fills,
      ),
    );
    shadeCharacters(walked, turned.fills);
    const lines = buildPageLines(walked.rawLines);
    // Figures are drawn from the page as it stands: a turned page's are left to its text and rules.
    const drawing =
      turned.turn === 0
        ? {
            shapes: walked.paths.filter((path) => path.isShape).map((path) => path.box),
            paths: withoutFields(walked.paths, readWidgetBoxes(page)),
            maths: walked.glyphs.maths,
            marks: measureMarks(mupdf, displayList, [bx0, by0, bx1, by1], walked.glyphs.extension),
          }
        : null;
    return {
      layout: {
        pageNumber,
        width: turned.width,
        height: turned.height,
        lines,
        rules: turned.rules,
        fills: turned.fills,
        ...(turned.isVerticalText ? { isVerticalText: true } : {}),
        ...(turned.turn !== 0 ? { turn: turned.turn } : {}),
      },
      images,
      drawing,
    };
  } finally {
    displayList.destroy();
  }
}

/**
 * Turns the walked page upright, in place for its lines, characters and images: a page drawn sideways (a landscape
 * form on a portrait page) is read turned, as the reader turns it. A page of vertical Japanese or Chinese is read
 * turned a quarter too, its columns then rows (`vertical-page.ts`). Gives the turned rules, fills and page size.
 */
function turnUpright(
  walked: WalkedPage,
  fills: Fill[],
  pageWidth: number,
  pageHeight: number,
): {
  turn: PageTurn;
  isVerticalText: boolean;
  width: number;
  height: number;
  rules: Rule[];
  fills: Fill[];
  vector: (x: number, y: number) => [number, number];
} {
  const { rawLines } = walked;
  const sidewaysTurn = uprightTurn(rawLines.map((line) => ({ ...line, characters: line.chars.length })));
  const isVerticalText = sidewaysTurn === 0 && isVerticalPage(rawLines);
  const turn = isVerticalText ? 270 : sidewaysTurn;
  const turner = pageTurner(turn, pageWidth, pageHeight);
  let rules = walked.rules;
  let turnedFills = fills;
  let width = pageWidth;
  let height = pageHeight;
  if (turn !== 0) {
    for (const line of rawLines) {
      line.direction = turner.vector(...line.direction);
      for (const char of line.chars) {
        char.box = turner.box(char.box);
        char.baseline = turner.point(...char.origin)[1];
      }
    }
    for (const { image } of walked.placed) image.box = turner.box(image.box);
    rules = rules.map((rule) => ({ ...rule, box: turner.box(rule.box) }));
    turnedFills = turnedFills.map((fill) => ({ ...fill, box: turner.box(fill.box) }));
    width = turner.width;
    height = turner.height;
  }
  if (isVerticalText) rawLines.splice(0, rawLines.length, ...columnsAsRows(rawLines));
  return { turn, isVerticalText, width, height, rules, fills: turnedFills, vector: turner.vector };
}

/** Each character gets the fill behind it (a table's shading, a highlight). */
function shadeCharacters(walked: WalkedPage, fills: readonly Fill[]): void {
  if (fills.length === 0) return;
  const findFill = fillFinder(fills);
  for (const char of walked.rawLines.flatMap((line) => line.chars)) {
    const shade = findFill(char.box);
    if (shade) char.shade = shade;
  }
}
