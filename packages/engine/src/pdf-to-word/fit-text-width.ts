import * as mupdf from 'mupdf';
import type { Box, Span, TextStyle } from './layout-model.ts';

/**
 * The PDF base fonts whose widths are those of the Word families text is written in (Liberation Serif, Sans and Mono,
 * which LibreOffice sets for them, have the same widths): regular, bold, italic, bold italic.
 */
const METRIC_FONTS: Record<string, readonly [string, string, string, string]> = {
  'Times New Roman': ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  Arial: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  'Courier New': ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
};
/** A line is measured when it has at least this many characters: a short one has room to spare. */
const MIN_LINE_CHARACTERS = 20;
/** At most this many points less between characters: beyond, the text looks cramped. */
const MAX_CONDENSING = 0.6;

const fonts = new Map<string, mupdf.Font>();
const widths = new Map<string, number>();

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
    if (characters >= MIN_LINE_CHARACTERS) most = Math.max(most, (width - (right - row.box.x0)) / characters);
  }
  return most > 0 ? Math.min(MAX_CONDENSING, most) : undefined;
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
