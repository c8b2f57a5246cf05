import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import {
  AppError,
  MAX_LISTED_MATCHES,
  TOOLS,
  pageBoxRect,
  type Notice,
  type PageBox,
  type RedactMatch,
  type RedactPreview,
} from '@quire/shared';
import { damagedError, openAuthenticated } from '../mupdf/edit-pdf.ts';
import { loadMupdf, type MupdfModule } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { breakFormCycles } from '../redact/break-form-cycles.ts';
import {
  findPageMatches,
  readTextBlocks,
  TermMatcher,
  type Match,
  type Quad,
} from '../redact/find-matches.ts';
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
 *
 * The matches of `search` are numbered from 1, page by page in reading order; those `skip` names are left as they
 * are. With `preview`, nothing is removed: the result is the list of matches (`RedactPreview`, JSON), numbered so,
 * found by the same reading of the same pages (hidden layers cut out first, as the redaction does).
 */
export const redact: EngineOp<'redact'> = async ({ file, options }, ctx) => {
  const { search, regex, areas, fill, preview, skip } = options;
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
  let found = 0;
  let removed = 0;
  const listed: RedactMatch[] = [];
  try {
    const { pdf } = opened;
    removeHiddenContent(pdf);
    const skipped = new Set(skip);
    for (let index = 0; index < info.pageCount; index += 1) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (preview === 'true') {
        found += listPageMatches(pdf, index, matcher, found, listed);
      } else {
        const pageAreas = areas.filter((box) => box.page === index + 1);
        const page = redactPage(mupdf, pdf, index, {
          matcher,
          areas: pageAreas,
          fill,
          skipped,
          numbered: found,
        });
        found += page.found;
        removed += page.removed;
      }
      ctx.onProgress?.('processing', { done: index + 1, total: info.pageCount });
    }
    ctx.onProgress?.('writing');
    if (preview === 'true') {
      const list: RedactPreview = { pageCount: info.pageCount, matchCount: found, matches: listed };
      redacted = new TextEncoder().encode(JSON.stringify(list));
    } else {
      removeDocumentLeaks(pdf);
      if (!matcher.isEmpty) removeMatchingStrings(pdf, (texts) => matcher.matchTexts(texts));
      redacted = ownedBytes(pdf.saveToBuffer('garbage,compress,decrypt'));
    }
  } catch (error) {
    if (error instanceof AppError || ctx.signal.aborted) throw error;
    // MuPDF throws plain errors on structures it cannot follow: a broken file.
    throw damagedError(file.name, FAILURE);
  } finally {
    opened.close();
  }

  const outputPath = join(ctx.workDir, preview === 'true' ? 'matches.json' : 'redacted.pdf');
  await writeFile(outputPath, redacted);
  const notices: Notice[] = [...repairNotices(info.wasRepaired), ...passwordNotices([info])];
  if (search.length > 0 && found === 0) notices.push({ code: 'NO_MATCHES' });
  const values = { pageCount: info.pageCount, areas: preview === 'true' ? 0 : areas.length, preview };
  return {
    path: outputPath,
    // Written decrypted: a protected file's result has no password. A preview counts the matches it lists.
    report: { values: { ...values, matches: preview === 'true' ? found : removed }, notices },
  };
};

/** The matches of one page (`findPageMatches`), as MuPDF reads its text; none for an empty search. */
function pageMatches(page: Mupdf.PDFPage, matcher: TermMatcher): Match[] {
  if (matcher.isEmpty) return [];
  const text = page.toStructuredText('preserve-whitespace');
  try {
    return findPageMatches(readTextBlocks(text), matcher);
  } finally {
    text.destroy();
  }
}

/**
 * Adds one page's matches to the preview's list (while it has room), numbered after the `numbered` before them, each
 * with its boxes as fractions of the page as seen; returns how many the page has.
 */
function listPageMatches(
  pdf: Mupdf.PDFDocument,
  index: number,
  matcher: TermMatcher,
  numbered: number,
  listed: RedactMatch[],
): number {
  const page = pdf.loadPage(index);
  breakFormCycles(page);
  const [x0, y0, x1, y1] = page.getBounds() as Rect;
  const [width, height] = [x1 - x0 || 1, y1 - y0 || 1];
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const matches = pageMatches(page, matcher);
  matches.forEach((match, at) => {
    if (listed.length >= MAX_LISTED_MATCHES) return;
    const boxes = match.quads.map((quad) => {
      const [left, top, right, bottom] = quadBounds(quad);
      const x = clamp((left - x0) / width);
      const y = clamp((top - y0) / height);
      return { x, y, width: clamp((right - x0) / width) - x, height: clamp((bottom - y0) / height) - y };
    });
    const { text, before, after } = match;
    listed.push({ number: numbered + at + 1, page: index + 1, text, before, after, boxes });
  });
  return matches.length;
}

type PageWork = {
  matcher: TermMatcher;
  areas: readonly PageBox[];
  fill: string;
  /** The numbers of the matches left as they are, and how many matches the pages before this one had. */
  skipped: ReadonlySet<number>;
  numbered: number;
};

/** Redacts one page; returns how many places a term was found on it, and how many of them were removed. */
function redactPage(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  index: number,
  { matcher, areas, fill, skipped, numbered }: PageWork,
): { found: number; removed: number } {
  const page = pdf.loadPage(index);
  breakFormCycles(page);
  const bounds = page.getBounds() as Rect;
  const matches = pageMatches(page, matcher);
  const kept = matches.filter((_match, at) => !skipped.has(numbered + at + 1));
  const quads = kept.flatMap((match) => match.quads);
  const counts = { found: matches.length, removed: kept.length };
  const areaRects = areas.map((box) => pageBoxRect(box, bounds));
  if (quads.length === 0 && areaRects.length === 0) return counts;
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
  return counts;
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
