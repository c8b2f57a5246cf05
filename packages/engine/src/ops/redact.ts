import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import { AppError, TOOLS, pageBoxRect, type Notice, type PageBox } from '@quire/shared';
import { damagedError, openAuthenticated } from '../mupdf/edit-pdf.ts';
import { loadMupdf, type MupdfModule } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { breakFormCycles } from '../redact/break-form-cycles.ts';
import { findPageMatches, readTextBlocks, TermMatcher, type Quad } from '../redact/find-matches.ts';
import { removeHiddenContent } from '../redact/remove-hidden-content.ts';
import {
  annotationTexts,
  removeDocumentLeaks,
  removeField,
  removeMatchingStrings,
} from '../redact/remove-leaks.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/** How a broken file's error ends: `"report.pdf" is damaged and …`. */
const FAILURE = 'could not be redacted';

/**
 * What a job of this tool costs (`estimateWork`): MuPDF reads each page's text, then rewrites the content of the
 * pages it redacts, and writes the whole file again. From `npm run bench redact` (the machine busy with browser
 * tests): a 352-page book 18.7 s, 14 pages of dense two-column text with hundreds of matches a page 6.8 s. The
 * matches, which an estimate made before the work cannot know, cost most: these rates are rough.
 */
const WORK_RATES: WorkRates = {
  ...NO_WORK,
  baseMs: 100,
  perPageMs: 50,
  perContentMiBMs: 3000,
  perInputMiBMs: 40,
};

type Rect = [number, number, number, number];

/**
 * Removes from a PDF the words and phrases of `search` wherever its pages write them (found in MuPDF's structured
 * text, each line of a match covered by the quad of its characters), and everything inside the boxes of `areas`,
 * then draws a box of `fill` where each was. Removing, not covering: MuPDF's redaction rewrites the page's content
 * without the characters under a box, blanks the pixels of pictures under it, and drops drawings (inside a box of
 * `areas`: every drawing it touches; around a word found: drawings wholly under it, so a table's rules stay).
 *
 * What could still tell the words goes too: annotations and form fields that carry one or that lie on a place
 * removed (a field goes with its value), any other string of the file that holds one (structure elements'
 * replacement text), the content of layers hidden when the file opens, and whatever the document carries beside its
 * pages: metadata, bookmarks, scripts, attachments, thumbnails. The file is written again whole, so no earlier
 * revision keeps anything. With neither words nor boxes, that is all it does: the document's hidden data removed.
 */
export const redact: EngineOp<'redact'> = async ({ file, options }, ctx) => {
  const { search, regex, areas, fill } = options;
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.redact.maxPages);
  const outside = areas.findIndex((box) => box.page > info.pageCount);
  if (outside >= 0) {
    throw new AppError(
      'INVALID_OPTIONS',
      `areas item ${outside + 1} is on page ${areas[outside]?.page}, past the end of the document (${info.pageCount} pages).`,
      { option: 'areas', item: outside + 1, pageCount: info.pageCount },
    );
  }
  await declarePdfWork(WORK_RATES, [info], ctx);

  ctx.onProgress?.('processing', { done: 0, total: info.pageCount });
  const mupdf = await loadMupdf();
  const matcher = new TermMatcher(search, regex === 'true');
  const opened = openAuthenticated(mupdf, info.path, info.password, file.name, FAILURE);
  let redacted: Uint8Array;
  let matches = 0;
  try {
    const { pdf } = opened;
    removeHiddenContent(pdf);
    for (let index = 0; index < info.pageCount; index += 1) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const pageAreas = areas.filter((box) => box.page === index + 1);
      matches += redactPage(mupdf, pdf, index, { matcher, areas: pageAreas, fill });
      ctx.onProgress?.('processing', { done: index + 1, total: info.pageCount });
    }
    removeDocumentLeaks(pdf);
    if (!matcher.isEmpty) removeMatchingStrings(pdf, (texts) => matcher.matchTexts(texts));
    ctx.onProgress?.('writing');
    redacted = ownedBytes(pdf.saveToBuffer('garbage,compress,decrypt'));
  } catch (error) {
    if (error instanceof AppError || ctx.signal.aborted) throw error;
    // MuPDF throws plain errors on structures it cannot follow: a broken file.
    throw damagedError(file.name, FAILURE);
  } finally {
    opened.close();
  }

  const outputPath = join(ctx.workDir, 'redacted.pdf');
  await writeFile(outputPath, redacted);
  const notices: Notice[] = [...repairNotices(info.wasRepaired), ...passwordNotices([info])];
  if (search.length > 0 && matches === 0) notices.push({ code: 'NO_MATCHES' });
  return {
    path: outputPath,
    // Written decrypted: a protected file's result has no password.
    report: { values: { pageCount: info.pageCount, matches, areas: areas.length }, notices },
  };
};

type PageWork = { matcher: TermMatcher; areas: readonly PageBox[]; fill: string };

/** Redacts one page; returns how many places a term was found on it. */
function redactPage(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  index: number,
  { matcher, areas, fill }: PageWork,
): number {
  const page = pdf.loadPage(index);
  breakFormCycles(page);
  const bounds = page.getBounds() as Rect;
  let quads: Quad[] = [];
  let found = 0;
  if (!matcher.isEmpty) {
    const text = page.toStructuredText('preserve-whitespace');
    try {
      const matches = findPageMatches(readTextBlocks(text), matcher);
      found = matches.length;
      quads = matches.flatMap((match) => match.quads);
    } finally {
      text.destroy();
    }
  }
  const areaRects = areas.map((box) => pageBoxRect(box, bounds));
  if (quads.length === 0 && areaRects.length === 0) return 0;
  removeAnnotations(pdf, page, matcher, [...areaRects, ...quads.map(quadBounds)]);

  const { PDFPage } = mupdf;
  if (areaRects.length > 0) {
    for (const rect of areaRects) page.createAnnotation('Redact').setRect(rect);
    // Everything a box of `areas` touches goes: a drawing reaching into it, a picture's pixels under it.
    page.applyRedactions(
      false,
      PDFPage.REDACT_IMAGE_PIXELS,
      PDFPage.REDACT_LINE_ART_REMOVE_IF_TOUCHED,
      PDFPage.REDACT_TEXT_REMOVE,
    );
  }
  if (quads.length > 0) {
    for (const quad of quads) page.createAnnotation('Redact').setQuadPoints([innerBand(quad)]);
    // Around a word, only drawings wholly under it go: an underline, not the table's rules that cross it.
    page.applyRedactions(
      false,
      PDFPage.REDACT_IMAGE_PIXELS,
      PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED,
      PDFPage.REDACT_TEXT_REMOVE,
    );
  }
  drawFill(pdf, page, fill, [...areaRects.map(rectQuad), ...quads]);
  return found;
}

/**
 * Removes the page's annotations that carry a term (a comment, a field's value or name, a link's address) or that lie
 * on a place redacted (their appearance would show what was under it); a form field goes with its widget.
 */
function removeAnnotations(
  pdf: Mupdf.PDFDocument,
  page: Mupdf.PDFPage,
  matcher: TermMatcher,
  redactedRects: readonly Rect[],
): void {
  const annotations = [...page.getAnnotations(), ...page.getWidgets()];
  const texts = annotations.map((annotation) => annotationTexts(annotation.getObject()).join('\n'));
  const hasTerm = matcher.isEmpty ? texts.map(() => false) : matcher.matchTexts(texts);
  annotations.forEach((annotation, index) => {
    if (annotation.getType() === 'Redact') return;
    const rect = annotation.getBounds() as Rect;
    if (!hasTerm[index] && !redactedRects.some((other) => intersects(rect, other))) return;
    const object = annotation.getObject();
    if (annotation.getType() === 'Widget') removeField(pdf, object);
    page.deleteAnnotation(annotation);
  });
}

/**
 * Draws the boxes where content was removed, in `fill`, over the page: its content is wrapped in `q … Q` first, so
 * nothing it leaves set (a transformation, a clip) moves them. Quads are turned from MuPDF's coordinates (the page as
 * seen, y downwards) into the page's own.
 */
function drawFill(pdf: Mupdf.PDFDocument, page: Mupdf.PDFPage, fill: string, quads: readonly Quad[]): void {
  const toPdf = invert(page.getTransform() as unknown as readonly number[]);
  const rgb = [1, 3, 5].map((at) => (Number.parseInt(fill.slice(at, at + 2), 16) / 255).toFixed(3));
  const shapes = quads.map((quad) => {
    // Upper left, upper right, lower right, lower left: around the quad.
    const corners = [0, 2, 6, 4].map((at) => apply(toPdf, quad[at] ?? 0, quad[at + 1] ?? 0));
    const [first, ...rest] = corners.map(([x, y]) => `${x.toFixed(3)} ${y.toFixed(3)}`);
    return `${first} m ${rest.map((point) => `${point} l`).join(' ')} h f`;
  });
  const pageObject = page.getObject();
  const contents = pageObject.get('Contents');
  const list = pdf.newArray();
  list.push(pdf.addStream('q\n', {}));
  if (contents.isArray()) contents.forEach((stream) => list.push(stream));
  else if (!contents.isNull()) list.push(contents);
  list.push(pdf.addStream(`Q\nq ${rgb.join(' ')} rg\n${shapes.join('\n')}\nQ\n`, {}));
  pageObject.put('Contents', list);
}

/** Across a line, the part of a match's quad that marks its characters for removal: the middle half. */
const BAND_START = 0.25;
const BAND_END = 0.75;
/** Along a line, how far in from each end of a match (in line heights) the marking stops. */
const END_INSET = 0.05;

/**
 * The band of a match's quad that marks its characters for removal. MuPDF removes every character whose box touches
 * a redaction, and a quad of text runs from the descenders to the ascenders, into the lines above and below where
 * lines are set close (and a neighbour's box may touch an end): the middle of the line touches every character of
 * the match and none of its neighbours'. The fill still covers the whole quad.
 */
function innerBand(quad: Quad): Quad {
  const [ulx = 0, uly = 0, urx = 0, ury = 0, llx = 0, lly = 0] = quad;
  const along = [urx - ulx, ury - uly] as const;
  const across = [llx - ulx, lly - uly] as const;
  const length = Math.hypot(...along) || 1;
  const inset = Math.min(END_INSET * Math.hypot(...across), 0.25 * length) / length;
  const point = (u: number, v: number) => [
    ulx + along[0] * u + across[0] * v,
    uly + along[1] * u + across[1] * v,
  ];
  return [
    ...point(inset, BAND_START),
    ...point(1 - inset, BAND_START),
    ...point(inset, BAND_END),
    ...point(1 - inset, BAND_END),
  ] as Quad;
}

type Matrix = readonly number[];

function invert([a = 1, b = 0, c = 0, d = 1, e = 0, f = 0]: Matrix): Matrix {
  const determinant = a * d - b * c || 1;
  return [
    d / determinant,
    -b / determinant,
    -c / determinant,
    a / determinant,
    (c * f - d * e) / determinant,
    (b * e - a * f) / determinant,
  ];
}

function apply([a = 1, b = 0, c = 0, d = 1, e = 0, f = 0]: Matrix, x: number, y: number): [number, number] {
  return [x * a + y * c + e, x * b + y * d + f];
}

function rectQuad([x0, y0, x1, y1]: Rect): Quad {
  return [x0, y0, x1, y0, x0, y1, x1, y1];
}

function quadBounds(quad: Quad): Rect {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function intersects(a: Rect, b: Rect): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}
