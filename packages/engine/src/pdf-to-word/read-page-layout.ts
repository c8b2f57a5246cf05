import type * as Mupdf from 'mupdf';
import { MAX_DECODED_IMAGE_PIXELS } from '../compress/image-objects.ts';
import { mapFontName, type FontFace } from './font-names.ts';
import type { Box, Fill, Line, PageLayout, Rule, Span, TextStyle } from './layout-model.ts';

/** MuPDF options: images as blocks, vector paths reported, no merging of our own lines into MuPDF's paragraphs. */
const STEXT_OPTIONS = 'preserve-images,preserve-whitespace,vectors';
/** A rectangle thinner than this, in points, is a rule (table border, underline, separator). */
const MAX_RULE_THICKNESS = 2.5;
/** Filled rectangles covering more of the page than this are page backgrounds, not shading. */
const MAX_FILL_PAGE_SHARE = 0.6;
/** Characters further apart than this many font sizes on one baseline belong to separate lines (columns, cells). */
const MAX_CHAR_GAP_EM = 2;

/** Control characters (other than tab, line feed, carriage return), lone surrogates and non-characters. */
function isXmlInvalid(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/** An image as decoded pixels, before encoding (which is asynchronous and happens after the walk). */
export type RawImage = {
  box: Box;
  pixels: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
};

type Char = { c: string; box: Box; baseline: number; style: TextStyle; bidi: number };

/**
 * Reads one page into the plain layout model: lines split into style runs, images as pixels, thin rectangles as
 * rules and other filled rectangles as fills. Coordinates are points from the top left of the displayed page.
 */
export function readPageLayout(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  pageNumber: number,
): { layout: Omit<PageLayout, 'images'>; images: RawImage[] } {
  const [bx0, by0, bx1, by1] = page.getBounds();
  const width = bx1 - bx0;
  const height = by1 - by0;
  const toBox = (rect: readonly number[]): Box => ({
    x0: (rect[0] ?? 0) - bx0,
    y0: (rect[1] ?? 0) - by0,
    x1: (rect[2] ?? 0) - bx0,
    y1: (rect[3] ?? 0) - by0,
  });
  const faces = new Map<number, FontFace>();
  const lines: Line[] = [];
  const images: RawImage[] = [];
  const rules: Rule[] = [];
  const fills: Fill[] = [];
  let chars: Char[] = [];
  let isVertical = false;

  // Through a display list with the extras: form fields and annotations are part of what the page shows.
  const displayList = page.toDisplayList(true);
  const text = displayList.toStructuredText(STEXT_OPTIONS);
  displayList.destroy();
  try {
    text.walk({
      beginLine(_bbox, wmode, direction) {
        chars = [];
        isVertical = wmode === 1 || Math.abs(direction[1]) > 0.5;
      },
      onChar(rawChar, origin, font, size, quad, color, bidi) {
        // Control characters cannot stand in Word's XML; tabs and line breaks inside a line are spaces.
        if (isXmlInvalid(rawChar)) return;
        const c = /\s/.test(rawChar) ? ' ' : rawChar;
        let face = faces.get(font.pointer);
        if (!face) {
          const generic = font.isMono() ? 'mono' : font.isSerif() ? 'serif' : 'sans';
          const mapped = mapFontName(font.getName(), generic);
          face = {
            ...mapped,
            isBold: mapped.isBold || font.isBold(),
            isItalic: mapped.isItalic || font.isItalic(),
          };
          faces.set(font.pointer, face);
        }
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        chars.push({
          c,
          box: toBox([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]),
          baseline: origin[1] - by0,
          bidi,
          style: {
            font: face.family,
            size: Math.round(size * 2) / 2,
            isBold: face.isBold,
            isItalic: face.isItalic,
            isUnderline: false,
            color: toHex(color),
          },
        });
      },
      endLine() {
        for (const part of splitAtGaps(chars, isVertical)) {
          const line = buildLine(part, isVertical);
          if (line) lines.push(line);
        }
      },
      onImageBlock(bbox, _transform, image) {
        const raw = readImage(mupdf, image, toBox(bbox));
        if (raw) images.push(raw);
      },
      onVector(bbox, flags: { isStroked: boolean; isRectangle: boolean }, color) {
        const box = toBox(bbox);
        const thickness = Math.min(box.x1 - box.x0, box.y1 - box.y0);
        const length = Math.max(box.x1 - box.x0, box.y1 - box.y0);
        if (thickness <= MAX_RULE_THICKNESS && length > 2 * thickness) {
          rules.push({ box, color: toHex(color) });
        } else if (flags.isRectangle && !flags.isStroked) {
          const area = (box.x1 - box.x0) * (box.y1 - box.y0);
          if (area < MAX_FILL_PAGE_SHARE * width * height) fills.push({ box, color: toHex(color) });
        }
      },
    });
  } finally {
    text.destroy();
  }
  return { layout: { pageNumber, width, height, lines, rules, fills }, images };
}

function readImage(mupdf: typeof Mupdf, image: Mupdf.Image, box: Box): RawImage | null {
  if (image.getImageMask() || box.x1 - box.x0 < 1 || box.y1 - box.y0 < 1) return null;
  // An image claiming more pixels than any page needs (a 1 KB stream can claim 32768² pixels, hardening items 24
  // and 28) is left out before it is decoded: MuPDF would allocate it whole in its heap, which never shrinks.
  if (image.getWidth() * image.getHeight() > MAX_DECODED_IMAGE_PIXELS) return null;
  let pixmap: Mupdf.Pixmap | null = null;
  try {
    pixmap = image.toPixmap();
    const colorants = pixmap.getNumberOfComponents() - pixmap.getAlpha();
    if (colorants !== 1 && colorants !== 3) {
      const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
      pixmap.destroy();
      pixmap = rgb;
    }
    const channels = pixmap.getNumberOfComponents();
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const source = pixmap.getPixels();
    // Rows may be padded; copy them tightly packed out of the WebAssembly heap.
    const pixels = new Uint8Array(width * height * channels);
    for (let row = 0; row < height; row += 1) {
      pixels.set(source.subarray(row * stride, row * stride + width * channels), row * width * channels);
    }
    return { box, pixels, width, height, channels: channels as RawImage['channels'] };
  } catch {
    // An image MuPDF cannot decode is left out, as a viewer would show nothing for it.
    return null;
  } finally {
    pixmap?.destroy();
  }
}

/** Splits a MuPDF line where its characters are far apart on the baseline (two columns or cells on one line). */
function splitAtGaps(chars: Char[], isVertical: boolean): Char[][] {
  if (isVertical) return [chars];
  const parts: Char[][] = [];
  let current: Char[] = [];
  // MuPDF bridges gaps with a synthetic space: measure between inked characters.
  let lastInk: Char | null = null;
  for (const char of chars) {
    if (!isBlank(char.c)) {
      if (lastInk && lastInk.bidi % 2 === 0 && char.bidi % 2 === 0) {
        const gap = char.box.x0 - lastInk.box.x1;
        const size = Math.max(char.style.size, lastInk.style.size);
        if (gap > MAX_CHAR_GAP_EM * size || gap < -4 * size) {
          parts.push(current);
          current = [];
        }
      }
      lastInk = char;
    }
    current.push(char);
  }
  parts.push(current);
  return parts;
}

function buildLine(chars: Char[], isVertical: boolean): Line | null {
  // Trailing and leading whitespace carries no layout; a line of only spaces is no line.
  let start = 0;
  let end = chars.length;
  while (start < end && isBlank(chars[start]?.c)) start += 1;
  while (end > start && isBlank(chars[end - 1]?.c)) end -= 1;
  if (start === end) return null;
  // A space MuPDF adds after an expanded ligature overlaps the ligature: it is no gap between words.
  const kept = chars.slice(start, end).filter((char, index, all) => {
    const previous = all[index - 1];
    return (
      isVertical ||
      !(isBlank(char.c) && previous && char.bidi % 2 === 0 && char.box.x0 < previous.box.x1 - 0.5)
    );
  });
  const spans: Span[] = [];
  for (const char of kept) {
    const last = spans.at(-1);
    if (last && (isSameStyle(last.style, char.style) || isBlank(char.c))) {
      last.text += char.c;
      if (!isBlank(char.c)) last.box = mergeBox(last.box, char.box);
    } else {
      spans.push({ text: char.c, style: char.style, box: char.box });
    }
  }
  const box = kept.map((char) => char.box).reduce(mergeBox);
  const textSizes = kept.filter((char) => !isBlank(char.c));
  const baseline = textSizes.length > 0 ? (textSizes[0]?.baseline ?? box.y1) : box.y1;
  return { box, baseline, spans, text: spans.map((span) => span.text).join(''), isVertical };
}

function isSameStyle(a: TextStyle, b: TextStyle): boolean {
  return (
    a.font === b.font &&
    a.size === b.size &&
    a.isBold === b.isBold &&
    a.isItalic === b.isItalic &&
    a.color === b.color
  );
}

const isBlank = (c: string | undefined): boolean => c === undefined || /^\s$/.test(c);

function mergeBox(a: Box, b: Box): Box {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

function toHex(color: readonly number[]): string {
  const [r = 0, g = r, b = r] = color.length === 4 ? cmykToRgb(color) : color;
  return [r, g, b]
    .map((value) =>
      Math.round(value * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}

function cmykToRgb([c = 0, m = 0, y = 0, k = 0]: readonly number[]): number[] {
  return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
}
