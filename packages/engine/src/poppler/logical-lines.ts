/**
 * pdftotext's lines with right-to-left text put in reading (logical) order, without the embedding marks poppler
 * writes around its runs (U+202A LRE, U+202B RLE, U+202C PDF; U+202D and U+202E, overrides, are taken as embeddings).
 *
 * poppler writes a line in one of two ways. On a page mostly of left-to-right text, a line is its runs as they stand
 * from left to right, each right-to-left run turned round (so its letters read right) between RLE and PDF: right for
 * an English line with an Arabic word in it, but a line that is mostly Arabic comes out with its runs in the order
 * they are seen ("١٤٣٤ إبريل ١٤" for "١٤ إبريل ١٤٣٤") and its brackets the wrong way round. Such a line's runs are
 * put back in reading order here, and its brackets turned back where they only balance the other way. On a page
 * mostly of right-to-left text, a whole line is one RLE run in reading order, its left-to-right runs inside between
 * LRE and PDF: only the marks go.
 *
 * The marks say nothing more once the text is in order; left in, they stick to words (a search for an Arabic word in
 * the file misses it, a word count splits it) and show as boxes in editors without bidirectional support. A run
 * read the other way than its line has the spaces and signs at its ends turned with it (`flip`): poppler writes the
 * space that parts an Arabic word from the next English one inside the marks, before the word
 * (`\u202b العربية\u202cword` for `العربية word`), and the dash of a date beside the number it stood next to.
 */
export function toLogicalLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (MARK.test(line) ? logicalLine(line) : line))
    .join('\n');
}

const MARK = /[\u202A-\u202E]/u;
const OPENS_RTL = new Set(['\u202B', '\u202E']);
const OPENS_LTR = new Set(['\u202A', '\u202D']);
const POP = '\u202C';
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/gu;
const BRACKET_PAIRS = ['()', '[]', '{}', '<>', '«»', '‹›'];

/** A run of a line as poppler wrote it, without its marks: outside any embedding, or one embedding whole. */
type Run = { text: string; isEmbedded: boolean };

function logicalLine(line: string): string {
  // A page's \f stays where it is, before the line's text.
  const feed = line.startsWith('\f') ? '\f' : '';
  const body = line.slice(feed.length);
  const whole = wrappedContent(body);
  if (whole !== null) {
    // One right-to-left run in reading order: its left-to-right runs stand as seen, their ends the other way.
    return feed + joinRuns(splitRuns(whole, OPENS_LTR).map((run) => (run.isEmbedded ? flip(run) : run)));
  }
  const runs = splitRuns(body, OPENS_RTL);
  const plain = runs.map((run) => run.text).join(' ');
  const rtl = plain.match(RTL_LETTER)?.length ?? 0;
  const ltr = plain.match(LTR_LETTER)?.length ?? 0;
  if (rtl === 0 || rtl < ltr) {
    // A left-to-right line: its runs are in order; a turned run's ends were turned with it.
    return feed + joinRuns(runs.map((run) => (run.isEmbedded ? flip(run) : run)));
  }
  // A right-to-left line written as seen from the left: read from the right, the left-to-right runs between.
  const reversed = runs.reverse().map((run) => (run.isEmbedded ? run : flip(run)));
  return feed + joinRuns(mirrorBrackets(reversed));
}

/** The content of a line that is one right-to-left embedding from its start to its end; null for any other. */
function wrappedContent(line: string): string | null {
  if (!OPENS_RTL.has(line[0] ?? '') || !line.endsWith(POP)) return null;
  let depth = 0;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] as string;
    if (OPENS_RTL.has(char) || OPENS_LTR.has(char)) depth += 1;
    else if (char === POP) {
      depth -= 1;
      if (depth === 0 && index < line.length - 1) return null;
    }
  }
  return depth === 0 ? line.slice(1, -1) : null;
}

/** The line's runs: the text outside any embedding, and each embedding opened by one of `openers`, whole. */
function splitRuns(line: string, openers: ReadonlySet<string>): Run[] {
  const runs: Run[] = [];
  let current = '';
  let depth = 0;
  const close = (isEmbedded: boolean) => {
    if (current !== '') runs.push({ text: current, isEmbedded });
    current = '';
  };
  for (const char of line) {
    if (depth === 0 && openers.has(char)) {
      close(false);
      depth = 1;
    } else if (depth > 0 && (OPENS_RTL.has(char) || OPENS_LTR.has(char))) {
      depth += 1;
    } else if (char === POP) {
      if (depth === 1) close(true);
      depth = Math.max(0, depth - 1);
    } else if (!MARK.test(char)) {
      current += char;
    }
  }
  close(depth > 0);
  return runs;
}

/** Spaces and signs at a run's ends: they stand between it and its neighbours, not in its text. */
const EDGES = /^([^\p{L}\p{N}\p{M}]*)(.*?)([^\p{L}\p{N}\p{M}]*)$/su;

/**
 * A run read in the other direction: what stood at its left end (a space, a dash, a bracket) comes after its text,
 * what stood at its right end before it (`١٤٣٤-` in a right-to-left line reads `-١٤٣٤`).
 */
function flip(run: Run): Run {
  const [, left = '', middle = '', right = ''] = EDGES.exec(run.text) ?? [];
  const turn = (edge: string) => [...edge].reverse().join('');
  return { ...run, text: turn(right) + middle + turn(left) };
}

/** The runs in the order given, a row of spaces where two met as one space, and none at the line's ends. */
function joinRuns(runs: readonly Run[]): string {
  return runs
    .map((run) => run.text)
    .join('')
    .replace(/[ \t]{2,}/gu, ' ')
    .trim();
}

/**
 * Brackets of a right-to-left line that balance only the other way round (`)يناير(`): poppler keeps the character
 * each glyph shows, which right-to-left text shows mirrored. They are turned back.
 */
function mirrorBrackets(runs: readonly Run[]): Run[] {
  const text = runs.map((run) => run.text).join('');
  const swaps = new Map<string, string>();
  for (const [open = '', close = ''] of BRACKET_PAIRS.map((pair) => [...pair])) {
    if (!isBalanced(text, open, close) && isBalanced(text, close, open)) {
      swaps.set(open, close);
      swaps.set(close, open);
    }
  }
  if (swaps.size === 0) return [...runs];
  return runs.map((run) => ({ ...run, text: [...run.text].map((char) => swaps.get(char) ?? char).join('') }));
}

function isBalanced(text: string, open: string, close: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === open) depth += 1;
    else if (char === close && --depth < 0) return false;
  }
  return depth === 0;
}
