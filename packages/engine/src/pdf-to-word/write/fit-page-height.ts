import type { Box } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';
import type { ParagraphBlock } from '../paragraphs/paragraph-model.ts';
import type { Block, CellBlock, PagePlan, PlannedColumn, TableBlock } from '../plan/plan-page.ts';
import type { Margins } from '../plan/page-margins.ts';
import { blockExtent } from './docx-blocks.ts';

/**
 * The page planned a little shorter when Word would run it onto a second page: every block's place, every line's
 * height and every row's height drawn towards the top margin by one factor, the text keeping its size. A form's
 * rows overlap on the PDF page (a label beside three rows, a header over two lines of a grid) and Word sets them one
 * under the other: the 1040 tax form came back from LibreOffice as three pages for two, its first page 60 points
 * longer than its paper. Pages that fit are returned as they are.
 */
export function fitPageHeight(page: PagePlan, margins: Margins): PagePlan {
  const room = page.height - margins.bottom - margins.top;
  const used = flowBottom(page, margins.top) - margins.top;
  if (room <= 0 || used <= room) return page;
  // Word's tables and wrapped lines grow past what the plan can tell: the factor leaves room for them. A page that
  // would need more (a drawing taller than the paper's room) is not one a little squeezing keeps: left as it is.
  const factor = (room / used) * SETTINGS.write.fitShare;
  if (factor < SETTINGS.write.minFitFactor) return page;
  const y = (value: number) => margins.top + (value - margins.top) * factor;
  return {
    ...page,
    bands: page.bands.map((band) => ({
      ...band,
      y0: y(band.y0),
      y1: y(band.y1),
      columns: band.columns.map((column) => ({
        ...column,
        blocks: column.blocks.map((block) => squeezeBlock(block, y, factor)),
      })),
    })),
  };
}

/**
 * Where Word's flow ends on the page, as the writer spaces blocks (`writeColumn`): each block at its place on the
 * page, or after the one before where they overlap; a table as tall as its rows' text needs, where that is more than
 * its rows.
 */
function flowBottom(page: PagePlan, top: number): number {
  let bottom = top;
  for (const band of page.bands) {
    bottom = Math.max(bottom, ...band.columns.map((column) => columnBottom(column, bottom)));
  }
  return bottom;
}

function columnBottom(column: PlannedColumn, top: number): number {
  let previousBottom = top;
  for (const block of column.blocks) {
    const extent = block.kind === 'table' ? tableExtent(block) : blockExtent(block);
    previousBottom = Math.max(previousBottom, extent.top) + (extent.bottom - extent.top);
  }
  return previousBottom;
}

/** A table's rows, each as tall as its row on the page or as its tallest cell's text, whichever is more. */
function tableExtent(block: TableBlock): { top: number; bottom: number } {
  const { table } = block;
  let height = 0;
  for (const [rowIndex, cells] of table.rows.entries()) {
    const rowHeight = (table.ys[rowIndex + 1] as number) - (table.ys[rowIndex] as number);
    const needed = cells.map((cell, cellIndex) =>
      cell.verticalMerge || cell.flow ? 0 : cellHeight(block.cells[rowIndex]?.[cellIndex] ?? [], cell.box),
    );
    height += Math.max(rowHeight, ...needed);
  }
  return { top: table.box.y0, bottom: table.box.y0 + height };
}

/** The height of a cell's paragraphs as the writer spaces them: each after the one before, from the cell's top. */
function cellHeight(contents: readonly CellBlock[], box: Box): number {
  let previousBottom = box.y0;
  let height = 0;
  for (const content of contents) {
    const extent = content.kind === 'table' ? tableExtent(content) : blockExtent(content);
    height += Math.max(0, extent.top - previousBottom) + (extent.bottom - extent.top);
    previousBottom = extent.bottom;
  }
  return height;
}

function squeezeBlock<T extends Block>(block: T, y: (value: number) => number, factor: number): T {
  const box = squeezeBox(block.box, y);
  if (block.kind === 'paragraph') return { ...block, ...squeezeParagraph(block, y, factor), box };
  // A picture keeps its size (Word sets it at its own): only where it stands moves.
  if (block.kind === 'image') return { ...block, box: { ...box, y1: box.y0 + block.box.y1 - block.box.y0 } };
  const table = (block as TableBlock).table;
  return {
    ...block,
    box,
    table: {
      ...table,
      box: squeezeBox(table.box, y),
      ys: table.ys.map(y),
      rows: table.rows.map((cells) => cells.map((cell) => ({ ...cell, box: squeezeBox(cell.box, y) }))),
    },
    cells: (block as TableBlock).cells.map((row) =>
      row.map((contents) => contents.map((content) => squeezeBlock(content, y, factor))),
    ),
  };
}

/** A paragraph's baselines and line height; never closer than its text's size, where glyphs would be cut. */
function squeezeParagraph(
  block: ParagraphBlock,
  y: (value: number) => number,
  factor: number,
): Pick<ParagraphBlock, 'firstBaseline' | 'lastBaseline' | 'lineSpacing'> {
  return {
    firstBaseline: y(block.firstBaseline),
    lastBaseline: y(block.lastBaseline),
    lineSpacing: Math.max(Math.min(block.lineSpacing, block.size), block.lineSpacing * factor),
  };
}

function squeezeBox(box: Box, y: (value: number) => number): Box {
  return { ...box, y0: y(box.y0), y1: y(box.y1) };
}
