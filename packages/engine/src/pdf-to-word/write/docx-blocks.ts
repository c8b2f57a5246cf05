import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  ColumnBreak,
  ExternalHyperlink,
  HeadingLevel,
  HeightRule,
  ImageRun,
  InternalHyperlink,
  LineRuleType,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextDirection,
  TextRun,
  VerticalMergeType,
  WidthType,
} from 'docx';
import { LINE_BREAK, type ParagraphBlock, type Run } from '../paragraphs/paragraph-model.ts';
import { linkKey, type PageImage } from '../model/layout-model.ts';
import type { TextFit } from '../paragraphs/fit-text-width.ts';
import type { ImageBlock, TableBlock } from '../plan/plan-page.ts';
import { hasRightToLeft } from '../model/script-direction.ts';
import { SETTINGS } from '../model/settings.ts';

export const BULLET_REFERENCE = 'quire-bullets';
const TWIPS_PER_POINT = 20;
const PIXELS_PER_POINT = 96 / 72;
export const EMU_PER_POINT = 12_700;

const isLong = (block: ParagraphBlock): boolean =>
  block.lastBaseline - block.firstBaseline >=
  (SETTINGS.write.longParagraphLines - 1) * block.lineSpacing * SETTINGS.write.longParagraphPitchShare;

export const twips = (points: number): number => Math.max(0, Math.round(points * TWIPS_PER_POINT));
const signedTwips = (points: number): number => Math.round(points * TWIPS_PER_POINT);

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/** Where a block starts and ends, as Word lays it out, in page points: for spacing blocks like the PDF. */
export function blockExtent(block: ParagraphBlock | ImageBlock | TableBlock): {
  top: number;
  bottom: number;
} {
  if (block.kind !== 'paragraph') return { top: block.box.y0, bottom: block.box.y1 };
  return {
    top: block.firstBaseline - SETTINGS.write.baselineShare * block.lineSpacing,
    bottom: block.lastBaseline + (1 - SETTINGS.write.baselineShare) * block.lineSpacing,
  };
}

/** Word's highlight colours (`w:highlight` takes no other), with their RGB values. */
const HIGHLIGHTS = {
  yellow: [255, 255, 0],
  green: [0, 255, 0],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  blue: [0, 0, 255],
  red: [255, 0, 0],
  darkBlue: [0, 0, 128],
  darkCyan: [0, 128, 128],
  darkGreen: [0, 128, 0],
  darkMagenta: [128, 0, 128],
  darkRed: [128, 0, 0],
  darkYellow: [128, 128, 0],
  darkGray: [128, 128, 128],
  lightGray: [192, 192, 192],
} as const;

/** The Word highlight colour nearest to `RRGGBB`. */
export function nearestHighlight(color: string): keyof typeof HIGHLIGHTS {
  const rgb = [0, 2, 4].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  let best: keyof typeof HIGHLIGHTS = 'yellow';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, value] of Object.entries(HIGHLIGHTS) as [keyof typeof HIGHLIGHTS, readonly number[]][]) {
    const distance = value.reduce((sum, channel, index) => sum + (channel - (rgb[index] ?? 0)) ** 2, 0);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

const shadingOf = (color: string) => ({ type: ShadingType.CLEAR, fill: color, color: 'auto' });

export function toTextRuns(runs: readonly Run[], isRightToLeft: boolean, fit: TextFit = {}): TextRun[] {
  const condensing = fit.condensing ?? 0;
  // A line break inside a run (a table cell's lines kept as the PDF ends them) starts a run on the next line.
  return runs.flatMap((run) =>
    run.text.split(LINE_BREAK).map((text, line) => toTextRun({ ...run, text }, line > 0)),
  );
  function toTextRun(run: Run, isAfterBreak: boolean): TextRun {
    const { style, shade } = run;
    const parts = run.text.split('\t');
    const children = run.isPageNumber
      ? [PageNumber.CURRENT]
      : parts.flatMap((part, index) => (index === 0 ? [part] : [new Tab(), part]));
    return new TextRun({
      ...(isAfterBreak ? { break: 1 } : {}),
      children,
      font: { ascii: style.font, hAnsi: style.font, eastAsia: style.font, cs: style.font },
      size: Math.max(2, Math.round(style.size * 2)),
      ...(style.isBold ? { bold: true } : {}),
      ...(style.isItalic ? { italics: true } : {}),
      ...(style.isUnderline ? { underline: {} } : {}),
      color: style.color,
      // Rounded up to the twentieth of a point: a line that only just fits in the PDF fits in Word too.
      ...(condensing > 0 ? { characterSpacing: -Math.ceil(condensing * 20) } : {}),
      ...(fit.scale ? { scale: fit.scale } : {}),
      ...(run.rise ? { position: `${run.rise}pt` as const } : {}),
      ...(shade?.isHighlight ? { highlight: nearestHighlight(shade.color) } : {}),
      ...(shade && !shade.isHighlight ? { shading: shadingOf(shade.color) } : {}),
      ...(isRightToLeft || hasRightToLeft(run.text) ? { rightToLeft: true } : {}),
    });
  }
}

/**
 * A paragraph's runs, those under a link inside a Word hyperlink: to the address, or to the bookmark at the place in
 * the document (`placeLinkAnchors`). Linked text keeps the look it has in the PDF. Runs with no link, and links to a
 * place that has no bookmark, are plain runs.
 */
export function toLinkedRuns(
  runs: readonly Run[],
  isRightToLeft: boolean,
  fit: TextFit = {},
): ParagraphChild[] {
  const children: ParagraphChild[] = [];
  let index = 0;
  while (index < runs.length) {
    const link = (runs[index] as Run).link;
    let end = index + 1;
    while (end < runs.length && link && linkKey(runs[end]?.link) === linkKey(link)) end += 1;
    const textRuns = toTextRuns(runs.slice(index, end), isRightToLeft, fit);
    if (link?.kind === 'uri') children.push(new ExternalHyperlink({ link: link.uri, children: textRuns }));
    else if (link?.kind === 'place' && link.anchor)
      children.push(new InternalHyperlink({ anchor: link.anchor, children: textRuns }));
    else children.push(...textRuns);
    index = end;
  }
  return children;
}

export function toParagraph(
  block: ParagraphBlock,
  spaceBefore: number,
  options: { hasColumnBreak?: boolean; isInTable?: boolean } = {},
): Paragraph {
  const runs: ParagraphChild[] = [
    ...(options.hasColumnBreak ? [new ColumnBreak()] : []),
    ...(block.bookmarks ?? []).map((id) => new Bookmark({ id, children: [] })),
    ...toLinkedRuns(block.runs, block.isRightToLeft, block.fit),
  ];
  let indent: { left: number; right: number; firstLine?: number; hanging?: number };
  if (block.isRightToLeft) {
    indent = { left: 0, right: 0 };
  } else if (block.isBullet) {
    const bulletX = block.indentLeft + Math.min(0, block.firstLineIndent);
    const textX =
      block.firstLineIndent < 0 ? block.indentLeft : bulletX + SETTINGS.write.bulletIndentEm * block.size;
    indent = { left: twips(textX), right: twips(block.indentRight), hanging: twips(textX - bulletX) };
  } else {
    indent = {
      left: twips(block.indentLeft),
      right: twips(block.indentRight),
      ...(block.firstLineIndent >= 0
        ? { firstLine: twips(block.firstLineIndent) }
        : { hanging: twips(-block.firstLineIndent) }),
    };
  }
  return new Paragraph({
    children: runs,
    alignment: toAlignment(block),
    indent,
    spacing: {
      before: twips(spaceBefore),
      after: 0,
      line: Math.max(
        20,
        twips(block.lineSpacing * (isLong(block) ? SETTINGS.write.longParagraphLineShare : 1)),
      ),
      lineRule: LineRuleType.EXACT,
    },
    ...(block.headingLevel && !options.isInTable ? { heading: HEADINGS[block.headingLevel] } : {}),
    ...(block.shading ? { shading: shadingOf(block.shading) } : {}),
    ...(block.isRightToLeft ? { bidirectional: true } : {}),
    ...(block.isBullet ? { numbering: { reference: BULLET_REFERENCE, level: 0 } } : {}),
    ...(block.tabStops.length > 0
      ? { tabStops: block.tabStops.map((x) => ({ type: TabStopType.LEFT, position: twips(x) })) }
      : {}),
  });
}

function toAlignment(block: ParagraphBlock): (typeof AlignmentType)[keyof typeof AlignmentType] {
  if (block.alignment === 'center') return AlignmentType.CENTER;
  if (block.alignment === 'justify') return AlignmentType.JUSTIFIED;
  // In a right-to-left paragraph, Word's start is the right edge.
  if (block.isRightToLeft) return block.alignment === 'right' ? AlignmentType.START : AlignmentType.END;
  return block.alignment === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT;
}

/** Images side by side in one paragraph, each at its size on the page (shrunk to fit the text area). */
export function toImageParagraph(
  block: ImageBlock,
  column: { x0: number; x1: number },
  spaceBefore: number,
  maxHeight: number,
  hasColumnBreak: boolean,
): Paragraph {
  const width = block.box.x1 - block.box.x0;
  const height = block.box.y1 - block.box.y0;
  const scale = Math.min(1, (column.x1 - column.x0) / width, maxHeight / height);
  const children: (ImageRun | TextRun | ColumnBreak)[] = hasColumnBreak ? [new ColumnBreak()] : [];
  block.images.forEach((image, index) => {
    const previous = block.images[index - 1];
    if (previous) children.push(new TextRun({ text: ' ', size: 2 }));
    children.push(toImageRun(image, scale));
  });
  const indent = Math.max(0, Math.min(block.box.x0 - column.x0, column.x1 - column.x0 - width * scale));
  return new Paragraph({
    children,
    indent: { left: twips(indent) },
    spacing: { before: twips(spaceBefore), after: 0 },
  });
}

function toImageRun(image: PageImage, scale: number): ImageRun {
  return new ImageRun({
    type: image.type,
    data: image.data,
    transformation: {
      width: Math.max(1, Math.round((image.box.x1 - image.box.x0) * scale * PIXELS_PER_POINT)),
      height: Math.max(1, Math.round((image.box.y1 - image.box.y0) * scale * PIXELS_PER_POINT)),
    },
    ...(image.description ? { altText: { name: 'Figure', description: image.description } } : {}),
  });
}

/** A picture behind the text at its place on the page: for scans with a text layer and background art. */
export function toBackgroundRun(image: PageImage): ImageRun {
  return new ImageRun({
    type: image.type,
    data: image.data,
    transformation: {
      width: Math.max(1, Math.round((image.box.x1 - image.box.x0) * PIXELS_PER_POINT)),
      height: Math.max(1, Math.round((image.box.y1 - image.box.y0) * PIXELS_PER_POINT)),
    },
    floating: {
      horizontalPosition: { relative: 'page', offset: Math.round(image.box.x0 * EMU_PER_POINT) },
      verticalPosition: { relative: 'page', offset: Math.round(image.box.y0 * EMU_PER_POINT) },
      behindDocument: true,
      allowOverlap: true,
      wrap: { type: 0 },
    },
  });
}

export function toTable(block: TableBlock, column: { x0: number }): Table {
  const { table } = block;
  const widths = table.xs.slice(1).map((x, index) => twips(x - (table.xs[index] as number)));
  const border = {
    style: BorderStyle.SINGLE,
    size: SETTINGS.write.tableBorderEighths,
    color: table.borderColor,
  };
  const none = { style: BorderStyle.NONE, size: 0, color: 'auto' };
  const side = (isRuled: boolean) => (isRuled ? border : none);
  const rows = table.rows.map((cells, rowIndex) => {
    const top = table.ys[rowIndex] as number;
    const bottom = table.ys[rowIndex + 1] as number;
    return new TableRow({
      height: { value: twips(bottom - top), rule: HeightRule.ATLEAST },
      children: cells.map((cell, cellIndex) => {
        const contents = block.cells[rowIndex]?.[cellIndex] ?? [];
        let previousBottom = cell.box.y0;
        const children: (Paragraph | Table)[] = contents.map((paragraph) => {
          if (paragraph.kind === 'table') {
            previousBottom = paragraph.box.y1;
            return toTable(paragraph, { x0: cell.box.x0 });
          }
          if (cell.flow) {
            return toParagraph(inTurnedCell(withoutCellShading(paragraph, cell.shading)), 0, {
              isInTable: true,
            });
          }
          const extent = blockExtent(paragraph);
          const result = toParagraph(
            withoutCellShading(paragraph, cell.shading),
            Math.max(0, extent.top - previousBottom),
            { isInTable: true },
          );
          previousBottom = extent.bottom;
          return result;
        });
        // A cell ends with a paragraph in Word's format, after a nested table too.
        if (children.length === 0 || children.at(-1) instanceof Table) {
          children.push(new Paragraph({ spacing: { before: 0, after: 0 } }));
        }
        return new TableCell({
          children,
          columnSpan: cell.colSpan,
          width: {
            size: widths.slice(cell.col, cell.col + cell.colSpan).reduce((a, b) => a + b, 0),
            type: WidthType.DXA,
          },
          ...(cell.verticalMerge
            ? {
                verticalMerge:
                  cell.verticalMerge === 'restart' ? VerticalMergeType.RESTART : VerticalMergeType.CONTINUE,
              }
            : {}),
          // Only the sides the PDF rules: a table of three rules stays one, a grid stays a grid.
          borders: {
            top: side(cell.edges.top),
            bottom: side(cell.edges.bottom),
            left: side(cell.edges.left),
            right: side(cell.edges.right),
          },
          ...(cell.shading ? { shading: shadingOf(cell.shading) } : {}),
          ...(cell.flow ? { textDirection: TEXT_DIRECTIONS[cell.flow] } : {}),
        });
      }),
    });
  });
  return new Table({
    rows,
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    indent: { size: signedTwips(table.box.x0 - column.x0), type: WidthType.DXA },
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    borders: {
      top: none,
      bottom: none,
      left: none,
      right: none,
      insideHorizontal: none,
      insideVertical: none,
    },
  });
}

/** A cell's paragraph without the shading the cell itself has: the cell's fill is behind its text too. */
function withoutCellShading(paragraph: ParagraphBlock, cellShading: string | undefined): ParagraphBlock {
  if (!cellShading) return paragraph;
  const { shading, ...rest } = paragraph;
  return {
    ...rest,
    ...(shading && shading !== cellShading ? { shading } : {}),
    runs: paragraph.runs.map(({ shade, ...run }) =>
      shade && (shade.isHighlight || shade.color !== cellShading) ? { ...run, shade } : run,
    ),
  };
}

/** Word's direction for a cell whose text runs up the page (turned anticlockwise) or down it. */
const TEXT_DIRECTIONS = {
  up: TextDirection.BOTTOM_TO_TOP_LEFT_TO_RIGHT,
  down: TextDirection.TOP_TO_BOTTOM_RIGHT_TO_LEFT,
} as const;

/**
 * A paragraph of a cell written in a turned direction: its measures on the page (a tall, narrow box) mean nothing
 * along the turned line, so it is set plainly, lines a little more than a font size apart.
 */
function inTurnedCell(paragraph: ParagraphBlock): ParagraphBlock {
  return {
    ...paragraph,
    alignment: 'left',
    indentLeft: 0,
    indentRight: 0,
    firstLineIndent: 0,
    tabStops: [],
    lineSpacing: paragraph.size * SETTINGS.write.turnedLineSpacingEm,
  };
}
