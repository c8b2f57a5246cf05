import sharp from 'sharp';
import type { GreyImage } from './deskew.ts';

/** Darker than this (of 255) is ink. */
const INK_LEVEL = 128;
/** The sample is at most this tall (inches): five or six lines of body text, enough to tell a script by. */
const SAMPLE_INCHES = 1.2;
/** A run of inked rows this tall (inches) or more is a picture, a block of rules or a heading of poster size. */
const MAX_LINE_INCHES = 0.6;
/** Less than this (inches) is a rule or a speck, not a line of letters. */
const MIN_LINE_INCHES = 0.04;
/** Rows of ink this close (inches) belong to one line: accents, dots and the strokes of Arabic above and below. */
const MAX_LINE_GAP_INCHES = 0.02;
/** Ink counted against what a row has in common with its neighbours within this distance (inches). */
const BASELINE_INCHES = 0.25;
/** Space kept around the sample's lines (inches). */
const PADDING_INCHES = 0.08;
/** A row inked across this share of the page, or a column down this share of the sample, is a rule. */
const MIN_RULE_SHARE = 0.4;

/**
 * A sample of an upright page's lines of text, to try reading it with one model after another: the band of at most
 * `SAMPLE_INCHES`, across the page, that holds the most lines, with the rules of a table wiped out (Tesseract reads
 * no word in a strip of ruled cells). A row's ink is counted above what the rows near it share, so that the vertical
 * rules of a table, which cross every row, do not join its lines into one. Null when the page has no line of text.
 */
export function sampleLines(image: GreyImage, dpi: number): GreyImage | null {
  const { width, height, pixels } = image;
  const counts = new Int32Array(height);
  for (let y = 0; y < height; y += 1) {
    let ink = 0;
    for (let index = y * width; index < (y + 1) * width; index += 2) {
      if ((pixels[index] as number) < INK_LEVEL) ink += 1;
    }
    // A horizontal rule (-1) is no line of text, and parts the lines above and below it.
    counts[y] = ink >= (MIN_RULE_SHARE * width) / 2 ? -1 : ink;
  }
  const reach = Math.round(BASELINE_INCHES * dpi);
  const minInk = Math.max(2, width / 1000);
  const rowKind = (y: number): RowKind => {
    const count = counts[y] as number;
    if (count < 0) return 'rule';
    let shared = count;
    for (let near = Math.max(0, y - reach); near < Math.min(height, y + reach); near += 1)
      if ((counts[near] as number) >= 0) shared = Math.min(shared, counts[near] as number);
    return count - shared >= minInk ? 'ink' : 'blank';
  };
  const lines = findLines(height, rowKind, dpi);
  if (lines.length === 0) return null;
  const band = densestBand(lines, SAMPLE_INCHES * dpi);
  const padding = Math.round(PADDING_INCHES * dpi);
  const top = Math.max(0, band.top - padding);
  const bottom = Math.min(height, band.bottom + padding);
  return withoutRules({ width, height: bottom - top, pixels: pixels.slice(top * width, bottom * width) });
}

/** The image with its rules (rows across much of it, columns down much of it) painted white, in place. */
function withoutRules(image: GreyImage): GreyImage {
  const { width, height, pixels } = image;
  const isInk = (index: number) => (pixels[index] as number) < INK_LEVEL;
  const ruleRows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    let ink = 0;
    for (let x = 0; x < width; x += 1) if (isInk(y * width + x)) ink += 1;
    if (ink >= MIN_RULE_SHARE * width) ruleRows.push(y);
  }
  const ruleColumns: number[] = [];
  for (let x = 0; x < width; x += 1) {
    let ink = 0;
    for (let y = 0; y < height; y += 1) if (isInk(y * width + x)) ink += 1;
    if (ink >= MIN_RULE_SHARE * height) ruleColumns.push(x);
  }
  for (const y of ruleRows) pixels.fill(255, y * width, (y + 1) * width);
  for (const x of ruleColumns) for (let y = 0; y < height; y += 1) pixels[y * width + x] = 255;
  return image;
}

type Span = { top: number; bottom: number };
type RowKind = 'ink' | 'blank' | 'rule';

/**
 * The runs of inked rows as tall as a line of letters, joined across blank gaps smaller than a line's own, never
 * across a rule.
 */
function findLines(height: number, rowKind: (y: number) => RowKind, dpi: number): Span[] {
  const runs: Span[] = [];
  const maxGap = MAX_LINE_GAP_INCHES * dpi;
  let lastRule = -1;
  for (let y = 0; y < height; y += 1) {
    const kind = rowKind(y);
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
