import { LOCALE_INFO, type Locale } from '@quire/shared';
import { fillWords, REPORT_WORDS, type ReportWords } from '@quire/shared/report-words';
import type * as Mupdf from 'mupdf';
import type { Stamp } from '../stamp/draw-stamps.ts';
import { formatNumber } from '../stamp/stamp-glyphs.ts';
import { MARK_COLOURS } from './mark-colours.ts';

/** What the two documents came to, told on the report's first page. */
export type ComparisonSummary = {
  readonly oldName: string;
  readonly newName: string;
  readonly oldPages: number;
  readonly newPages: number;
  readonly inserted: number;
  readonly deleted: number;
  readonly changed: number;
  readonly pagesInserted: number;
  readonly pagesDeleted: number;
  readonly pagesDrawingOnly: number;
  /** Every step of the pages that differs, in order: a pair's figures, or a page inserted or removed. */
  readonly rows: readonly SummaryRow[];
};

export type SummaryRow =
  | {
      readonly kind: 'pair';
      readonly old: number;
      readonly new: number;
      readonly inserted: number;
      readonly deleted: number;
      readonly changed: number;
      readonly isDrawingOnly: boolean;
      /** Each place the words differ, in reading order: the old words there and the new ones (either may be empty). */
      readonly changes: readonly { readonly old: string; readonly new: string }[];
    }
  | { readonly kind: 'removed'; readonly old: number }
  | { readonly kind: 'inserted'; readonly new: number };

/** A line of the summary: its text (one stamp, written on one line), its kind, and what stands beside it. */
export type SummaryLine = {
  readonly text: string;
  readonly kind: 'title' | 'heading' | 'body';
  /** The line stands in from the margin (a change listed under its page), after a swatch of `mark`'s colour if any. */
  readonly isIndented?: true;
  readonly mark?: readonly number[];
  /** A figure in a column of its own after the text, and the colour of its swatch. */
  readonly figure?: { readonly text: string; readonly swatch?: readonly number[] };
  /** Space above the line, in lines. */
  readonly spaceBefore?: number;
};

/** A4, as the summary is laid out (points). */
export const SUMMARY_PAGE = { width: 595, height: 842, margin: 48 } as const;
/** The widest a line of the summary may be. */
export const SUMMARY_LINE_PT = SUMMARY_PAGE.width - 2 * SUMMARY_PAGE.margin;
const LINE_PT = { title: 30, heading: 22, body: 15 } as const;
const FIGURE_GAP_PT = 16;
const SWATCH_PT = 10;
/** How far a change listed under its page stands in from the margin (its swatch before it). */
export const MARK_INDENT_PT = 24;

/**
 * The summary's lines in `language`: the title, the two files, then either that they are the same, or the figures
 * (each mark's with its colour), what the colours say, and one line per page that differs.
 */
export function summaryLines(summary: ComparisonSummary, language: Locale): SummaryLine[] {
  const words = REPORT_WORDS[language].compare;
  const number = new Intl.NumberFormat(LOCALE_INFO[language].tag);
  const count = (value: number) => number.format(value);
  const lines: SummaryLine[] = [
    { text: words.title, kind: 'title' },
    {
      text: `${fillWords(words.original, { name: summary.oldName })} (${fillWords(words.pageCount, { count: count(summary.oldPages) })})`,
      kind: 'body',
      spaceBefore: 0.5,
    },
    {
      text: `${fillWords(words.changed, { name: summary.newName })} (${fillWords(words.pageCount, { count: count(summary.newPages) })})`,
      kind: 'body',
    },
  ];
  if (summary.rows.length === 0) {
    lines.push({ text: words.noDifferences, kind: 'heading', spaceBefore: 1 });
    return lines;
  }
  const figure = (text: string, value: number, swatch?: readonly number[]): SummaryLine => ({
    text,
    kind: 'body',
    figure: { text: count(value), ...(swatch ? { swatch } : {}) },
  });
  lines.push(
    { ...figure(words.wordsInserted, summary.inserted, MARK_COLOURS.inserted.rgb), spaceBefore: 1 },
    figure(words.wordsDeleted, summary.deleted, MARK_COLOURS.deleted.rgb),
    figure(words.wordsChanged, summary.changed, MARK_COLOURS.changed.rgb),
    figure(words.pagesWithDifferences, summary.rows.length),
    figure(words.pagesInserted, summary.pagesInserted),
    figure(words.pagesRemoved, summary.pagesDeleted),
    figure(words.pagesDrawingOnly, summary.pagesDrawingOnly),
  );
  sentencesOf(words.legend).forEach((sentence, index) =>
    lines.push({ text: sentence, kind: 'body', ...(index === 0 ? { spaceBefore: 1 } : {}) }),
  );
  lines.push({ text: words.pageByPage, kind: 'heading', spaceBefore: 1 });
  let listed = 0;
  for (const row of summary.rows) {
    lines.push({
      text: rowText(row, words, count),
      kind: 'body',
      ...(listed > 0 ? { spaceBefore: 0.3 } : {}),
    });
    if (row.kind !== 'pair' || listed >= MAX_LISTED_CHANGES) continue;
    const shown = row.changes.slice(0, Math.min(MAX_PAGE_CHANGES, MAX_LISTED_CHANGES - listed));
    for (const change of shown) lines.push(changeLine(change));
    listed += shown.length;
    if (shown.length < row.changes.length) {
      lines.push({
        text: fillWords(words.moreChanges, { count: count(row.changes.length - shown.length) }),
        kind: 'body',
        isIndented: true,
      });
    }
  }
  return lines;
}

/** The places listed under a page that differs, at most: the report's pages show every one. */
const MAX_PAGE_CHANGES = 12;
/** The places listed in all: a document rewritten through and through has its pages listed, and marked, all the same. */
const MAX_LISTED_CHANGES = 400;
/** The most characters of one side of a change listed: the rest is on the report's pages. */
const MAX_CHANGE_CHARS = 70;

/**
 * A place the words differ as a line under its page: the words changed as `old → new` (the arrow pointing from the old
 * words to the new as their own script reads), or the words deleted or inserted alone, after their mark's colour.
 */
function changeLine(change: { readonly old: string; readonly new: string }): SummaryLine {
  const old = shortened(change.old);
  const next = shortened(change.new);
  if (old === '') return { text: next, kind: 'body', isIndented: true, mark: MARK_COLOURS.inserted.rgb };
  if (next === '') return { text: old, kind: 'body', isIndented: true, mark: MARK_COLOURS.deleted.rgb };
  const arrow = RIGHT_TO_LEFT_FIRST.test(old) ? ' ← ' : ' → ';
  return { text: `${old}${arrow}${next}`, kind: 'body', isIndented: true, mark: MARK_COLOURS.changed.rgb };
}

/** A text whose first letter is of a right-to-left script: laid out right to left (`dir="auto"`). */
const RIGHT_TO_LEFT_FIRST = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

function shortened(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_CHANGE_CHARS
    ? text
    : `${characters.slice(0, MAX_CHANGE_CHARS - 1).join('')}…`;
}

/** A text's sentences, each ending with its stop (Latin, CJK and Arabic full stops), for lines of their own. */
function sentencesOf(text: string): string[] {
  return (text.match(/[^.。．]+[.。．]?/gu) ?? [text]).map((sentence) => sentence.trim()).filter(Boolean);
}

function rowText(row: SummaryRow, words: ReportWords['compare'], count: (value: number) => string): string {
  if (row.kind === 'removed') return fillWords(words.removedRow, { old: count(row.old + 1) });
  if (row.kind === 'inserted') return fillWords(words.insertedRow, { new: count(row.new + 1) });
  const pages = fillWords(words.pairRow, { old: count(row.old + 1), new: count(row.new + 1) });
  const figures = row.isDrawingOnly
    ? words.drawingOnly
    : fillWords(words.rowCounts, {
        inserted: count(row.inserted),
        deleted: count(row.deleted),
        changed: count(row.changed),
      });
  return `${pages}: ${figures}`;
}

/**
 * Cuts a line too wide for the page in two, at the space (or, in a script without spaces, the character) nearest the
 * share of its text that fits, `fits` being the fraction of its width the page holds. A line without a place to cut
 * stays whole.
 */
export function cutLine(text: string, fits: number): [string, string] | null {
  const characters = [...text];
  const target = Math.max(1, Math.floor(characters.length * Math.min(fits, 0.98)));
  const spaces = characters.flatMap((character, index) => (character === ' ' && index > 0 ? [index] : []));
  const before = spaces.filter((index) => index <= target);
  const at = before.length > 0 ? before[before.length - 1]! : spaces.length > 0 ? spaces[0]! : target;
  if (at <= 0 || at >= characters.length) return null;
  return [characters.slice(0, at).join('').trimEnd(), characters.slice(at).join('').trimStart()];
}

/**
 * Writes the summary's pages at the start of the report: each line a stamp laid out by the stamping module (any
 * script shaped, in its fonts, readable in the order written), placed from the top of A4 pages, figures in a column
 * after the longest label with their colour's swatch, aligned to the right in a right-to-left language.
 */
export function writeSummaryPages(
  report: Mupdf.PDFDocument,
  lines: readonly SummaryLine[],
  stampOf: (line: SummaryLine | string) => Stamp,
  isRightToLeft: boolean,
): void {
  const { width, height, margin } = SUMMARY_PAGE;
  const widthOf = (stamp: Stamp) => stamp.box[2] - stamp.box[0];
  const labelWidth = Math.max(
    0,
    ...lines.filter((line) => line.figure).map((line) => widthOf(stampOf(line))),
  );
  const figureColumn = labelWidth + FIGURE_GAP_PT + SWATCH_PT + 6;
  let page: { content: string; xObjects: Map<string, Mupdf.PDFObject> } | null = null;
  let y = 0;
  const finish = () => {
    if (!page) return;
    const resources = report.newDictionary();
    const xObjects = report.newDictionary();
    for (const [name, form] of page.xObjects) xObjects.put(name, form);
    resources.put('XObject', xObjects);
    const pageObject = report.addPage([0, 0, width, height], 0, resources, page.content);
    report.insertPage(-1, pageObject);
    page = null;
  };
  const place = (stamp: Stamp, x: number, bottom: number) => {
    const name = `S${page!.xObjects.size}`;
    page!.xObjects.set(name, stamp.form);
    const [x0, y0, x1] = stamp.box;
    // A line the estimate let through too wide is drawn narrower, never past the margin.
    const scale = Math.min(1, (SUMMARY_LINE_PT - x) / (x1 - x0));
    const drawn = (x1 - x0) * scale;
    const left = isRightToLeft ? width - margin - x - drawn : margin + x;
    const matrix = [scale, 0, 0, scale, left - x0 * scale, bottom - y0 * scale];
    page!.content += `q ${matrix.map(formatNumber).join(' ')} cm /${name} Do Q\n`;
  };
  for (const line of lines) {
    const step = LINE_PT[line.kind] * (1 + (line.spaceBefore ?? 0));
    if (!page || y - step < margin) {
      finish();
      page = { content: '', xObjects: new Map() };
      y = height - margin;
    } else {
      y -= step - LINE_PT[line.kind];
    }
    y -= LINE_PT[line.kind];
    const stamp = stampOf(line);
    if (line.mark) {
      const size = SWATCH_PT - 2;
      const swatchX = isRightToLeft
        ? width - margin - MARK_INDENT_PT + 4
        : margin + MARK_INDENT_PT - 4 - size;
      page.content += `q ${line.mark.map(formatNumber).join(' ')} rg ${formatNumber(swatchX)} ${formatNumber(y + 4)} ${size} ${size} re f Q\n`;
    }
    place(stamp, line.isIndented ? MARK_INDENT_PT : 0, y + 3);
    if (line.figure) {
      const figure = stampOf(line.figure.text);
      if (line.figure.swatch) {
        const swatchX = isRightToLeft
          ? width - margin - labelWidth - FIGURE_GAP_PT - SWATCH_PT
          : margin + labelWidth + FIGURE_GAP_PT;
        page.content += `q ${line.figure.swatch.map(formatNumber).join(' ')} rg ${formatNumber(swatchX)} ${formatNumber(y + 3)} ${SWATCH_PT} ${SWATCH_PT} re f Q\n`;
      }
      place(figure, figureColumn, y + 3);
    }
  }
  finish();
}
