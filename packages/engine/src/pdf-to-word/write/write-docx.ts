import {
  AlignmentType,
  Column,
  ColumnBreak,
  Document,
  LevelFormat,
  LineRuleType,
  NumberFormat,
  Packer,
  PageOrientation,
  PageTextDirectionType,
  Paragraph,
  SectionType,
  Table,
  type ISectionOptions,
} from 'docx';
import type { RunningItem } from '../running-heads/detect-running-heads.ts';
import {
  blockExtent,
  BULLET_REFERENCE,
  toBackgroundRun,
  toImageParagraph,
  toParagraph,
  toTable,
  twips,
} from './docx-blocks.ts';
import { buildRunningParts, chapterKey } from './docx-running-heads.ts';
import { placeLinkAnchors } from './link-anchors.ts';
import type { Margins } from '../plan/page-margins.ts';
import {
  sectionNumbering,
  type PrintedPageNumber,
  type SectionNumbering,
} from '../running-heads/page-numbers.ts';
import type { PagePlan, PlannedBand, PlannedColumn } from '../plan/plan-page.ts';
import { fitPageHeight } from './fit-page-height.ts';
import { slimSectionBreaks } from './slim-section-breaks.ts';
import { SETTINGS } from '../model/settings.ts';

export type DocumentPlan = {
  pages: PagePlan[];
  margins: Margins[];
  running: RunningItem[];
  /** Per page, the number its running heads print, where they print one. */
  pageNumbers: (PrintedPageNumber | undefined)[];
};

const NUMBER_FORMATS = {
  lowerRoman: NumberFormat.LOWER_ROMAN,
  upperRoman: NumberFormat.UPPER_ROMAN,
} as const;

/** A paragraph of one twentieth of a point: it takes no room on the page. */
const NO_ROOM = { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } as const;

/**
 * Writes the planned pages as a .docx: one Word section per stripe of each page (a new page for the first, the same
 * page after it), with the PDF page's size and margins, and Word columns where the page has columns. All text is in
 * ordinary paragraphs and tables; only pictures behind text are anchored. Links become Word hyperlinks, those into
 * the document leading to bookmarks.
 */
export async function writeDocx(plan: DocumentPlan): Promise<Uint8Array> {
  placeLinkAnchors(plan.pages);
  const firstPage = plan.pages[0];
  const firstMargins = plan.margins[0];
  const running =
    firstPage && firstMargins && plan.running.length > 0
      ? buildRunningParts(plan.running, firstPage, firstMargins)
      : null;
  // The first page's section has the document's headers and footers; a page where a chapter's running heads start
  // or stop has its own, which the pages after it keep.
  const runningPartsOf = (pageIndex: number) => {
    if (!running || pageIndex === 0) return running;
    const page = plan.pages[pageIndex] as PagePlan;
    return chapterKey(plan.running, pageIndex) === chapterKey(plan.running, pageIndex - 1)
      ? null
      : buildRunningParts(plan.running, page, plan.margins[pageIndex] as Margins, pageIndex);
  };
  const sections: ISectionOptions[] = [];
  const numbering = sectionNumbering(plan.pageNumbers, running?.hasEvenAndOdd ?? false);
  plan.pages.forEach((planned, pageIndex) => {
    const margins = plan.margins[pageIndex] as Margins;
    const page = fitPageHeight(planned, margins);
    const pageProperties = pagePropertiesOf(page, margins, running, numbering[pageIndex]);
    const textBounds = { x0: margins.left, x1: page.width - margins.right };
    const maxImageHeight = (page.height - margins.top - margins.bottom) * SETTINGS.write.imageHeightShare;
    let flowBottom = margins.top;
    const bands: (PlannedBand | null)[] = page.bands.length > 0 ? page.bands : [null];
    bands.forEach((band, bandIndex) => {
      const children: (Paragraph | Table)[] = [];
      if (bandIndex === 0 && page.backgrounds.length > 0) {
        children.push(
          new Paragraph({
            children: page.backgrounds.map(toBackgroundRun),
            spacing: NO_ROOM,
          }),
        );
      }
      let bandBottom = flowBottom;
      for (const [columnIndex, column] of (band?.columns ?? []).entries()) {
        const written = writeColumn(
          column,
          columnIndex > 0,
          flowBottom,
          maxImageHeight,
          band?.columns.length === 1 ? textBounds : column,
        );
        children.push(...written.children);
        bandBottom = Math.max(bandBottom, written.bottom);
      }
      flowBottom = bandBottom;
      if (children.length === 0) children.push(new Paragraph({}));
      const columns = band?.columns ?? [];
      const parts = bandIndex === 0 ? runningPartsOf(pageIndex) : null;
      sections.push({
        ...(parts ? { headers: parts.headers, footers: parts.footers } : {}),
        properties: {
          type: bandIndex === 0 ? SectionType.NEXT_PAGE : SectionType.CONTINUOUS,
          page: pageProperties,
          ...(pageIndex === 0 && bandIndex === 0 && running?.hasDistinctFirstPage ? { titlePage: true } : {}),
          ...(columns.length > 1 ? { column: toColumns(columns) } : {}),
        },
        children,
      });
    });
  });
  const document = new Document({
    creator: 'Quire',
    sections,
    evenAndOddHeaderAndFooters: running?.hasEvenAndOdd ?? false,
    // The PDF's text was hyphenated at line ends; Word does the same for the re-flowed text.
    hyphenation: { autoHyphenation: true },
    numbering: {
      config: [
        {
          reference: BULLET_REFERENCE,
          levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT }],
        },
      ],
    },
  });
  return slimSectionBreaks(new Uint8Array(await Packer.toBuffer(document)));
}

/**
 * A page's size, margins and page numbering in Word. A vertical page was planned turned a quarter: Word gets the
 * upright page, its margins turned back, and writes the lines top to bottom, right to left.
 */
function pagePropertiesOf(
  page: PagePlan,
  margins: Margins,
  running: { headerDistance?: number; footerDistance?: number } | null,
  numbering: Parameters<typeof pageNumbersOf>[0],
) {
  const vertical = page.isVerticalText === true;
  const paper = vertical ? { width: page.height, height: page.width } : page;
  const edges = vertical
    ? { top: margins.left, right: margins.top, bottom: margins.right, left: margins.bottom }
    : margins;
  const isLandscape = paper.width > paper.height;
  return {
    size: isLandscape
      ? { width: twips(paper.height), height: twips(paper.width), orientation: PageOrientation.LANDSCAPE }
      : { width: twips(paper.width), height: twips(paper.height), orientation: PageOrientation.PORTRAIT },
    ...(vertical ? { textDirection: PageTextDirectionType.TOP_TO_BOTTOM_RIGHT_TO_LEFT } : {}),
    margin: {
      top: twips(edges.top),
      right: twips(edges.right),
      bottom: twips(edges.bottom),
      left: twips(edges.left),
      header: twips(
        Math.min(running?.headerDistance ?? margins.top * SETTINGS.write.headDistanceShare, margins.top),
      ),
      footer: twips(
        Math.min(
          running?.footerDistance ?? margins.bottom * SETTINGS.write.headDistanceShare,
          margins.bottom,
        ),
      ),
    },
    ...pageNumbersOf(numbering),
  };
}

function writeColumn(
  column: PlannedColumn,
  startsNewColumn: boolean,
  top: number,
  maxImageHeight: number,
  bounds: { x0: number; x1: number },
): { children: (Paragraph | Table)[]; bottom: number } {
  const children: (Paragraph | Table)[] = [];
  let previousBottom = top;
  let needsColumnBreak = startsNewColumn;
  for (const block of column.blocks) {
    const extent = blockExtent(block);
    const spaceBefore = Math.max(0, extent.top - previousBottom);
    if (block.kind === 'paragraph') {
      children.push(toParagraph(block, spaceBefore, { hasColumnBreak: needsColumnBreak }));
    } else if (block.kind === 'image') {
      children.push(toImageParagraph(block, bounds, spaceBefore, maxImageHeight, needsColumnBreak));
    } else {
      if (needsColumnBreak) children.push(columnBreakParagraph());
      // Two tables in a row would be one table to Word: a paragraph that takes no room keeps them apart.
      else if (children.at(-1) instanceof Table) children.push(emptyParagraph());
      children.push(toTable(block, bounds));
    }
    needsColumnBreak = false;
    // Word sets a block after the one before, where the PDF may overlap them (a formula's lines, a caption beside
    // a picture): the next gaps take up what the overlap cost, so the page's text comes back to where it stood.
    previousBottom = Math.max(previousBottom, extent.top) + (extent.bottom - extent.top);
  }
  if (needsColumnBreak) children.push(columnBreakParagraph());
  return { children, bottom: previousBottom };
}

function columnBreakParagraph(): Paragraph {
  return new Paragraph({ children: [new ColumnBreak()], spacing: NO_ROOM });
}

function emptyParagraph(): Paragraph {
  return new Paragraph({ spacing: NO_ROOM });
}

function toColumns(columns: readonly PlannedColumn[]) {
  const children = columns.map((column, index) => {
    const next = columns[index + 1];
    return new Column({
      width: twips(column.x1 - column.x0),
      ...(next ? { space: twips(next.x0 - column.x1) } : {}),
    });
  });
  return { count: columns.length, equalWidth: false, children };
}

function pageNumbersOf(numbering: SectionNumbering | undefined) {
  if (!numbering || (numbering.start === undefined && !numbering.style)) return {};
  return {
    pageNumbers: {
      ...(numbering.start === undefined ? {} : { start: numbering.start }),
      ...(numbering.style ? { formatType: NUMBER_FORMATS[numbering.style] } : {}),
    },
  };
}
