import type * as Mupdf from 'mupdf';
import type { FormulaMark } from './raw-page.ts';
import type { Box } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Fonts of TeX's big delimiters and operators: Computer Modern's and Latin Modern's extension fonts, and those of
 * the Euler, Times (txfonts), Palatino (pxfonts), esint and STIX families. Their glyphs come in many heights, with
 * no Unicode mapping for most, and declare a box of one line's height whatever they draw.
 */
const EXTENSION_FONT = /cmex|euex|txex|pxex|esint|mathextension|stixsize/i;

/**
 * Fonts that set mathematics only: TeX's maths italic, symbols and extension fonts (Computer Modern, AMS, Euler,
 * Latin Modern, STIX), and the maths fonts of Word and of typesetting systems.
 */
const MATHS_FONT =
  /cmmi|cmsy|cmbsy|cmex|msam|msbm|eufm|euex|rsfs|txex|pxex|esint|lmmath|mathextension|stixsize|stixmath|cambria ?math|mathematicalpi/i;

/** Glyphs of maths fonts on a page, as its text is walked: big delimiters apart, to be measured on the page. */
export function formulaGlyphs(): {
  extension: FormulaMark[];
  maths: Box[];
  add: (font: Mupdf.Font, box: Box, size: number) => void;
} {
  const kinds = new Map<number, 'extension' | 'maths' | 'text'>();
  const extension: FormulaMark[] = [];
  const maths: Box[] = [];
  return {
    extension,
    maths,
    add(font, box, size) {
      let kind = kinds.get(font.pointer);
      if (!kind) {
        const name = font.getName();
        kind = EXTENSION_FONT.test(name) ? 'extension' : MATHS_FONT.test(name) ? 'maths' : 'text';
        kinds.set(font.pointer, kind);
      }
      if (kind === 'text') return;
      maths.push(box);
      if (kind === 'extension') extension.push({ box, size });
    },
  };
}

/**
 * The ink of each glyph of an extension font (`glyphs`: the boxes MuPDF gives them, points from the top left of
 * the page), found on the page drawn in grey: the columns of the glyph's box, followed up and down from the ink
 * inside it for as long as there is ink. A glyph with no ink in its box is left out.
 */
export function measureMarks(
  mupdf: typeof Mupdf,
  displayList: Mupdf.DisplayList,
  bounds: readonly number[],
  glyphs: readonly FormulaMark[],
): FormulaMark[] {
  if (glyphs.length === 0 || glyphs.length > SETTINGS.read.maxGlyphs) return [];
  const [bx0 = 0, by0 = 0, bx1 = 0, by1 = 0] = bounds;
  const scale = Math.min(
    SETTINGS.read.scale,
    Math.sqrt(SETTINGS.read.maxPixels / Math.max(1, (bx1 - bx0) * (by1 - by0))),
  );
  const pixmap = new mupdf.Pixmap(
    mupdf.ColorSpace.DeviceGray,
    [Math.floor(bx0 * scale), Math.floor(by0 * scale), Math.ceil(bx1 * scale), Math.ceil(by1 * scale)],
    false,
  );
  try {
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.scale(scale, scale), pixmap);
    try {
      displayList.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
    }
    const ink = inkRows(pixmap.getPixels(), pixmap.getStride(), pixmap.getWidth(), pixmap.getHeight());
    // Pixel columns and rows from the pixmap's corner; the page's points from its own.
    const [originX, originY] = [Math.floor(bx0 * scale), Math.floor(by0 * scale)];
    const toColumn = (x: number) => Math.round((x + bx0) * scale) - originX;
    const toRow = (y: number) => Math.round((y + by0) * scale) - originY;
    const toY = (row: number) => (row + originY) / scale - by0;
    const marks: FormulaMark[] = [];
    for (const glyph of glyphs) {
      // The glyph's advance, less a little on each side where a neighbour's ink may reach.
      const inset = SETTINGS.read.inset * (glyph.box.x1 - glyph.box.x0);
      const rows = ink(toColumn(glyph.box.x0 + inset), toColumn(glyph.box.x1 - inset));
      const inside = rows.within(toRow(glyph.box.y0), toRow(glyph.box.y1));
      if (!inside) continue;
      const box = { ...glyph.box, y0: toY(rows.up(inside.top)), y1: toY(rows.down(inside.bottom) + 1) };
      marks.push({ size: glyph.size, box });
    }
    return marks;
  } finally {
    pixmap.destroy();
  }
}

/** Questions about the ink in columns `x0` to `x1` (exclusive) of a grey pixmap, row by row. */
function inkRows(pixels: ArrayLike<number>, stride: number, width: number, height: number) {
  return (x0: number, x1: number) => {
    const from = Math.max(0, x0);
    const to = Math.min(width, x1);
    const hasInk = (row: number) => {
      if (row < 0 || row >= height) return false;
      for (let x = from; x < to; x += 1)
        if ((pixels[row * stride + x] as number) < SETTINGS.read.ink) return true;
      return false;
    };
    /** The furthest row with ink reached from `row` going `step`, across gaps of a blank row. */
    const follow = (row: number, step: 1 | -1) => {
      let last = row;
      for (
        let next = row + step, blank = 0;
        next >= 0 && next < height && blank <= SETTINGS.read.maxBlankRows;
        next += step
      ) {
        if (hasInk(next)) {
          last = next;
          blank = 0;
        } else {
          blank += 1;
        }
      }
      return last;
    };
    return {
      /** The first and last rows with ink between `top` and `bottom`, or null. */
      within(top: number, bottom: number) {
        let first = -1;
        let last = -1;
        for (let row = Math.max(0, top); row <= Math.min(height - 1, bottom); row += 1) {
          if (!hasInk(row)) continue;
          if (first < 0) first = row;
          last = row;
        }
        return first < 0 ? null : { top: first, bottom: last };
      },
      up: (row: number) => follow(row, -1),
      down: (row: number) => follow(row, 1),
    };
  };
}
