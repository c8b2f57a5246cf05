/** What PDF to PowerPoint decides by number beyond what it shares with PDF to Word (`pdf-to-word/model/settings.ts`). */
export const SLIDE_SETTINGS = {
  /** A page's drawing is drawn at this resolution (by hand, not measured: that of PDF to Word's figures). */
  artDpi: 200,
  /** …in at most this many pixels: a poster-sized page's coarser (PDF to Word's figures' cap). */
  maxArtPixels: 8_000_000,
  /** A span is written invisible when at least this share of its characters were drawn invisible. */
  minInvisibleShare: 0.5,
  /** An invisible glyph's origin counts for a span whose box holds it, give or take this many points. */
  invisibleSlack: 1,
  /**
   * A line written in a family whose widths are known (Times New Roman, Arial, Courier New) has its characters
   * spaced so that it is as wide as in the PDF (a justified line, a font narrower than its family), by at most this
   * share of its size either way: more is a line whose words stand apart for another reason (by hand, not measured).
   */
  maxSpacingEm: 0.25,
  /** …and only when it has at least this many characters. */
  minSpacedCharacters: 8,
} as const;
