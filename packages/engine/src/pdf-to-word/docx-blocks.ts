import {
  AlignmentType,
  BorderStyle,
  ColumnBreak,
  HeadingLevel,
  HeightRule,
  ImageRun,
  LineRuleType,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  VerticalMergeType,
  WidthType,
} from 'docx';
import type { ParagraphBlock, Run } from './build-paragraphs.ts';
import type { PageImage } from './layout-model.ts';
import type { ImageBlock, TableBlock } from './plan-page.ts';
import { hasRightToLeft } from './script-direction.ts';

export const BULLET_REFERENCE = 'quire-bullets';
const TWIPS_PER_POINT = 20;
const PIXELS_PER_POINT = 96 / 72;
export const EMU_PER_POINT = 12_700;
/** Word's exact line height puts the baseline about this share of the line height below the line's top. */
export const BASELINE_SHARE = 0.78;

/**
 * Long paragraphs are set a little tighter than in the PDF: without the PDF's hyphenation and with substitute fonts
 * they tend to need a few more lines, and a column that overflows pushes the rest of the page onto a new one.
 */
const LONG_PARAGRAPH_LINE_SHARE = 0.96;
const LONG_PARAGRAPH_LINES = 3;
const isLong = (block: ParagraphBlock): boolean =>
  block.lastBaseline - block.firstBaseline >= (LONG_PARAGRAPH_LINES - 1) * block.lineSpacing * 0.9;

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
    top: block.firstBaseline - BASELINE_SHARE * block.lineSpacing,
    bottom: block.lastBaseline + (1 - BASELINE_SHARE) * block.lineSpacing,
  };
}

export function toTextRuns(runs: readonly Run[], isRightToLeft: boolean): TextRun[] {
  return runs.map((run) => {
    const { style } = run;
    const parts = run.text.split('\t');
    const children = parts.flatMap((part, index) => (index === 0 ? [part] : [new Tab(), part]));
    return new TextRun({
      children,
      font: { ascii: style.font, hAnsi: style.font, eastAsia: style.font, cs: style.font },
      size: Math.max(2, Math.round(style.size * 2)),
      ...(style.isBold ? { bold: true } : {}),
      ...(style.isItalic ? { italics: true } : {}),
      ...(style.isUnderline ? { underline: {} } : {}),
      color: style.color,
      ...(run.rise ? { position: `${run.rise}pt` as const } : {}),
      ...(isRightToLeft || hasRightToLeft(run.text) ? { rightToLeft: true } : {}),
    });
  });
}

export function toParagraph(
  block: ParagraphBlock,
  spaceBefore: number,
  options: { hasColumnBreak?: boolean; isInTable?: boolean } = {},
): Paragraph {
  const runs: (TextRun | ColumnBreak)[] = toTextRuns(block.runs, block.isRightToLeft);
  if (options.hasColumnBreak) runs.unshift(new ColumnBreak());
  let indent: { left: number; right: number; firstLine?: number; hanging?: number };
  if (block.isRightToLeft) {
    indent = { left: 0, right: 0 };
  } else if (block.isBullet) {
    const bulletX = block.indentLeft + Math.min(0, block.firstLineIndent);
    const textX = block.firstLineIndent < 0 ? block.indentLeft : bulletX + 1.5 * block.size;
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
      line: Math.max(20, twips(block.lineSpacing * (isLong(block) ? LONG_PARAGRAPH_LINE_SHARE : 1))),
      lineRule: LineRuleType.EXACT,
    },
    ...(block.headingLevel && !options.isInTable ? { heading: HEADINGS[block.headingLevel] } : {}),
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
  const border = { style: BorderStyle.SINGLE, size: 4, color: table.borderColor };
  const rows = table.rows.map((cells, rowIndex) => {
    const top = table.ys[rowIndex] as number;
    const bottom = table.ys[rowIndex + 1] as number;
    return new TableRow({
      height: { value: twips(bottom - top), rule: HeightRule.ATLEAST },
      children: cells.map((cell, cellIndex) => {
        const paragraphs = block.cells[rowIndex]?.[cellIndex] ?? [];
        let previousBottom = cell.box.y0;
        const children = paragraphs.map((paragraph) => {
          const extent = blockExtent(paragraph);
          const result = toParagraph(paragraph, Math.max(0, extent.top - previousBottom), {
            isInTable: true,
          });
          previousBottom = extent.bottom;
          return result;
        });
        return new TableCell({
          children: children.length > 0 ? children : [new Paragraph({ spacing: { before: 0, after: 0 } })],
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
          ...(cell.shading
            ? { shading: { fill: cell.shading, type: ShadingType.CLEAR, color: 'auto' } }
            : {}),
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
      top: border,
      bottom: border,
      left: border,
      right: border,
      insideHorizontal: border,
      insideVertical: border,
    },
  });
}
