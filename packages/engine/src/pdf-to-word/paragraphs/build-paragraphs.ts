import {
  linkKey,
  median,
  scriptRise,
  type Box,
  type Fill,
  type Line,
  type TextStyle,
} from '../model/layout-model.ts';
import { textFitFor } from './fit-text-width.ts';
import { joinLineEnd } from './join-line-ends.ts';
import { LINE_BREAK, type Alignment, type ParagraphBlock, type Run } from './paragraph-model.ts';
import { isCjk, isMostlyRightToLeft } from '../model/script-direction.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * One visual text row: MuPDF lines sharing a baseline band (a superscript, cells on one row) joined in reading
 * order.
 */
type Row = {
  box: Box;
  baseline: number;
  lines: Line[];
  size: number;
  runs: Run[];
  /** Where each piece after a tab starts on the page: its left edge, or its right edge in right-to-left rows. */
  tabStops: number[];
};

const BULLET = /^[•◦▪▫●○■□‣⁃∙·➢►▶✓✔-]\s+|^[–—]\s+/u;
const LIST_START = /^(\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|\(?[ivxIVX]{1,5}[.)]|[•◦▪▫●○■□‣⁃∙·➢►▶✓✔–—-])\s/u;

/**
 * Turns the lines of one column, in reading order, into paragraphs: rows are joined while they continue the same
 * paragraph (same size, regular spacing, not a new indented line or list item, previous row running to the
 * column edge), hyphenation at line ends is undone, and alignment, indents and spacing are measured.
 */
export function buildParagraphs(
  lines: readonly Line[],
  column: Box,
  keepsLineBreaks = false,
): ParagraphBlock[] {
  const rows = groupRows(lines);
  const measure = textEdges(rows, column);
  const paragraphs: Row[][] = [];
  for (const row of rows) {
    const current = paragraphs.at(-1);
    if (current && continuesParagraph(current, row, measure)) current.push(row);
    else paragraphs.push([row]);
  }
  return withHangingIndents(paragraphs, measure).map((group) => toParagraph(group, column, keepsLineBreaks));
}

/** A word: letters up to a space, or one character of a script written without spaces (Chinese, Japanese). */
const FIRST_WORD = /^[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|^./u;

/** The width of a row's first word, from its share of the row's characters. */
function firstWordWidth(row: Row): number {
  const text = textOf(row.runs).trim();
  const word = FIRST_WORD.exec(text)?.[0] ?? '';
  return text.length > 0 ? ((row.box.x1 - row.box.x0) * word.length) / text.length : 0;
}

function quantile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

/**
 * Where the column's text runs, for telling a paragraph's last, short line from a full one: from its rows' first
 * start to where most of them end, within the column. The page's last column reaches to the widest page's margin, which
 * may be wider than this page's text (a ragged column ending 20 points short would otherwise end a paragraph at
 * every line).
 */
function textEdges(rows: readonly Row[], column: Box): Box {
  if (rows.length < SETTINGS.paragraphs.minRowsForEdges) return column;
  return {
    ...column,
    x0: Math.max(column.x0, Math.min(...rows.map((row) => row.box.x0))),
    x1: Math.min(
      column.x1,
      quantile(
        rows.map((row) => row.box.x1),
        SETTINGS.paragraphs.edgeQuantile,
      ),
    ),
  };
}

/**
 * Joins the paragraphs set with a hanging indent (a bibliography's entries: a first line at the start, the lines
 * after it indented by one to three font sizes), which the row-by-row reading cuts after their first line. A first
 * line that runs to the column's edge, followed at the usual line pitch by rows all starting at one indent, is one
 * entry. A single indented row after it counts only among entries (the one before was one, or the next paragraph
 * starts where the first line did): a one-line paragraph followed by a new paragraph's indented first line, as in
 * running text, does not.
 */
function withHangingIndents(paragraphs: readonly Row[][], column: Box): Row[][] {
  const joined: Row[][] = [];
  let afterEntry = false;
  for (let index = 0; index < paragraphs.length; index += 1) {
    const head = paragraphs[index] as Row[];
    const body = paragraphs[index + 1];
    afterEntry = body !== undefined && isHangingEntry(head, body, paragraphs[index + 2], afterEntry, column);
    if (afterEntry) {
      joined.push([...head, ...(body as Row[])]);
      index += 1;
    } else {
      joined.push(head);
    }
  }
  return joined;
}

function isHangingEntry(
  head: Row[],
  body: Row[],
  next: Row[] | undefined,
  afterEntry: boolean,
  column: Box,
): boolean {
  const [first] = head;
  const [second] = body;
  if (head.length !== 1 || !first || !second) return false;
  const size = first.size;
  if ([first, ...body].some((row) => row.tabStops.length > 0 || !isSameSize(row.size, size, size))) {
    return false;
  }
  if (isMostlyRightToLeft(textOf(first.runs)) || LIST_START.test(textOf(first.runs))) return false;
  const indent = second.box.x0 - first.box.x0;
  if (indent < SETTINGS.paragraphs.indentEm * size || indent > SETTINGS.paragraphs.maxHangingIndentEm * size)
    return false;
  if (body.some((row) => Math.abs(row.box.x0 - second.box.x0) > SETTINGS.paragraphs.hangingAlignSlack))
    return false;
  if (stopsShort(column.x1 - first.box.x1, size, column)) return false;
  const pitch = second.baseline - first.baseline;
  const bodyPitch = body.length >= 2 ? (body[1] as Row).baseline - second.baseline : pitch;
  if (pitch <= 0 || pitch > SETTINGS.paragraphs.maxPitchEm * size) return false;
  if (Math.abs(pitch - bodyPitch) > SETTINGS.paragraphs.pitchToleranceEm * size) return false;
  return (
    body.length >= 2 ||
    afterEntry ||
    (next !== undefined &&
      Math.abs((next[0] as Row).box.x0 - first.box.x0) <= SETTINGS.paragraphs.hangingAlignSlack)
  );
}

function groupRows(lines: readonly Line[]): Row[] {
  const rows: Line[][] = [];
  for (const line of lines) {
    const row = rows.at(-1);
    const last = row?.at(-1);
    if (row && last && !line.isVertical && !last.isVertical && sharesRow(last, line)) row.push(line);
    else rows.push([line]);
  }
  return rows.map((group) => {
    // A right-to-left row is read from its right end: its pieces, and the tab stops between them, from the right.
    const isRightToLeft = isMostlyRightToLeft(group.map((line) => line.text).join(''));
    const ordered = [...group].sort((a, b) => (isRightToLeft ? b.box.x1 - a.box.x1 : a.box.x0 - b.box.x0));
    const main = ordered.reduce((best, line) =>
      line.box.y1 - line.box.y0 > best.box.y1 - best.box.y0 ? line : best,
    );
    const size = dominantSize(
      ordered.flatMap((line) => line.spans.map((span) => ({ text: span.text, style: span.style }))),
    );
    const runs: Run[] = [];
    const tabStops: number[] = [];
    ordered.forEach((line, index) => {
      const previous = ordered[index - 1];
      if (previous) {
        const gap = isRightToLeft ? previous.box.x0 - line.box.x1 : line.box.x0 - previous.box.x1;
        // A separator between two pieces under one link (a contents entry's number and title) is in the link too.
        const link = previous.spans.at(-1)?.link;
        const shade = previous.spans.at(-1)?.shade;
        const separator = {
          style: line.spans[0]?.style ?? (runs.at(-1) as Run).style,
          ...(link && linkKey(link) === linkKey(line.spans[0]?.link) ? { link } : {}),
          ...(shade && shade === line.spans[0]?.shade ? { shade } : {}),
        };
        if (gap > SETTINGS.paragraphs.tabGapEm * size) {
          runs.push({ text: '\t', ...separator });
          tabStops.push(isRightToLeft ? line.box.x1 : line.box.x0);
        } else if (
          gap > SETTINGS.paragraphs.spaceGapEm * size &&
          !isCjk(previous.text.at(-1)) &&
          !isCjk(line.text[0])
        ) {
          runs.push({ text: ' ', ...separator });
        }
      }
      const lineRise = riseOf(line, main, size);
      for (const span of line.spans) {
        const rise = lineRise + (span.rise ?? 0);
        runs.push({
          text: span.text,
          style: span.style,
          ...(rise ? { rise } : {}),
          ...(span.link ? { link: span.link } : {}),
          ...(span.shade ? { shade: span.shade } : {}),
        });
      }
    });
    return {
      box: unionBoxes(ordered.map((line) => line.box)),
      baseline: main.baseline,
      lines: ordered,
      size,
      runs,
      tabStops,
    };
  });
}

/** How far a smaller piece of a row stands above or below the row's main line, when it is a script; else 0. */
function riseOf(line: Line, main: Line, size: number): number {
  if (line === main) return 0;
  return scriptRise(
    line.baseline,
    Math.max(...line.spans.map((span) => span.style.size)),
    main.baseline,
    size,
  );
}

function sharesRow(a: Line, b: Line): boolean {
  const height = Math.min(a.box.y1 - a.box.y0, b.box.y1 - b.box.y0);
  const shared = Math.min(a.box.y1, b.box.y1) - Math.max(a.box.y0, b.box.y0);
  const { rowOverlapShare, pieceOverlap } = SETTINGS.paragraphs;
  return (
    shared > rowOverlapShare * height &&
    (b.box.x0 >= a.box.x1 - pieceOverlap || b.box.x1 <= a.box.x0 + pieceOverlap)
  );
}

/** Rows of one paragraph are set in one size: within `sameSizeShare` of `size`. */
function isSameSize(a: number, b: number, size: number): boolean {
  return Math.abs(a - b) <= SETTINGS.paragraphs.sameSizeShare * size;
}

/**
 * A row that leaves this much `room` before the column's end stops short of it (a paragraph's last line): more
 * than a few font sizes, and more than a share of the column's width.
 */
function stopsShort(room: number, size: number, column: Box): boolean {
  return (
    room >
    Math.max(
      SETTINGS.paragraphs.shortLineRoomEm * size,
      SETTINGS.paragraphs.shortLineRoomShare * (column.x1 - column.x0),
    )
  );
}

function continuesParagraph(paragraph: Row[], row: Row, column: Box): boolean {
  const previous = paragraph.at(-1) as Row;
  const first = paragraph[0] as Row;
  if (row.tabStops.length > 0 || previous.tabStops.length > 0) return false;
  if (row.lines.some((line) => line.isVertical) || previous.lines.some((line) => line.isVertical))
    return false;
  const size = Math.max(row.size, previous.size);
  if (!isSameSize(row.size, previous.size, size)) return false;
  const pitch = row.baseline - previous.baseline;
  if (pitch <= 0) return false;
  const established = paragraph.length >= 2 ? previous.baseline - (paragraph.at(-2) as Row).baseline : null;
  const maxPitch =
    established !== null
      ? established * SETTINGS.paragraphs.maxPitchGrowth + SETTINGS.paragraphs.pitchSlack
      : SETTINGS.paragraphs.maxPitchEm * size;
  if (pitch > maxPitch) return false;
  const rowText = textOf(row.runs);
  if (LIST_START.test(rowText)) return false;
  if (isAllBold(previous.runs) !== isAllBold(row.runs) && isAllBold(paragraph.flatMap((r) => r.runs)))
    return false;
  const isCentered =
    Math.abs(centerOf(row.box) - centerOf(previous.box)) < SETTINGS.paragraphs.alignSlack &&
    Math.abs(row.box.x0 - previous.box.x0) > SETTINGS.paragraphs.alignSlack;
  if (isCentered) return true;
  // Measured from where the lines start and end: the left and right edges, the other way round in right-to-left text.
  const isRightToLeft = isMostlyRightToLeft(rowText);
  const startOf = (box: Box) => (isRightToLeft ? column.x1 - box.x1 : box.x0 - column.x0);
  const endOf = (box: Box) => (isRightToLeft ? box.x0 - column.x0 : column.x1 - box.x1);
  // A line ends its paragraph when it stops short of the edge, by more than the next row's first word would need.
  const room = endOf(previous.box);
  const isShort =
    stopsShort(room, size, column) && room > firstWordWidth(row) + SETTINGS.paragraphs.spaceWidthEm * size;
  if (isShort) return false;
  const isIndented = startOf(row.box) > startOf(previous.box) + SETTINGS.paragraphs.indentEm * size;
  const isListItem = LIST_START.test(textOf(first.runs));
  if (isIndented && !(isListItem && paragraph.length === 1)) return false;
  if (paragraph.length >= 2 && startOf(row.box) < startOf(previous.box) - SETTINGS.paragraphs.indentEm * size)
    return false;
  return true;
}

function toParagraph(rows: Row[], column: Box, keepsLineBreaks: boolean): ParagraphBlock {
  const runs: Run[] = [];
  rows.forEach((row, index) => {
    if (index > 0 && keepsLineBreaks) runs.push({ text: LINE_BREAK, style: (row.runs[0] as Run).style });
    else if (index > 0) joinLineEnd(runs, row.runs);
    runs.push(...row.runs.map((run) => ({ ...run })));
  });
  const text = textOf(runs);
  const isRightToLeft = isMostlyRightToLeft(text);
  const isBullet = BULLET.test(text);
  if (isBullet) stripPrefix(runs, (BULLET.exec(text)?.[0] ?? '').length);
  const first = rows[0] as Row;
  const rest = rows.slice(1);
  const box = unionBoxes(rows.map((row) => row.box));
  const pitches = rest.map((row, index) => row.baseline - (rows[index] as Row).baseline);
  const size = dominantSize(runs);
  const tallest = SETTINGS.paragraphs.maxLineHeightEm * Math.max(size, ...runs.map((run) => run.style.size));
  const alone = Math.max(
    Math.min(first.box.y1 - first.box.y0, tallest),
    size * SETTINGS.paragraphs.singleLineSpacingEm,
  );
  const lineSpacing = pitches.length > 0 ? median(pitches) : alone;
  const measured = measureAlignment(rows, column);
  const alignment = keepsLineBreaks && measured === 'justify' ? 'left' : measured;
  const bodyLeft = rest.length > 0 ? Math.min(...rest.map((row) => row.box.x0)) : first.box.x0;
  const isFlush = alignment === 'left' || alignment === 'justify';
  const indentLeft = isFlush ? Math.max(0, bodyLeft - column.x0) : 0;
  const firstLineIndent = isFlush ? first.box.x0 - column.x0 - indentLeft : 0;
  // Lines that end where the PDF ends them need no right edge but the cell's.
  const indentRight = isFlush && rows.length > 1 && !keepsLineBreaks ? Math.max(0, column.x1 - box.x1) : 0;
  const bar = barBehind(runs, box, size);
  const fit = isRightToLeft ? undefined : textFitFor(rows, box.x1);
  return {
    kind: 'paragraph',
    runs: mergeRuns(bar ? runs.map(({ shade: _shade, ...run }) => run) : runs),
    ...(bar ? { shading: bar.color } : {}),
    box,
    alignment,
    indentLeft,
    indentRight,
    firstLineIndent,
    lineSpacing,
    firstBaseline: first.baseline,
    lastBaseline: (rows.at(-1) as Row).baseline,
    tabStops: first.tabStops.map((x) => (isRightToLeft ? column.x1 - x : x - column.x0)),
    isRightToLeft,
    isBullet,
    size,
    isAllBold: isAllBold(runs),
    ...(fit ? { fit } : {}),
  };
}

/**
 * The fill behind a whole paragraph, when it stands out from the text by at least `minBarMarginEm` on a side: a
 * coloured bar or box the text is written on, which Word shades as a paragraph rather than word by word. A
 * highlight, or a fill behind only some of the words, stays with its words.
 */
function barBehind(runs: readonly Run[], box: Box, size: number): Fill | undefined {
  const inked = runs.filter((run) => run.text.trim() !== '');
  const shade = inked[0]?.shade;
  if (!shade || shade.isHighlight || inked.some((run) => run.shade !== shade)) return undefined;
  const margin = SETTINGS.paragraphs.minBarMarginEm * size;
  return box.x0 - shade.box.x0 >= margin || shade.box.x1 - box.x1 >= margin ? shade : undefined;
}

function measureAlignment(rows: readonly Row[], column: Box): Alignment {
  const lefts = rows.map((row) => row.box.x0);
  const rights = rows.map((row) => row.box.x1);
  const centers = rows.map((row) => centerOf(row.box));
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  if (rows.length === 1) {
    const row = rows[0] as Row;
    const width = column.x1 - column.x0;
    const isMiddle =
      Math.abs(centerOf(row.box) - (column.x0 + column.x1) / 2) < SETTINGS.paragraphs.centerSlack;
    if (isMiddle && row.box.x0 > column.x0 + SETTINGS.paragraphs.minCenteredIndentShare * width)
      return 'center';
    const isAtEnd = Math.abs(row.box.x1 - column.x1) < SETTINGS.paragraphs.alignSlack;
    if (isAtEnd && row.box.x0 > column.x0 + SETTINGS.paragraphs.minRightIndentShare * width) return 'right';
    return 'left';
  }
  const bodyLefts = lefts.slice(1);
  const allButLastRights = rights.slice(0, -1);
  if (spread(lefts) > SETTINGS.paragraphs.alignSlack && spread(centers) < SETTINGS.paragraphs.centerSlack)
    return 'center';
  if (spread(bodyLefts) > SETTINGS.paragraphs.alignSlack && spread(rights) < SETTINGS.paragraphs.alignSlack)
    return 'right';
  const isFlushRight =
    allButLastRights.length > 0 && spread(allButLastRights) < SETTINGS.paragraphs.justifiedSlack;
  if (isFlushRight && rows.length > 2) return 'justify';
  if (isFlushRight && Math.abs(rights[0]! - column.x1) < SETTINGS.paragraphs.alignSlack) return 'justify';
  return 'left';
}

function stripPrefix(runs: Run[], length: number): void {
  let left = length;
  while (left > 0 && runs.length > 0) {
    const run = runs[0] as Run;
    if (run.text.length <= left) {
      left -= run.text.length;
      runs.shift();
    } else {
      run.text = run.text.slice(left);
      left = 0;
    }
  }
}

function mergeRuns(runs: readonly Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (
      last &&
      isSameStyle(last.style, run.style) &&
      last.rise === run.rise &&
      last.link === run.link &&
      last.shade === run.shade
    )
      last.text += run.text;
    else if (run.text !== '') merged.push({ ...run });
  }
  return merged;
}

function isSameStyle(a: TextStyle, b: TextStyle): boolean {
  return (
    a === b ||
    (a.font === b.font &&
      a.size === b.size &&
      a.isBold === b.isBold &&
      a.isItalic === b.isItalic &&
      a.isUnderline === b.isUnderline &&
      a.color === b.color)
  );
}

export function dominantSize(runs: readonly Run[]): number {
  const weights = new Map<number, number>();
  for (const run of runs)
    weights.set(run.style.size, (weights.get(run.style.size) ?? 0) + run.text.trim().length);
  return [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

function isAllBold(runs: readonly Run[]): boolean {
  const visible = runs.filter((run) => run.text.trim() !== '');
  return visible.length > 0 && visible.every((run) => run.style.isBold);
}

const textOf = (runs: readonly Run[]): string => runs.map((run) => run.text).join('');
const centerOf = (box: Box): number => (box.x0 + box.x1) / 2;

function unionBoxes(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}
