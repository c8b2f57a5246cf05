import * as mupdf from 'mupdf';
import type { Box, Span, TextStyle } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The PDF base fonts whose widths are those of the Word families text is written in (Liberation Serif, Sans and Mono,
 * which LibreOffice sets for them, have the same widths): regular, bold, italic, bold italic.
 */
const METRIC_FONTS: Record<string, readonly [string, string, string, string]> = {
  'Times New Roman': ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  Arial: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  'Courier New': ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
};

const fonts = new Map<string, mupdf.Font>();
const widths = new Map<string, number>();

/** How a paragraph's text is fitted to the room the PDF gave it (`textFitFor`). */
export type TextFit = { condensing?: number; scale?: number };

/**
 * How to fit a paragraph's text where the PDF set it: scaled, when its font is much narrower than the Word family it
 * is written in; otherwise condensed, when a line would not fit by a little (`condensingFor`). Undefined when it
 * fits as it is.
 */
export function textFitFor(
  rows: readonly { box: Box; lines: readonly { spans: readonly Span[] }[] }[],
  right: number,
): TextFit | undefined {
  const scale = scaleFor(rows.flatMap((row) => row.lines.flatMap((line) => line.spans)));
  if (scale) return { scale };
  const condensing = condensingFor(rows, right);
  return condensing ? { condensing } : undefined;
}

/**
 * The percentage to scale the characters of `spans` by so that, in their Word family, they are as wide as in the PDF;
 * undefined when that is about as wide already, or a family's widths are not known here.
 */
export function scaleFor(spans: readonly Span[]): number | undefined {
  let drawn = 0;
  let written = 0;
  for (const span of spans) {
    const text = [...span.text.trim()];
    if (text.length < SETTINGS.paragraphs.minSpanCharacters) continue;
    const font = metricFont(span.style);
    if (!font) return undefined;
    drawn += span.box.x1 - span.box.x0;
    written += text.reduce((sum, char) => sum + advance(font, char), 0) * span.style.size;
  }
  if (written < SETTINGS.paragraphs.minMeasuredWidth) return undefined;
  const ratio = drawn / written;
  return ratio < 1 - SETTINGS.paragraphs.minScaleGain
    ? Math.max(SETTINGS.paragraphs.minScale, Math.floor(ratio * 100) - SETTINGS.paragraphs.scaleSparePercent)
    : undefined;
}

/**
 * Points to take from the space after each character of a paragraph so that each of its lines, set in the Word
 * family it is written in, fits where the PDF set it: from the line's start to the paragraph's right edge. The PDF's
 * font (AGaramond, say, written as Times New Roman) may be the narrower, and one line that no longer fits makes the
 * paragraph a line longer; a line longer on every page runs a full page onto the next. The last line, which does not
 * fill its width, is not measured. Undefined when every line fits, or a family's widths are not known here.
 */
export function condensingFor(
  rows: readonly { box: Box; lines: readonly { spans: readonly Span[] }[] }[],
  right: number,
): number | undefined {
  let most = 0;
  for (const row of rows.slice(0, -1)) {
    let width = 0;
    let characters = 0;
    for (const span of row.lines.flatMap((line) => line.spans)) {
      const font = metricFont(span.style);
      if (!font) return undefined;
      for (const char of span.text) {
        characters += 1;
        width += advance(font, char) * span.style.size;
      }
    }
    if (characters >= SETTINGS.paragraphs.minLineCharacters)
      most = Math.max(most, (width - (right - row.box.x0)) / characters);
  }
  return most > 0 ? Math.min(SETTINGS.paragraphs.maxCondensing, most) : undefined;
}

/**
 * How wide `spans` are when written in their Word families, in points; undefined when a family's widths are not
 * known here. PDF to PowerPoint spaces each line's characters by the difference to the PDF's width.
 */
export function writtenWidth(spans: readonly Span[]): number | undefined {
  let width = 0;
  for (const span of spans) {
    const font = metricFont(span.style);
    if (!font) return undefined;
    for (const char of span.text) width += advance(font, char) * span.style.size;
  }
  return width;
}

function metricFont(style: TextStyle): string | undefined {
  const names = METRIC_FONTS[style.font];
  return names?.[(style.isBold ? 1 : 0) + (style.isItalic ? 2 : 0)];
}

/** A character's advance in the base font, in ems; a character the font lacks counts as wide as an `n`. */
function advance(fontName: string, char: string): number {
  const key = `${fontName}|${char}`;
  let width = widths.get(key);
  if (width === undefined) {
    let font = fonts.get(fontName);
    if (!font) {
      font = new mupdf.Font(fontName);
      fonts.set(fontName, font);
    }
    const glyph = font.encodeCharacter(char.codePointAt(0) ?? 0);
    width = glyph > 0 ? font.advanceGlyph(glyph, 0) : font.advanceGlyph(font.encodeCharacter(0x6e), 0);
    widths.set(key, width);
  }
  return width;
}
