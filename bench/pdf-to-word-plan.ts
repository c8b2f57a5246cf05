// Helper of pdf-to-word.bench.ts (`--dump-plan <dir>`): each page's plan as PDF to Word made it, as JSON, and an SVG
// of the page rendered with the plan's blocks outlined by kind, to see why a block became a table, a figure or a
// paragraph. Scanned pages are not read here (no OCR): they show as the pictures they are.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { planDocument, type PlannedDocument } from '@quire/engine';
import * as mupdf from 'mupdf';

type Box = { x0: number; y0: number; x1: number; y1: number };
type Plan = PlannedDocument['plan']['pages'][number];
type Block = Plan['bands'][number]['columns'][number]['blocks'][number];

/** The page is drawn at this many pixels a point under the outlines. */
const RENDER_SCALE = 1.5;
/** Outline colours by kind. */
const COLOURS = {
  paragraph: '#1b9e3a',
  heading: '#0a6b24',
  table: '#d62728',
  cell: '#f08a8b',
  image: '#1f5fd6',
  figure: '#8e35c9',
  background: '#7f7f7f',
  runningHead: '#ef7d00',
  column: '#9a9a9a',
} as const;

/** Writes `<dir>/<file name>/page-<n>.json` and `page-<n>.svg` for every page of the PDF; the pages written. */
export async function dumpPlan(pdfPath: string, dir: string): Promise<number> {
  const document = mupdf.Document.openDocument(readFileSync(pdfPath), 'application/pdf');
  try {
    const planned = await planDocument(mupdf, document);
    const out = join(dir, basename(pdfPath).replace(/\.pdf$/i, ''));
    mkdirSync(out, { recursive: true });
    for (const [index, page] of planned.plan.pages.entries()) {
      const figures = planned.figures[index] ?? [];
      const heads = (planned.runningHeads[index] ?? []).map((line) => ({ box: line.box, text: line.text }));
      const json = {
        page,
        margins: planned.plan.margins[index],
        drawnFigures: figures,
        runningHeads: heads,
      };
      writeFileSync(join(out, `page-${index + 1}.json`), JSON.stringify(json, withoutPixels, 1));
      writeFileSync(join(out, `page-${index + 1}.svg`), overlay(document, index, page, figures, heads));
    }
    return planned.plan.pages.length;
  } finally {
    document.destroy();
  }
}

/** Image bytes are left out of the JSON: their size and type say enough. */
function withoutPixels(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? `${value.length} bytes` : value;
}

function overlay(
  document: mupdf.Document,
  index: number,
  plan: Plan,
  figures: readonly Box[],
  heads: readonly { box: Box; text: string }[],
): string {
  const shapes: string[] = [pageImage(document, index, plan)];
  const isFigure = (box: Box) => figures.some((figure) => sameBox(figure, box));
  for (const image of plan.backgrounds)
    shapes.push(outline(image.box, COLOURS.background, 'background', true));
  for (const [bandIndex, band] of plan.bands.entries()) {
    for (const [columnIndex, column] of band.columns.entries()) {
      const box = { x0: column.x0, y0: band.y0, x1: column.x1, y1: band.y1 };
      shapes.push(outline(box, COLOURS.column, `band ${bandIndex + 1} column ${columnIndex + 1}`, true));
      for (const [blockIndex, block] of column.blocks.entries()) {
        shapes.push(...blockShapes(block, `${blockIndex + 1}`, isFigure));
      }
    }
  }
  for (const head of heads) shapes.push(outline(head.box, COLOURS.runningHead, 'running head'));
  const legend = Object.entries(COLOURS)
    .map(
      ([kind, colour], at) => `<text x="4" y="${10 + at * 9}" font-size="8" fill="${colour}">${kind}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${plan.width} ${plan.height}" width="${plan.width * RENDER_SCALE}" height="${plan.height * RENDER_SCALE}">\n${shapes.join('\n')}\n<g opacity="0.8">${legend}</g>\n</svg>\n`;
}

/** The outlines of one block: a paragraph (a heading darker), a table and its cells, a picture or a drawn figure. */
function blockShapes(block: Block, label: string, isFigure: (box: Box) => boolean): string[] {
  if (block.kind === 'paragraph') {
    const level = block.headingLevel ? ` h${block.headingLevel}` : '';
    const colour = block.headingLevel ? COLOURS.heading : COLOURS.paragraph;
    return [
      outline(block.box, colour, `P${label}${level} ${block.alignment}${block.isBullet ? ' bullet' : ''}`),
    ];
  }
  if (block.kind === 'image') {
    return block.images.map((image, at) => {
      const figure = isFigure(image.box);
      return outline(
        image.box,
        figure ? COLOURS.figure : COLOURS.image,
        `${figure ? 'F' : 'I'}${label}.${at + 1}`,
      );
    });
  }
  const cells = block.table.rows.flat().map((cell) => outline(cell.box, COLOURS.cell, ''));
  const size = `${block.table.rows.length}×${block.table.xs.length - 1}`;
  return [...cells, outline(block.box, COLOURS.table, `T${label} ${size}`)];
}

function outline(box: Box, colour: string, label: string, isDashed = false): string {
  const dash = isDashed ? ' stroke-dasharray="3 2"' : '';
  const rect = `<rect x="${fixed(box.x0)}" y="${fixed(box.y0)}" width="${fixed(box.x1 - box.x0)}" height="${fixed(box.y1 - box.y0)}" fill="none" stroke="${colour}" stroke-width="0.8"${dash}/>`;
  if (!label) return rect;
  return `${rect}<text x="${fixed(box.x0)}" y="${fixed(box.y0 - 1)}" font-size="5" fill="${colour}">${escapeXml(label)}</text>`;
}

/**
 * The page drawn as a PNG under the outlines. A page read turned (`plan.turn`) is drawn as it was turned, so that its
 * plan's boxes fall on its text: the picture of the page as it stands, placed by the turn's matrix.
 */
function pageImage(document: mupdf.Document, index: number, plan: Plan): string {
  const page = document.loadPage(index);
  try {
    const pixmap = page.toPixmap(
      mupdf.Matrix.scale(RENDER_SCALE, RENDER_SCALE),
      mupdf.ColorSpace.DeviceRGB,
      false,
      true,
    );
    const png = Buffer.from(pixmap.asPNG()).toString('base64');
    pixmap.destroy();
    const [bx0, by0, bx1, by1] = page.getBounds();
    const width = bx1 - bx0;
    const height = by1 - by0;
    const turn = plan.turn ?? 0;
    // Page point (x, y) to the turned page's: 90° (height − y, x), 180° (width − x, height − y), 270° (y, width − x).
    const matrix =
      turn === 90
        ? `0 1 -1 0 ${height} 0`
        : turn === 180
          ? `-1 0 0 -1 ${width} ${height}`
          : turn === 270
            ? `0 -1 1 0 0 ${width}`
            : '1 0 0 1 0 0';
    return `<image transform="matrix(${matrix})" width="${width}" height="${height}" xlink:href="data:image/png;base64,${png}" opacity="0.6"/>`;
  } finally {
    page.destroy();
  }
}

function sameBox(a: Box, b: Box): boolean {
  return (
    Math.abs(a.x0 - b.x0) < 1 &&
    Math.abs(a.y0 - b.y0) < 1 &&
    Math.abs(a.x1 - b.x1) < 1 &&
    Math.abs(a.y1 - b.y1) < 1
  );
}

function fixed(value: number): string {
  return value.toFixed(1);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
