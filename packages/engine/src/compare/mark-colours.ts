/**
 * The colours of the report's marks, as a highlighter draws them (multiplied over the page, so that the words stay
 * black): light enough to read through, far enough apart to tell apart, red and green also apart in lightness.
 */
export const MARK_COLOURS = {
  inserted: { rgb: [0.62, 0.93, 0.6], css: '#9eed99' },
  deleted: { rgb: [1, 0.62, 0.62], css: '#ff9e9e' },
  changed: { rgb: [1, 0.82, 0.3], css: '#ffd14d' },
} as const;

/** The frame of a place that differs in drawing, and of a page inserted or removed whole. */
export const FRAME_COLOURS = {
  drawing: [0.85, 0.55, 0],
  inserted: [0.1, 0.6, 0.1],
  removed: [0.8, 0.1, 0.1],
} as const;
