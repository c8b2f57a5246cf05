import sharp from 'sharp';
import type { GreyImage } from './deskew.ts';

/** Darker than this (of 255) is ink. */
const INK_LEVEL = 128;
/**
 * Darker than this is the ink of a rule: a thin rule, blurred by the scanner and its JPEG, is grey in places, and a
 * stroke broken there would not be found.
 */
const RULE_INK_LEVEL = 200;
/** The sample is at most this tall (inches): five or six lines of body text, enough to tell a script by. */
const SAMPLE_INCHES = 1.2;
/** A run of inked rows this tall (inches) or more is a picture, a block of rules or a heading of poster size. */
const MAX_LINE_INCHES = 0.6;
/** Less than this (inches) is a rule or a speck, not a line of letters. */
const MIN_LINE_INCHES = 0.04;
/** Rows of ink this close (inches) belong to one line: accents, dots and the strokes of Arabic above and below. */
const MAX_LINE_GAP_INCHES = 0.02;
/** A straight stroke of ink this long (inches), across or down, is a rule: no letter of a page's text has one. */
const MIN_RULE_INCHES = 0.5;
/** Space kept around the sample's lines (inches). */
const PADDING_INCHES = 0.08;

/**
 * A sample of an upright page's lines of text, to try reading it with one model after another: the band of at most
 * `SAMPLE_INCHES`, across the page, that holds the most lines, with the rules of a table wiped out (Tesseract reads
 * no word in a strip of ruled cells). A table's vertical rules, which cross every row, are not counted as ink, and
 * its horizontal rules part the lines above and below them. Null when the page has no line of text.
 */
export function sampleLines(image: GreyImage, dpi: number): GreyImage | null {
  const { width, height, pixels } = image;
  const rules = findRules(image, Math.round(MIN_RULE_INCHES * dpi));
  const minInk = Math.max(2, width / 1000);
  const kinds: RowKind[] = [];
  for (let y = 0; y < height; y += 1) {
    let ink = 0;
    let isRule = false;
    for (let index = y * width; index < (y + 1) * width; index += 1) {
      if ((pixels[index] as number) >= INK_LEVEL) continue;
      if (rules[index] === ACROSS) isRule = true;
      if (rules[index] === 0) ink += 1;
    }
    kinds.push(isRule ? 'rule' : ink >= minInk ? 'ink' : 'blank');
  }
  // A rule with letters right above and below it strikes out or underlines a line: it is part of the line.
  for (const [y, kind] of kinds.entries()) {
    const hasLetters = (from: number, to: number) => kinds.slice(from, to).every((near) => near !== 'blank');
    if (kind === 'rule' && y >= 2 && hasLetters(y - 2, y) && hasLetters(y + 1, y + 3)) kinds[y] = 'ink';
  }
  const lines = findLines(kinds, dpi);
  if (lines.length === 0) return null;
  const band = densestBand(lines, SAMPLE_INCHES * dpi);
  const padding = Math.round(PADDING_INCHES * dpi);
  const top = Math.max(0, band.top - padding);
  const bottom = Math.min(height, band.bottom + padding);
  const sample = pixels.slice(top * width, bottom * width);
  for (let index = 0; index < sample.length; index += 1) {
    if (rules[top * width + index] !== 0) sample[index] = 255;
  }
  return { width, height: bottom - top, pixels: sample };
}

/** Marks of `findRules`: ink of a rule across the page, of one down it. */
const ACROSS = 1;
const DOWN = 2;

/** Each pixel of the image that belongs to a straight run of ink at least `minRun` pixels long, across or down. */
function findRules({ width, height, pixels }: GreyImage, minRun: number): Uint8Array {
  const marks = new Uint8Array(width * height);
  const isInk = (index: number) => (pixels[index] as number) < RULE_INK_LEVEL;
  for (let y = 0; y < height; y += 1) {
    let start = 0;
    for (let x = 0; x <= width; x += 1) {
      if (x < width && isInk(y * width + x)) continue;
      if (x - start >= minRun) marks.fill(ACROSS, y * width + start, y * width + x);
      start = x + 1;
    }
  }
  for (let x = 0; x < width; x += 1) {
    let start = 0;
    for (let y = 0; y <= height; y += 1) {
      if (y < height && isInk(y * width + x)) continue;
      if (y - start >= minRun) for (let row = start; row < y; row += 1) marks[row * width + x] ||= DOWN;
      start = y + 1;
    }
  }
  return marks;
}

type Span = { top: number; bottom: number };
type RowKind = 'ink' | 'blank' | 'rule';

/**
 * The runs of inked rows as tall as a line of letters, joined across blank gaps smaller than a line's own, never
 * across a rule.
 */
function findLines(kinds: readonly RowKind[], dpi: number): Span[] {
  const runs: Span[] = [];
  const maxGap = MAX_LINE_GAP_INCHES * dpi;
  let lastRule = -1;
  for (const [y, kind] of kinds.entries()) {
    if (kind === 'rule') lastRule = y;
    if (kind !== 'ink') continue;
    const last = runs.at(-1);
    if (last && y - last.bottom <= maxGap && lastRule < last.bottom) last.bottom = y + 1;
    else runs.push({ top: y, bottom: y + 1 });
  }
  return runs.filter((run) => {
    const size = run.bottom - run.top;
    return size >= MIN_LINE_INCHES * dpi && size <= MAX_LINE_INCHES * dpi;
  });
}

/** The run of consecutive lines, at most `maxHeight` from top to bottom, with the most lines (the first of equals). */
function densestBand(lines: readonly Span[], maxHeight: number): Span {
  let best = { from: 0, to: 0 };
  let from = 0;
  for (let to = 0; to < lines.length; to += 1) {
    while ((lines[to] as Span).bottom - (lines[from] as Span).top > maxHeight && from < to) from += 1;
    if (to - from > best.to - best.from) best = { from, to };
  }
  return { top: (lines[best.from] as Span).top, bottom: (lines[best.to] as Span).bottom };
}

/** A grey image turned clockwise by a quarter, a half or three quarters (or not at all). */
export async function turnGreyImage(image: GreyImage, turn: 0 | 90 | 180 | 270): Promise<GreyImage> {
  if (turn === 0) return image;
  const { data, info } = await sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .rotate(turn)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}
