import { buildParagraphs } from '../paragraphs/build-paragraphs.ts';
import type { ParagraphBlock } from '../paragraphs/paragraph-model.ts';
import { detectTables } from '../tables/detect-tables.ts';
import type { Table } from '../tables/table-model.ts';
import {
  centerX,
  centerY,
  unionBox,
  type Box,
  type Line,
  type PageImage,
  type PageLayout,
} from '../model/layout-model.ts';
import { findGutters, orderPage, type Placed } from './reading-order.ts';
import { takeSideStrips } from './take-side-strips.ts';
import { SETTINGS } from '../model/settings.ts';

export type ImageBlock = { kind: 'image'; images: PageImage[]; box: Box };
/** A table, each cell's paragraphs and nested tables top to bottom. */
export type TableBlock = { kind: 'table'; table: Table; box: Box; cells: CellBlock[][][] };
export type CellBlock = ParagraphBlock | TableBlock;
export type Block = ParagraphBlock | ImageBlock | TableBlock;

export type PlannedColumn = { x0: number; x1: number; blocks: Block[] };
export type PlannedBand = { y0: number; y1: number; columns: PlannedColumn[] };

export type PagePlan = {
  pageNumber: number;
  width: number;
  height: number;
  bands: PlannedBand[];
  /** Images with text drawn over them (scanned pages with a text layer, backgrounds): placed behind the text. */
  backgrounds: PageImage[];
  /** Bounding box of everything in the body, or null for an empty page. */
  contentBox: Box | null;
  hasText: boolean;
  /** Vertical Japanese or Chinese: planned turned a quarter (see `PageLayout.isVerticalText`). */
  isVerticalText?: boolean;
  /** The quarter turns that stood the page upright (`PageLayout.turn`): its boxes are those of the turned page. */
  turn?: 90 | 180 | 270;
};

type FlowItem =
  { kind: 'line'; line: Line } | { kind: 'table'; table: Table } | { kind: 'image'; image: PageImage };

/**
 * Plans one page: ruled tables out of the text, images with text over them behind it, the rest in reading order
 * (stripes and columns), each column's lines built into paragraphs. `textBounds` gives the left and right edges of
 * the text area (the page margins) for stripes that are not in columns.
 */
export function planPage(
  layout: PageLayout,
  bodyLines: readonly Line[],
  textBounds: { x0: number; x1: number },
): PagePlan {
  const detected = detectTables(bodyLines, layout.rules, layout.fills);
  // Columns are found with the lines beside tables still among the text: a strip is taken only within its column.
  const gutters = findGutters(detected.lines);
  const { tables, lines } = takeSideStrips(detected.tables, detected.lines, gutters);
  const backgrounds: PageImage[] = [];
  const flowImages: PageImage[] = [];
  for (const image of layout.images) {
    const covered = lines.filter((line) => {
      const x = centerX(line.box);
      const y = centerY(line.box);
      return x > image.box.x0 && x < image.box.x1 && y > image.box.y0 && y < image.box.y1;
    }).length;
    (covered >= SETTINGS.plan.minLinesOverBackground ? backgrounds : flowImages).push(image);
  }
  const items: Placed<FlowItem>[] = [
    ...lines.map((line) => ({ box: line.box, item: { kind: 'line' as const, line } })),
    ...tables.map((table) => ({ box: table.box, item: { kind: 'table' as const, table } })),
    ...flowImages.map((image) => ({ box: image.box, item: { kind: 'image' as const, image } })),
  ];
  const bands = orderPage(items, gutters).map((band): PlannedBand => {
    const isMulti =
      band.columns.length > 1 ||
      (gutters.length > 0 && !spansGutter(band.columns[0]?.x0, band.columns[0]?.x1, gutters));
    const bounds = isMulti ? columnBounds(textBounds, gutters) : [textBounds];
    const columns: PlannedColumn[] = bounds.map((bound) => ({ ...bound, blocks: [] }));
    for (const column of band.columns) {
      const middle = (column.x0 + column.x1) / 2;
      const index = isMulti
        ? bounds.findIndex((bound) => middle >= bound.x0 - 1 && middle <= bound.x1 + 1)
        : 0;
      const target = columns[Math.max(0, index)] as PlannedColumn;
      target.blocks.push(
        ...planColumn(
          column.items.map((placed) => placed.item),
          target,
        ),
      );
    }
    return { y0: band.y0, y1: band.y1, columns };
  });
  const boxes = [
    ...lines.map((line) => line.box),
    ...tables.map((table) => table.box),
    ...flowImages.map((image) => image.box),
  ];
  return {
    pageNumber: layout.pageNumber,
    width: layout.width,
    height: layout.height,
    bands,
    backgrounds,
    contentBox: boxes.length > 0 ? unionBox(boxes) : null,
    hasText: layout.lines.some((line) => line.text.trim() !== ''),
    ...(layout.isVerticalText ? { isVerticalText: true } : {}),
    ...(layout.turn ? { turn: layout.turn } : {}),
  };
}

function spansGutter(
  x0: number | undefined,
  x1: number | undefined,
  gutters: readonly { x0: number; x1: number }[],
) {
  return gutters.some(
    (gutter) => (x0 ?? 0) < (gutter.x0 + gutter.x1) / 2 && (x1 ?? 0) > (gutter.x0 + gutter.x1) / 2,
  );
}

function columnBounds(text: { x0: number; x1: number }, gutters: readonly { x0: number; x1: number }[]) {
  const edges = [text.x0, ...gutters.flatMap((gutter) => [gutter.x0, gutter.x1]), text.x1];
  const bounds: { x0: number; x1: number }[] = [];
  for (let index = 0; index < edges.length; index += 2) {
    bounds.push({ x0: edges[index] as number, x1: edges[index + 1] as number });
  }
  return bounds;
}

/** Consecutive lines become paragraphs; images on one row share a paragraph; tables get paragraphs per cell. */
function planColumn(items: readonly FlowItem[], column: { x0: number; x1: number }): Block[] {
  const blocks: Block[] = [];
  let pending: Line[] = [];
  const columnBox = (y0: number, y1: number): Box => ({ x0: column.x0, y0, x1: column.x1, y1 });
  const flushLines = () => {
    if (pending.length > 0) blocks.push(...buildParagraphs(pending, columnBox(0, 0)));
    pending = [];
  };
  for (const item of withRowsTogether(items, column.x1 - column.x0)) {
    if (item.kind === 'line') {
      pending.push(item.line);
      continue;
    }
    flushLines();
    if (item.kind === 'table') {
      blocks.push(tableBlock(item.table));
      continue;
    }
    const last = blocks.at(-1);
    if (last?.kind === 'image' && sharesRow(last.box, item.image.box)) {
      last.images.push(item.image);
      last.box = unionBox([last.box, item.image.box]);
    } else {
      blocks.push({ kind: 'image', images: [item.image], box: item.image.box });
    }
  }
  flushLines();
  return blocks;
}

/**
 * The items with each picture followed by the later pictures on its row whose captions alone come between them in
 * reading order (a figure's parts, each over its caption): one row of pictures, their captions after it. Captions
 * are at most a few lines, under the pictures, and the pictures stand close; with other text between them, or far
 * apart (pictures in two columns of a page read as one), the order stays.
 */
function withRowsTogether(items: readonly FlowItem[], width: number): FlowItem[] {
  if (items.filter((item) => item.kind === 'image').length < 2) return [...items];
  const pulled = new Set<FlowItem>();
  const ordered: FlowItem[] = [];
  for (const [index, item] of items.entries()) {
    if (pulled.has(item)) continue;
    ordered.push(item);
    if (item.kind !== 'image') continue;
    let row = item.image.box;
    const between: Line[] = [];
    for (const other of items.slice(index + 1)) {
      if (pulled.has(other)) continue;
      const gap =
        other.kind === 'image' ? Math.max(other.image.box.x0 - row.x1, row.x0 - other.image.box.x1) : 0;
      if (
        other.kind === 'image' &&
        sharesRow(row, other.image.box) &&
        gap <= SETTINGS.plan.maxRowGapShare * width
      ) {
        ordered.push(other);
        pulled.add(other);
        row = unionBox([row, other.image.box]);
      } else if (
        other.kind === 'line' &&
        between.length < SETTINGS.plan.maxCaptionLines &&
        isCaptionOf(other.line, row)
      ) {
        between.push(other.line);
      } else break;
    }
  }
  return ordered;
}

/** A line under a row of pictures, within a few of its own heights of their foot: a caption. */
function isCaptionOf(line: Line, row: Box): boolean {
  const height = line.box.y1 - line.box.y0;
  return line.box.y0 >= row.y0 && line.box.y0 <= row.y1 + SETTINGS.plan.captionReachLines * height;
}

/** Whether two boxes overlap by more than `SETTINGS.plan.sharedRow` of the smaller's height. */
function sharesRow(a: Box, b: Box): boolean {
  return (
    Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > SETTINGS.plan.sharedRow * Math.min(a.y1 - a.y0, b.y1 - b.y0)
  );
}

function tableBlock(table: Table): TableBlock {
  const cells = table.rows.map((row) =>
    row.map((cell): CellBlock[] =>
      [...buildParagraphs(cell.lines, cell.box, true), ...(cell.tables ?? []).map(tableBlock)].sort(
        (a, b) => a.box.y0 - b.box.y0,
      ),
    ),
  );
  return { kind: 'table', table, box: table.box, cells };
}

/** The paragraphs of a table's cells, those of its nested tables included, in order. */
export function cellParagraphs(block: TableBlock): ParagraphBlock[] {
  return block.cells.flat(2).flatMap((item) => (item.kind === 'table' ? cellParagraphs(item) : [item]));
}
