import type * as Mupdf from 'mupdf';
import sharp from 'sharp';
import { MAX_DECODED_IMAGE_PIXELS } from '../compress/image-objects.ts';
import { packedPixels } from '../mupdf/packed-pixels.ts';
import type { PageImage } from '../pdf-to-word/model/layout-model.ts';
import type { PageTurn } from '../pdf-to-word/read/page-turn.ts';
import { SETTINGS } from '../pdf-to-word/model/settings.ts';
import { SLIDE_SETTINGS } from './slide-settings.ts';

/** What a page shows besides its text and its pictures, and where its invisible text stands. */
export type PageArt = {
  /** The page's drawings (paths, shadings, stencil masks, tiny images) as one picture, or null when it has none. */
  art: PageImage | null;
  /** Origins of the glyphs drawn invisible (an OCR layer over a scan), in points on the page as it is read. */
  invisible: [number, number][];
};

/**
 * Draws the page with its annotations and form fields but without its text and its pictures (which the slide
 * carries as text boxes and pictures of their own): what is left is its vector drawing, charts, rules, shading and
 * frames, cut to the part that is not blank paper. The page is turned by `turn`, as its text was read. On the way,
 * the origins of the glyphs drawn invisible are gathered (`invisible`).
 */
export async function drawPageArt(mupdf: typeof Mupdf, page: Mupdf.Page, turn: PageTurn): Promise<PageArt> {
  const [bx0 = 0, by0 = 0, bx1 = 0, by1 = 0] = page.getBounds();
  const width = bx1 - bx0;
  const height = by1 - by0;
  const scale = Math.min(
    SLIDE_SETTINGS.artDpi / 72,
    Math.sqrt(SLIDE_SETTINGS.maxArtPixels / Math.max(width * height, 1)),
  );
  const isQuarter = turn === 90 || turn === 270;
  const pixelWidth = Math.max(1, Math.ceil((isQuarter ? height : width) * scale));
  const pixelHeight = Math.max(1, Math.ceil((isQuarter ? width : height) * scale));
  const matrix = mupdf.Matrix.concat(
    mupdf.Matrix.concat(mupdf.Matrix.translate(-bx0, -by0), turnMatrix(turn, width, height)),
    mupdf.Matrix.scale(scale, scale),
  );
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, pixelWidth, pixelHeight], false);
  const invisible: [number, number][] = [];
  let drawn: { data: Buffer; width: number; height: number } | null = null;
  try {
    pixmap.clear(255);
    const draw = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    let marks = 0;
    try {
      const filter = artFilter(mupdf, draw, scale, {
        onMark: () => (marks += 1),
        onInvisible: (x, y) => invisible.push([x / scale, y / scale]),
      });
      try {
        page.run(filter, matrix);
        filter.close();
      } finally {
        filter.destroy();
      }
      draw.close();
    } finally {
      draw.destroy();
    }
    if (marks > 0) drawn = packedPixels(pixmap);
  } finally {
    pixmap.destroy();
  }
  return { art: drawn ? await encodeArt(drawn, scale) : null, invisible };
}

/**
 * A device that hands the drawing device everything but text (fill, stroke, invisible) and the images the slide
 * carries as pictures: stencil masks and images too small to be read as pictures stay part of the drawing; images
 * claiming more pixels than any page needs are drawn by neither (hardening items 24 and 28). Clips made of text
 * are kept, so that what is drawn through them is clipped as on the page.
 */
function artFilter(
  mupdf: typeof Mupdf,
  draw: Mupdf.Device,
  scale: number,
  { onMark, onInvisible }: { onMark: () => void; onInvisible: (x: number, y: number) => void },
): Mupdf.Device {
  return new mupdf.Device({
    fillPath: (path, evenOdd, ctm, colorspace, color, alpha) => {
      onMark();
      draw.fillPath(path, evenOdd, ctm, colorspace, color as Mupdf.Color, alpha);
    },
    strokePath: (path, stroke, ctm, colorspace, color, alpha) => {
      onMark();
      draw.strokePath(path, stroke, ctm, colorspace, color as Mupdf.Color, alpha);
    },
    clipPath: (path, evenOdd, ctm) => draw.clipPath(path, evenOdd, ctm),
    clipStrokePath: (path, stroke, ctm) => draw.clipStrokePath(path, stroke, ctm),
    clipText: (text, ctm) => draw.clipText(text, ctm),
    clipStrokeText: (text, stroke, ctm) => draw.clipStrokeText(text, stroke, ctm),
    ignoreText: (text, ctm) => {
      text.walk({
        showGlyph: (_font, trm) => {
          onInvisible(...applyMatrix(ctm, trm[4], trm[5]));
        },
      });
    },
    fillShade: (shade, ctm, alpha) => {
      keepBorrowed(shade);
      onMark();
      draw.fillShade(shade, ctm, alpha);
    },
    fillImage: (image, ctm, alpha) => {
      const isPicture = !image.getImageMask() && !isTiny(ctm, scale);
      if (isPicture || image.getWidth() * image.getHeight() > MAX_DECODED_IMAGE_PIXELS) return;
      onMark();
      draw.fillImage(image, ctm, alpha);
    },
    fillImageMask: (image, ctm, colorspace, color, alpha) => {
      if (image.getWidth() * image.getHeight() > MAX_DECODED_IMAGE_PIXELS) return;
      onMark();
      draw.fillImageMask(image, ctm, colorspace, color as Mupdf.Color, alpha);
    },
    clipImageMask: (image, ctm) => draw.clipImageMask(image, ctm),
    popClip: () => draw.popClip(),
    beginMask: (area, luminosity, colorspace, color) =>
      draw.beginMask(area, luminosity, colorspace, color as Mupdf.Color),
    endMask: () => draw.endMask(),
    beginGroup: (area, colorspace, isolated, knockout, blendmode, alpha) =>
      draw.beginGroup(area, colorspace, isolated, knockout, blendmode, alpha),
    endGroup: () => draw.endGroup(),
    beginTile: (area, view, xstep, ystep, ctm, id, docId) =>
      draw.beginTile(area, view, xstep, ystep, ctm, id, docId),
    endTile: () => draw.endTile(),
  });
}

/**
 * MuPDF.js (1.28.1) hands a device's `fillShade` the shading in a wrapper that it did not take a reference for, yet
 * registers for dropping when the wrapper is collected: once collected, the shading MuPDF still holds (in the
 * display list, the page's resources) is freed under it, and a later page reads freed memory ("memory access out of
 * bounds" three pages on, in a 14-page paper converted whole). The wrapper is taken off that registry: the shading
 * stays MuPDF's to drop, as it was lent.
 */
function keepBorrowed(shade: Mupdf.Shade): void {
  const registry = (shade.constructor as unknown as { _finalizer?: FinalizationRegistry<number> })._finalizer;
  registry?.unregister(shade);
}

/** The matrix that turns a page of `width` × `height` points clockwise by `turn` (as `pageTurner` turns points). */
function turnMatrix(turn: PageTurn, width: number, height: number): Mupdf.Matrix {
  if (turn === 90) return [0, 1, -1, 0, height, 0];
  if (turn === 180) return [-1, 0, 0, -1, width, height];
  if (turn === 270) return [0, -1, 1, 0, 0, width];
  return [1, 0, 0, 1, 0, 0];
}

function applyMatrix(matrix: Mupdf.Matrix, x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** An image drawn smaller than the read stage keeps as a picture (`readImage`), in pixels drawn at `scale`. */
function isTiny(ctm: Mupdf.Matrix, scale: number): boolean {
  const [a = 1, b = 0, c = 0, d = 1] = ctm;
  const minSide = SETTINGS.read.minImageSide * scale;
  return Math.hypot(a, b) < minSide || Math.hypot(c, d) < minSide;
}

/**
 * The drawing cut to its ink (whatever is not paper white), as a palette PNG placed where it was drawn: line art
 * keeps sharp edges in few colours, in a small file.
 */
async function encodeArt(
  drawn: { data: Buffer; width: number; height: number },
  scale: number,
): Promise<PageImage | null> {
  const ink = inkBounds(drawn);
  if (!ink) return null;
  const data = await sharp(drawn.data, { raw: { width: drawn.width, height: drawn.height, channels: 3 } })
    .extract({ left: ink.x0, top: ink.y0, width: ink.x1 - ink.x0, height: ink.y1 - ink.y0 })
    .png({ palette: true, effort: 1, compressionLevel: 6 })
    .toBuffer();
  return {
    box: { x0: ink.x0 / scale, y0: ink.y0 / scale, x1: ink.x1 / scale, y1: ink.y1 / scale },
    data: new Uint8Array(data),
    type: 'png',
  };
}

/** The pixel bounds of what is not white in tightly packed RGB rows; null for a blank picture. */
function inkBounds({ data, width, height }: { data: Buffer; width: number; height: number }) {
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 3;
    for (let x = 0; x < width; x += 1) {
      const at = row + x * 3;
      if (data[at] === 255 && data[at + 1] === 255 && data[at + 2] === 255) continue;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      y1 = y + 1;
    }
  }
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}
