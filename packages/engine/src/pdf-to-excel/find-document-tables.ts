import type * as Mupdf from 'mupdf';
import { mayBeScanned } from '../ocr/find-scanned-pages.ts';
import type { RecognisedScan, ScanReader } from '../pdf-to-word/convert-document.ts';
import { findPageFigures } from '../pdf-to-word/figures/find-page-figures.ts';
import {
  centerX,
  centerY,
  type Box,
  type Fill,
  type Line,
  type Rule,
} from '../pdf-to-word/model/layout-model.ts';
import { readPageLayout } from '../pdf-to-word/read/read-page-layout.ts';
import { detectRunningHeads } from '../pdf-to-word/running-heads/detect-running-heads.ts';
import { isReadableScan, scanPageLayout } from '../pdf-to-word/scan/scan-page-layout.ts';
import { SETTINGS } from '../pdf-to-word/model/settings.ts';
import { detectTables } from '../pdf-to-word/tables/detect-tables.ts';
import { rowsOf } from '../pdf-to-word/tables/text-grid.ts';
import { joinAcrossPages } from './join-across-pages.ts';
import { toSheetTable, type SheetTable } from './sheet-table.ts';

/** A page as the tables are looked for on it: its body's lines, rules and fills, and its drawing's shapes. */
type TablePage = {
  pageNumber: number;
  width: number;
  height: number;
  lines: Line[];
  rules: Rule[];
  fills: Fill[];
  shapes: Box[];
};

export type DocumentTables = {
  tables: SheetTable[];
  /** What was read of the scans among the pages, by page number. */
  scans: ReadonlyMap<number, RecognisedScan>;
};

/**
 * The tables of the chosen pages, as PDF to Word finds them (`detectTables`: ruled grids, tables ruled in part,
 * tables on shaded stripes and tables without rules): each page read as PDF to Word reads it (turned upright when
 * its text runs sideways, its drawn charts' labels left out), its running heads and page numbers left out, the
 * scans among the pages with almost no text read by `readScans` and laid out from their words. A table that runs
 * on over the next page is joined into one (`joinAcrossPages`).
 */
export async function findDocumentTables(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  pageNumbers: readonly number[],
  checkStop: (pagesRead: number, pagesWaiting: number) => void,
  readScans: ScanReader = () => Promise.resolve(new Map()),
): Promise<DocumentTables> {
  const pages: TablePage[] = [];
  const candidates: number[] = [];
  for (const [index, pageNumber] of pageNumbers.entries()) {
    checkStop(index, candidates.length);
    const page = document.loadPage(pageNumber - 1);
    try {
      const read = readPageLayout(mupdf, page, pageNumber);
      const { lines, figures } = findPageFigures(read);
      const { layout } = read;
      const outside = (box: Box) => !figures.some((figure) => holds(figure, box));
      pages.push({
        pageNumber,
        width: layout.width,
        height: layout.height,
        lines: lines.filter((line) => outside(line.box)),
        rules: layout.rules.filter((rule) => outside(rule.box)),
        fills: layout.fills.filter((fill) => outside(fill.box)),
        shapes: read.drawing?.shapes ?? [],
      });
      const characters = lines.reduce((sum, line) => sum + line.text.replace(/\s/gu, '').length, 0);
      if (mayBeScanned(characters)) candidates.push(pageNumber);
    } finally {
      page.destroy();
    }
  }
  checkStop(pageNumbers.length, candidates.length);
  const scans = candidates.length > 0 ? await readScans(candidates) : new Map<number, RecognisedScan>();
  for (const [pageNumber, scan] of scans) {
    const index = pages.findIndex((page) => page.pageNumber === pageNumber);
    const known = pages[index];
    if (!known || !isReadableScan(scan)) continue;
    // A page with almost no text is read as it stands: its size is the displayed page's.
    const { layout } = scanPageLayout(scan, { pageNumber, width: known.width, height: known.height });
    pages[index] = { ...known, ...layout, width: layout.width, height: layout.height, shapes: [] };
  }
  // Headers and footers repeat from page to page: they are no part of a table. A table's header row repeated at
  // the top of each page is, though: a row of three pieces or more stays.
  const running = detectRunningHeads(pages);
  const tables = pages.flatMap((page, index) => {
    const removed = running.removed[index] ?? new Set<Line>();
    const tableRows = rowsOf(page.lines).filter((row) => row.length >= SETTINGS.tables.minTextTablePieces);
    const kept = new Set(tableRows.flat());
    const body = page.lines.filter((line) => !removed.has(line) || kept.has(line));
    return detectTables(body, page.rules, page.fills, page.shapes, { withoutRules: true }).tables.map(
      (table) => toSheetTable(table, page.pageNumber, page.height),
    );
  });
  return { tables: joinAcrossPages(tables), scans };
}

function holds(outer: Box, inner: Box): boolean {
  const x = centerX(inner);
  const y = centerY(inner);
  return x >= outer.x0 && x <= outer.x1 && y >= outer.y0 && y <= outer.y1;
}
