import {
  AlignmentType,
  Footer,
  Header,
  LineRuleType,
  Paragraph,
  type ParagraphChild,
  Tab,
  TabStopType,
  TextRun,
} from 'docx';
import type { Run } from '../paragraphs/paragraph-model.ts';
import { toLinkedRuns, twips } from './docx-blocks.ts';
import type { Parity, RunningItem } from '../running-heads/detect-running-heads.ts';
import type { Margins } from '../plan/page-margins.ts';
import { numberTokens } from '../running-heads/page-numbers.ts';
import { SETTINGS } from '../model/settings.ts';

export type RunningParts = {
  headers: { default?: Header; even?: Header; first?: Header };
  footers: { default?: Footer; even?: Footer; first?: Footer };
  hasEvenAndOdd: boolean;
  /** The first page has headers and footers of its own (`first`): those of the other pages are not all on it. */
  hasDistinctFirstPage: boolean;
  /** Distances from the page edges to the header's top and the footer's bottom, in points. */
  headerDistance?: number;
  footerDistance?: number;
};

/**
 * Word headers and footers from the lines that repeat on the pages, for the section of the page `pageIndex`: those
 * that run through the document, and the running heads of its chapter. Page numbers become PAGE fields. When the
 * first page lacks some of them (a title page without the running title), it gets headers and footers of its own
 * with only what it shows. A zone that has lines anywhere in the document is written for every section, empty where
 * the page has none, so that a section does not take the previous chapter's.
 */
export function buildRunningParts(
  items: readonly RunningItem[],
  page: { width: number; height: number },
  margins: Margins,
  pageIndex = 0,
): RunningParts {
  const hasEvenAndOdd = items.some((item) => item.parity !== 'all');
  const active = items.filter((item) => isOnPage(item, pageIndex));
  const onFirstPage = active.filter((item) => item.isOnFirstPage);
  const hasDistinctFirstPage =
    pageIndex === 0 && onFirstPage.length < active.filter((item) => item.parity !== 'even').length;
  const parts: RunningParts = { headers: {}, footers: {}, hasEvenAndOdd, hasDistinctFirstPage };
  for (const zone of ['header', 'footer'] as const) {
    const all = items.filter((item) => item.zone === zone);
    if (all.length === 0) continue;
    const inZone = active.filter((item) => item.zone === zone);
    const forParity = (parity: Parity) =>
      inZone.filter((item) => item.parity === 'all' || item.parity === parity);
    const odd = paragraphsFor(hasEvenAndOdd ? forParity('odd') : inZone, page, margins);
    const even = hasEvenAndOdd ? paragraphsFor(forParity('even'), page, margins) : null;
    const first = hasDistinctFirstPage
      ? paragraphsFor(
          onFirstPage.filter((item) => item.zone === zone),
          page,
          margins,
        )
      : null;
    if (zone === 'header') {
      parts.headers.default = new Header({ children: odd });
      if (even) parts.headers.even = new Header({ children: even });
      if (first) parts.headers.first = new Header({ children: first });
      parts.headerDistance = Math.min(...all.map((item) => item.line.box.y0));
    } else {
      parts.footers.default = new Footer({ children: odd });
      if (even) parts.footers.even = new Footer({ children: even });
      if (first) parts.footers.first = new Footer({ children: first });
      parts.footerDistance = page.height - Math.max(...all.map((item) => item.line.box.y1));
    }
  }
  return parts;
}

/** Whether the line runs on the page: through the document, or on its chapter's pages. */
const isOnPage = (item: RunningItem, pageIndex: number) =>
  !item.pages || (item.pages.first <= pageIndex && pageIndex <= item.pages.last);

/** The chapter running heads on the page, as a key: a page whose key differs from the page before starts anew. */
export function chapterKey(items: readonly RunningItem[], pageIndex: number): string {
  return items.flatMap((item, index) => (item.pages && isOnPage(item, pageIndex) ? [index] : [])).join(',');
}

function paragraphsFor(
  items: readonly RunningItem[],
  page: { width: number },
  margins: Margins,
): Paragraph[] {
  // A header or footer with nothing in it (the odd pages' when only the even ones have one) takes no room: a line of
  // the default size would push the body up and spill a full page's last line.
  if (items.length === 0)
    return [
      new Paragraph({
        spacing: { before: 0, after: 0, line: 1, lineRule: LineRuleType.EXACT },
        run: { size: 2 },
      }),
    ];
  const sorted = [...items].sort(
    (a, b) => a.line.baseline - b.line.baseline || a.line.box.x0 - b.line.box.x0,
  );
  const rows: RunningItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs((row[0] as RunningItem).line.baseline - item.line.baseline) <= SETTINGS.write.sameRow)
      row.push(item);
    else rows.push([item]);
  }
  // Within a row, left to right: a page number whose baseline sits a little higher still follows the title.
  for (const row of rows) row.sort((a, b) => a.line.box.x0 - b.line.box.x0);
  const textRight = page.width - margins.right;
  const textWidth = textRight - margins.left;
  return rows.map((row) => {
    const children = row.flatMap((item, index) => [
      ...(index > 0 ? [new TextRun({ children: [new Tab()] })] : []),
      ...runsOf(item),
    ]);
    const first = row[0] as RunningItem;
    if (row.length === 1) {
      const center = (first.line.box.x0 + first.line.box.x1) / 2;
      const isCentered =
        Math.abs(center - (margins.left + textRight) / 2) < SETTINGS.write.centeredHeadShare * textWidth;
      const isRight =
        !isCentered &&
        first.line.box.x1 > textRight - SETTINGS.write.rightHeadSlack &&
        first.line.box.x0 > margins.left + textWidth / 2;
      return new Paragraph({
        children,
        alignment: isCentered ? AlignmentType.CENTER : isRight ? AlignmentType.RIGHT : AlignmentType.LEFT,
        indent: isCentered || isRight ? {} : { left: twips(first.line.box.x0 - margins.left) },
      });
    }
    const tabStops = row
      .slice(1)
      .map((item) =>
        item.line.box.x1 > textRight - SETTINGS.write.rightHeadSlack
          ? { type: TabStopType.RIGHT, position: twips(textWidth) }
          : { type: TabStopType.LEFT, position: twips(item.line.box.x0 - margins.left) },
      );
    return new Paragraph({ children, tabStops, indent: { left: twips(first.line.box.x0 - margins.left) } });
  });
}

function runsOf(item: RunningItem): ParagraphChild[] {
  const runs: Run[] = item.line.spans.map((span) => ({
    text: span.text,
    style: span.style,
    ...(span.link ? { link: span.link } : {}),
  }));
  // A running address stays a link: on every page that shows it, as the PDF had it.
  const number =
    item.pageNumberAt === undefined ? undefined : numberTokens(item.line.text)[item.pageNumberAt];
  if (!number) return toLinkedRuns(runs, false);
  // The page number is written as a field in its own run's look, so it counts on the converted document's own
  // pages; each page's section says how it is printed (`sectionNumbering`).
  const start = number.index;
  const end = start + number.token.length;
  let at = 0;
  const pieces = runs.flatMap((run) => {
    const [from, to] = [at, at + run.text.length];
    at = to;
    if (to <= start || from >= end) return [run];
    return [
      { ...run, text: run.text.slice(0, Math.max(0, start - from)) },
      ...(from <= start ? [{ ...run, text: number.token, isPageNumber: true }] : []),
      { ...run, text: run.text.slice(Math.max(0, end - from)) },
    ].filter((piece) => piece.isPageNumber || piece.text);
  });
  return toLinkedRuns(pieces, false);
}
