import { createContext, runInContext, type Context } from 'node:vm';
import type * as Mupdf from 'mupdf';
import { AppError } from '@quire/shared';

/** A point and a quad as MuPDF gives them: x, y pairs in the page's coordinates as seen (y downwards). */
type Point = readonly [number, number];
export type Quad = Mupdf.Quad;

/**
 * How long all the matching of one document may take, in milliseconds of the worker: far more than a hundred words
 * need on the longest document, and a regular expression that backtracks without end (`(a+)+$`) is stopped there.
 */
export const MATCH_BUDGET_MS = 5_000;

/**
 * One block of a page's text as MuPDF's structured text gives it: its characters in reading order, each line's end
 * as one space (so a phrase is found across a line break), and for each UTF-16 unit of `text` the quad of the
 * character it comes from (null for the space that stands for a line break). A word broken at a line's end with a
 * hyphen ("Con-" then "gress") has no space there, and `joins` holds where its hyphen is.
 */
type TextBlock = {
  text: string;
  quads: (Quad | null)[];
  lines: number[];
  directions: Point[];
  joins: number[];
};

/**
 * One place a term was found: the quads that cover it, one per line it spans, in the page's coordinates; the text
 * found, and a little of its block's text on each side (what a visitor reads to decide whether to keep it).
 */
export type Match = {
  readonly quads: readonly Quad[];
  readonly text: string;
  readonly before: string;
  readonly after: string;
};

/** How much of the text around a match its context holds on each side, in UTF-16 units. */
const CONTEXT_UNITS = 40;

/**
 * Finds the words and phrases searched for in documents' texts, case-insensitive: each term read literally (its
 * spaces matching any run of spaces or a line break) or as a regular expression. Characters are compared in their
 * compatibility form (NFKC), so a ligature (ﬁ), an Arabic presentation form or a full-width letter matches the letters
 * a visitor types.
 *
 * A visitor's regular expression runs in a separate V8 context with a time limit (`node:vm`): V8 stops a regular
 * expression that runs past it, where a catastrophic one would otherwise hold the worker until the job's own limit.
 * The limit is one budget for the whole document (`MATCH_BUDGET_MS`); past it the job is refused as INVALID_OPTIONS.
 */
export class TermMatcher {
  private readonly context: Context;
  private readonly sources: string[];
  private spentMs = 0;

  constructor(
    terms: readonly string[],
    isRegex: boolean,
    private readonly budgetMs = MATCH_BUDGET_MS,
  ) {
    this.sources = terms.map((term) => (isRegex ? term : literalPattern(term)));
    this.context = createContext(Object.create(null) as object);
  }

  get isEmpty(): boolean {
    return this.sources.length === 0;
  }

  /** The `[start, end)` ranges of `texts` where a term matches (empty matches ignored), per text. */
  findRanges(texts: readonly string[]): [number, number][][] {
    if (this.sources.length === 0 || texts.length === 0) return texts.map(() => []);
    const remainingMs = this.budgetMs - this.spentMs;
    if (remainingMs <= 0) throw tooSlow();
    const sandbox = this.context as Record<string, unknown>;
    sandbox['texts'] = texts;
    sandbox['sources'] = this.sources;
    const started = performance.now();
    try {
      return runInContext(MATCH_SCRIPT, this.context, { timeout: Math.ceil(remainingMs) }) as [
        number,
        number,
      ][][];
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        // Spent, whatever the clock here says: V8's watchdog may stop the script a fraction of a millisecond early.
        this.spentMs = this.budgetMs;
        throw tooSlow();
      }
      throw error;
    } finally {
      this.spentMs += performance.now() - started;
      sandbox['texts'] = undefined;
    }
  }

  /** Which of `texts` (fields' values, annotations' comments) a term matches anywhere in. */
  matchTexts(texts: readonly string[]): boolean[] {
    return this.findRanges(texts.map((text) => text.normalize('NFKC'))).map((ranges) => ranges.length > 0);
  }
}

/**
 * Runs in the matcher's context: every term's matches in every text. Plain data goes in and out (arrays of strings
 * and numbers), so nothing of the worker is reachable from the visitor's pattern.
 */
const MATCH_SCRIPT = `(() => {
  const patterns = sources.map((source) => new RegExp(source, 'giu'));
  return texts.map((text) => {
    const ranges = [];
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        if (match[0].length > 0) ranges.push([match.index, match.index + match[0].length]);
      }
    }
    return ranges;
  });
})()`;

/** A literal term as a pattern: its characters escaped, each run of spaces matching any run of spaces. */
function literalPattern(term: string): string {
  return (
    term
      .normalize('NFKC')
      .split(/\s+/)
      // Only the pattern syntax's own characters: in a `u` pattern an escaped "-" (or any other) is itself an error.
      .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('\\s+')
  );
}

function tooSlow(): AppError {
  return new AppError(
    'INVALID_OPTIONS',
    'The search takes too long to match: simplify its regular expressions (nested repetition such as (a+)+ can take forever).',
    { option: 'search', reason: 'regexTimeout' },
  );
}

/** A character of a script written without spaces between words: Han, kana, Hangul. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** The hyphens a word is broken with at a line's end: the hyphen-minus, the soft hyphen and the hyphen. */
const HYPHEN = /[-\u00ad\u2010]/u;
const LETTER = /\p{L}/u;

/** Whether a line that ends with `before` and a line that starts with `next` hold one word broken by a hyphen. */
function isHyphenBreak(before: string, next: string): boolean {
  return HYPHEN.test(before.slice(-1)) && LETTER.test(before.slice(-2, -1)) && LETTER.test(next);
}

/** The blocks of text of a page, from its structured text. */
export function readTextBlocks(text: Mupdf.StructuredText): TextBlock[] {
  const blocks: TextBlock[] = [];
  let block: TextBlock | null = null;
  let line = -1;
  let direction: Point = [1, 0];
  let isLineStart = false;
  text.walk({
    beginTextBlock: () => {
      block = { text: '', quads: [], lines: [], directions: [], joins: [] };
    },
    beginLine: (_bbox, _wmode, dir) => {
      line += 1;
      direction = [dir[0] ?? 1, dir[1] ?? 0];
      isLineStart = true;
    },
    onChar: (char, _origin, _font, _size, quad) => {
      const current = block as TextBlock | null;
      if (!current) return;
      const normal = char.normalize('NFKC');
      // A line break reads as one space, except between two Chinese, Japanese or Korean characters, whose lines
      // break anywhere without one, and after a hyphen that breaks a word.
      if (isLineStart && current.text.length > 0) {
        if (isHyphenBreak(current.text, normal)) current.joins.push(current.text.length - 1);
        else if (!(CJK.test(current.text.slice(-1)) && CJK.test(normal)))
          push(current, ' ', null, line, direction);
      }
      isLineStart = false;
      push(current, normal, quad, line, direction);
    },
    endTextBlock: () => {
      if (block) blocks.push(block);
      block = null;
    },
  });
  return blocks;
}

function push(block: TextBlock, text: string, quad: Quad | null, line: number, direction: Point): void {
  block.text += text;
  for (let unit = 0; unit < text.length; unit += 1) {
    block.quads.push(quad);
    block.lines.push(line);
    block.directions.push(direction);
  }
}

/**
 * The places of a page where a term matches, each as the quads of its characters joined line by line. Each block is
 * searched as printed and, where a word is broken by a hyphen at a line's end, as read, without those hyphens: a
 * search for "Congress" finds "Con-" and "gress" on two lines (and removes the hyphen with them), and one for
 * "well-known" still finds "well-" and "known".
 */
export function findPageMatches(blocks: readonly TextBlock[], matcher: TermMatcher): Match[] {
  const joined = blocks.map(withoutJoins);
  const ranges = matcher.findRanges([
    ...blocks.map((block) => block.text),
    ...joined.map(({ text }) => text),
  ]);
  const matches: Match[] = [];
  blocks.forEach((block, index) => {
    const { origins } = joined[index] ?? { origins: [] };
    const read = (ranges[blocks.length + index] ?? []).map(([start, end]): [number, number] => [
      origins[start] ?? start,
      (origins[end - 1] ?? end - 1) + 1,
    ]);
    for (const [start, end] of mergeRanges([...(ranges[index] ?? []), ...read])) {
      const quads = lineQuads(block, start, end);
      if (quads.length === 0) continue;
      matches.push({
        quads,
        text: block.text.slice(start, end),
        before: wholeSlice(block.text, Math.max(0, start - CONTEXT_UNITS), start),
        after: wholeSlice(block.text, end, end + CONTEXT_UNITS),
      });
    }
  });
  return matches;
}

/** `text` from `start` to `end`, each end moved inwards off the middle of a surrogate pair. */
function wholeSlice(text: string, start: number, end: number): string {
  const isLow = (at: number) => text.charCodeAt(at) >= 0xdc00 && text.charCodeAt(at) <= 0xdfff;
  const from = start > 0 && isLow(start) ? start + 1 : start;
  const to = end < text.length && isLow(end) ? end - 1 : end;
  return text.slice(from, Math.max(from, to));
}

/** A block's text without the hyphens of its words broken at a line's end, and where each unit is in `text`. */
function withoutJoins(block: TextBlock): { text: string; origins: number[] } {
  if (block.joins.length === 0) return { text: '', origins: [] };
  const dropped = new Set(block.joins);
  let text = '';
  const origins: number[] = [];
  for (let unit = 0; unit < block.text.length; unit += 1) {
    if (dropped.has(unit)) continue;
    text += block.text[unit];
    origins.push(unit);
  }
  return { text, origins };
}

/** Overlapping ranges (two terms found in the same words) as one. */
function mergeRanges(ranges: readonly [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * One quad per line of a match: its characters' quads bounded along the line's direction and across it, so a match
 * on a turned line (a rotated page, vertical text) gets a box turned with it.
 */
function lineQuads(block: TextBlock, start: number, end: number): Quad[] {
  const byLine = new Map<number, { quads: Quad[]; direction: Point }>();
  for (let unit = start; unit < end; unit += 1) {
    const quad = block.quads[unit];
    const line = block.lines[unit];
    const direction = block.directions[unit];
    if (!quad || line === undefined || !direction) continue;
    const entry = byLine.get(line) ?? { quads: [], direction };
    // A character of several units (a ligature, an expanded form) is counted once.
    if (entry.quads.at(-1) !== quad) entry.quads.push(quad);
    byLine.set(line, entry);
  }
  return [...byLine.values()].map(({ quads, direction }) => boundQuads(quads, direction));
}

/** The smallest quad along `direction` holding every corner of `quads`. */
function boundQuads(quads: readonly Quad[], direction: Point): Quad {
  const length = Math.hypot(direction[0], direction[1]) || 1;
  const [ux, uy] = [direction[0] / length, direction[1] / length];
  // Across the line, downwards on a page seen upright.
  const [vx, vy] = [-uy, ux];
  let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const quad of quads) {
    for (let corner = 0; corner < 8; corner += 2) {
      const x = quad[corner] ?? 0;
      const y = quad[corner + 1] ?? 0;
      const u = x * ux + y * uy;
      const v = x * vx + y * vy;
      [minU, maxU, minV, maxV] = [Math.min(minU, u), Math.max(maxU, u), Math.min(minV, v), Math.max(maxV, v)];
    }
  }
  const at = (u: number, v: number): Point => [u * ux + v * vx, u * uy + v * vy];
  // MuPDF's quad order: upper left, upper right, lower left, lower right.
  return [...at(minU, minV), ...at(maxU, minV), ...at(minU, maxV), ...at(maxU, maxV)] as Quad;
}
