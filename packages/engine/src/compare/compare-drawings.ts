import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import type { VisibleBox } from './read-page-words.ts';

/** A page drawn in RGB, its samples copied out of WebAssembly memory. */
export type DrawnPage = { readonly width: number; readonly height: number; readonly samples: Uint8Array };

/**
 * The resolution pages with the same words are drawn at to find what else differs: one pixel a point, a fraction of
 * a page's drawing time at print resolutions, and still a line a point thick, a moved picture or a changed colour.
 */
export const COMPARE_DPI = 72;
/** The resolution of the overlay of two pages that differ in drawing alone: sharp enough to read the page by. */
export const OVERLAY_DPI = 110;
/** How far a colour channel must move for a pixel to differ (anti-aliasing of the same drawing moves none). */
const CHANNEL_TOLERANCE = 40;
/** Fewer differing pixels than this are noise, not a difference a reader would see. */
const MIN_DIFFERING_PIXELS = 3;
/** Differing pixels are gathered in squares of this many pixels, and touching squares in one box. */
const CELL_PIXELS = 8;

/** Draws a page (0-based) as the visitor sees it, annotations and form fields included, at `dpi`. */
export function drawPage(mupdf: MupdfModule, pdf: Mupdf.PDFDocument, index: number, dpi: number): DrawnPage {
  const page = pdf.loadPage(index);
  try {
    const scale = dpi / 72;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const stride = pixmap.getStride();
      const pixels = pixmap.getPixels();
      const samples = new Uint8Array(width * height * 3);
      for (let row = 0; row < height; row += 1) {
        samples.set(pixels.subarray(row * stride, row * stride + width * 3), row * width * 3);
      }
      return { width, height, samples };
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}

/**
 * Where two drawings of a page differ, as boxes on the page in points (from drawings at `dpi`): touching squares of
 * differing pixels gathered in one box. Empty when they do not differ; the whole page when their sizes differ.
 */
export function differingBoxes(old: DrawnPage, next: DrawnPage, dpi: number): VisibleBox[] {
  const toPoints = 72 / dpi;
  if (old.width !== next.width || old.height !== next.height) {
    return [[0, 0, next.width * toPoints, next.height * toPoints]];
  }
  const columns = Math.ceil(old.width / CELL_PIXELS);
  const rows = Math.ceil(old.height / CELL_PIXELS);
  const cells = new Uint8Array(columns * rows);
  let differing = 0;
  for (let pixel = 0; pixel < old.width * old.height; pixel += 1) {
    if (!pixelDiffers(old.samples, next.samples, pixel * 3)) continue;
    differing += 1;
    const x = pixel % old.width;
    const y = Math.floor(pixel / old.width);
    cells[Math.floor(y / CELL_PIXELS) * columns + Math.floor(x / CELL_PIXELS)] = 1;
  }
  if (differing < MIN_DIFFERING_PIXELS) return [];
  return gatherCells(cells, columns, rows).map(([x0, y0, x1, y1]) => [
    x0 * CELL_PIXELS * toPoints,
    y0 * CELL_PIXELS * toPoints,
    Math.min(x1 * CELL_PIXELS, old.width) * toPoints,
    Math.min(y1 * CELL_PIXELS, old.height) * toPoints,
  ]);
}

function pixelDiffers(first: Uint8Array, second: Uint8Array, offset: number): boolean {
  return (
    Math.abs(first[offset]! - second[offset]!) > CHANNEL_TOLERANCE ||
    Math.abs(first[offset + 1]! - second[offset + 1]!) > CHANNEL_TOLERANCE ||
    Math.abs(first[offset + 2]! - second[offset + 2]!) > CHANNEL_TOLERANCE
  );
}

/** The boxes (in cells, end exclusive) of the groups of marked cells that touch, corners included. */
function gatherCells(cells: Uint8Array, columns: number, rows: number): [number, number, number, number][] {
  const boxes: [number, number, number, number][] = [];
  const stack: number[] = [];
  for (let start = 0; start < cells.length; start += 1) {
    if (cells[start] !== 1) continue;
    cells[start] = 2;
    stack.push(start);
    const box: [number, number, number, number] = [columns, rows, 0, 0];
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const x = cell % columns;
      const y = Math.floor(cell / columns);
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x + 1);
      box[3] = Math.max(box[3], y + 1);
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
          const neighbour = ny * columns + nx;
          if (cells[neighbour] !== 1) continue;
          cells[neighbour] = 2;
          stack.push(neighbour);
        }
      }
    }
    boxes.push(box);
  }
  return boxes;
}

/**
 * The two drawings of a page as one picture: what both draw alike in grey, lightened; what only the old one draws
 * in red, what only the new one draws in green (where each is darker than the other: ink added or taken away).
 */
export function overlayPixmap(mupdf: MupdfModule, old: DrawnPage, next: DrawnPage): Mupdf.Pixmap {
  const width = Math.min(old.width, next.width);
  const height = Math.min(old.height, next.height);
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
  const stride = pixmap.getStride();
  const out = pixmap.getPixels();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = (y * old.width + x) * 3;
      const fromNew = (y * next.width + x) * 3;
      const to = y * stride + x * 3;
      const oldInk = 255 - luminance(old.samples, from);
      const newInk = 255 - luminance(next.samples, fromNew);
      const common = Math.min(oldInk, newInk);
      // Grey for the ink both share, at 40 % strength, so that the colours stand out.
      const grey = 255 - Math.round(common * 0.4);
      const onlyOld = oldInk - common;
      const onlyNew = newInk - common;
      out[to] = Math.max(0, grey - onlyNew);
      out[to + 1] = Math.max(0, grey - onlyOld);
      out[to + 2] = Math.max(0, grey - onlyOld - onlyNew);
    }
  }
  return pixmap;
}

function luminance(samples: Uint8Array, offset: number): number {
  return Math.round(0.299 * samples[offset]! + 0.587 * samples[offset + 1]! + 0.114 * samples[offset + 2]!);
}
