import {
  median,
  type Box,
  type Fill,
  type Line,
  type LinkTarget,
  type TextStyle,
} from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Corrections to the characters of one left-to-right line, as MuPDF hands them over, before they become text:
 * spaces MuPDF invents inside ligatures and between the letters of stretched OCR words, accents drawn apart from
 * their letters, TeX's negation slash, the spacing of mathematics and the order of right-to-left digits.
 */

/** One character as read from the page: `bidi` is MuPDF's bidi level (odd for right-to-left). */
export type Char = {
  c: string;
  box: Box;
  baseline: number;
  style: TextStyle;
  bidi: number;
  /** The link the character stands under, if any. */
  link?: LinkTarget;
  /** The fill behind the character, if any (`fillFinder`). */
  shade?: Fill;
};

/**
 * Characters that cannot be written: control characters (other than tab, line feed, carriage return), lone
 * surrogates and non-characters, which XML forbids, and U+FFFD, MuPDF's stand-in for a glyph the font maps to no
 * character (a page of them reads as "����" in Word; left out, the rest of the text reads).
 */
export function isUnwritable(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfffd ||
    code === 0xfffe ||
    code === 0xffff
  );
}

export const isBlank = (c: string | undefined): boolean => c === undefined || /^\s$/.test(c);

/**
 * Whether the page does not show a character: it stands outside the page (its crop box), or on a baseline below the
 * page's bottom edge, where only the tops of its glyphs show (a band of ornaments cut by the edge). `baseline` is
 * null in vertical lines, whose characters hang from it.
 */
export function isOffPage(
  box: Box,
  baseline: number | null,
  page: { width: number; height: number },
): boolean {
  const middle = (box.x0 + box.x1) / 2;
  if (middle < 0 || middle > page.width || box.y1 <= 0 || box.y0 >= page.height) return true;
  return baseline !== null && baseline > page.height;
}

export function tidyLineCharacters(chars: readonly Char[]): Char[] {
  return spaceMathSymbols(
    collapseLetterSpacing(
      placeMarksAfterBase(restoreDigitOrder(dropLigatureSpaces(shrinkBigBrackets(chars)))),
    ),
  );
}

/** Brackets and braces that may be set large to span rows of a form or a list. */
const BRACKETS = /^[{}()[\]|⎧⎨⎩⎫⎬⎭]$/u;

/**
 * A brace set large to group rows ("{ You were born before … / Spouse was born before … }" on a tax form) would
 * make its line as tall as itself in Word, and take the line's baseline: it is set at the size of the line's other
 * characters, which keep their own baseline. So is a space beside it at its size: left tall, it kept the line as
 * tall as the brace (the tax form's ". }" before "Boxes checked" spanned three of its rows, which then stood one
 * under the other in Word).
 */
function shrinkBigBrackets(chars: readonly Char[]): Char[] {
  const sizes = chars
    .filter((char) => !isBlank(char.c) && !BRACKETS.test(char.c))
    .map((char) => char.style.size);
  if (sizes.length === 0) return [...chars];
  const size = median(sizes);
  const isBig = (char: Char | undefined) =>
    char !== undefined && BRACKETS.test(char.c) && char.style.size >= SETTINGS.read.bigBracketRatio * size;
  const isBesideBig = (char: Char, index: number) =>
    isBlank(char.c) &&
    char.style.size >= SETTINGS.read.bigBracketRatio * size &&
    (isBig(chars[index - 1]) || isBig(chars[index + 1]));
  return chars.map((char, index) =>
    isBig(char) || isBesideBig(char, index) ? shrunk(char, size, baselineNear(chars, char, size)) : char,
  );
}

/**
 * Lines of nothing but a big mark, next to rows of text of the page's size. A brace standing alone between a form's
 * label and the rows it groups only shows, in the PDF, that they go together: in Word it would be a line of its own,
 * as tall as it, between them; it is left out. Another mark (a form's pointer to where to sign) is set at the size
 * of the page's text.
 */
export function shrinkLoneMarks(lines: readonly Line[]): Line[] {
  const isLone = (line: Line) => {
    const characters = [...line.text.replace(/\s/gu, '')];
    return (
      characters.length <= SETTINGS.read.maxMarkCharacters &&
      characters.every((c) => !/[\p{L}\p{N}]/u.test(c))
    );
  };
  const sizes = lines
    .filter((line) => !isLone(line))
    .flatMap((line) => line.spans.map((span) => span.style.size));
  if (sizes.length === 0) return [...lines];
  const size = median(sizes);
  const isBig = (line: Line) =>
    isLone(line) && line.spans.some((span) => span.style.size >= SETTINGS.read.bigBracketRatio * size);
  return lines
    .filter((line) => !(isBig(line) && [...line.text.trim()].every((c) => BRACKETS.test(c))))
    .map((line) =>
      isBig(line)
        ? {
            ...line,
            box: sizedBox(line.box, size, line.baseline),
            spans: line.spans.map((span) => ({
              ...span,
              box: sizedBox(span.box, size, line.baseline),
              style: { ...span.style, size },
            })),
          }
        : line,
    );
}

/** The character set at `size` on `baseline`, its box as tall as the size's ascenders and descenders. */
function shrunk(char: Char, size: number, baseline: number): Char {
  return { ...char, style: { ...char.style, size }, baseline, box: sizedBox(char.box, size, baseline) };
}

function sizedBox(box: Box, size: number, baseline: number): Box {
  return {
    x0: box.x0,
    x1: box.x1,
    y0: baseline - SETTINGS.read.boxAscentEm * size,
    y1: baseline + SETTINGS.read.boxDescentEm * size,
  };
}

/** The baseline of the characters of `size` nearest to `char` along the line, or its own. */
function baselineNear(chars: readonly Char[], char: Char, size: number): number {
  let best: Char | null = null;
  for (const other of chars) {
    if (other.style.size !== size || isBlank(other.c)) continue;
    if (!best || Math.abs(other.box.x0 - char.box.x0) < Math.abs(best.box.x0 - char.box.x0)) best = other;
  }
  return best?.baseline ?? char.baseline;
}

/**
 * A space MuPDF adds after an expanded ligature overlaps the ligature: it is no gap between words. (A kerned pair
 * such as "A " overlaps by a few hundredths of an em: that space is real.)
 */
function dropLigatureSpaces(chars: readonly Char[]): Char[] {
  return chars.filter((char, index) => {
    const previous = chars[index - 1];
    return !(
      isBlank(char.c) &&
      previous &&
      char.bidi % 2 === 0 &&
      char.box.x0 < previous.box.x1 - SETTINGS.read.ligatureOverlapEm * char.style.size
    );
  });
}

/** Spacing accents and the combining marks they stand for when set over a letter. */
const COMBINING_FOR: Record<string, string> = {
  '\u02DC': '\u0303',
  '\u02C6': '\u0302',
  '\u00A8': '\u0308',
  '\u00B4': '\u0301',
  '\u0060': '\u0300',
  '\u00AF': '\u0304',
  '\u02D9': '\u0307',
  '\u02C7': '\u030C',
  '\u02D8': '\u0306',
  '\u02DA': '\u030A',
};

/**
 * An accent set over a letter (a tilde or hat over a variable in mathematics, an accent a generator drew apart)
 * comes as its own character in MuPDF's order, often before the letter, where Word would show it beside the
 * letter. It becomes the combining mark, after the letter it stands over.
 */
function placeMarksAfterBase(chars: Char[]): Char[] {
  const result = [...chars];
  const isLetter = (char: Char | undefined) => char !== undefined && /^[\p{L}\p{N}]$/u.test(char.c);
  for (let index = 0; index < result.length; index += 1) {
    const mark = result[index] as Char;
    if (mark.c === NEGATION_OVERLAY) {
      index = negateNext(result, index);
      continue;
    }
    const combining = /^\p{M}$/u.test(mark.c) ? mark.c : COMBINING_FOR[mark.c];
    if (!combining) continue;
    const covered = (char: Char | undefined) =>
      isLetter(char)
        ? (Math.min(mark.box.x1, (char as Char).box.x1) - Math.max(mark.box.x0, (char as Char).box.x0)) /
          Math.max(
            SETTINGS.read.minMarkWidth,
            Math.min(mark.box.x1 - mark.box.x0, (char as Char).box.x1 - (char as Char).box.x0),
          )
        : 0;
    const overNext = covered(result[index + 1]);
    const overPrevious = covered(result[index - 1]);
    if (overNext > SETTINGS.read.minMarkCoverShare && overNext > overPrevious) {
      result[index] = result[index + 1] as Char;
      result[index + 1] = { ...mark, c: combining };
      index += 1;
    } else if (overPrevious > SETTINGS.read.minMarkCoverShare) {
      result[index] = { ...mark, c: combining };
    }
  }
  return result;
}

/**
 * Text laid over a scan by OCR often stretches each word to its box, and MuPDF then sees a space between every
 * two letters ("N o r t h  B u o n a"). In a line where most neighbouring letters are parted by one space, the
 * spaces not much wider than the usual one are gaps between characters and go; the wider ones part words and stay.
 */
function collapseLetterSpacing(chars: Char[]): Char[] {
  const isLetter = (char: Char | undefined) => char !== undefined && /^\p{L}$/u.test(char.c);
  const between: number[] = [];
  let letterPairs = 0;
  for (let index = 1; index < chars.length; index += 1) {
    const previous = chars[index - 1];
    if (!isLetter(previous)) continue;
    if (isLetter(chars[index])) letterPairs += 1;
    else if (isBlank(chars[index]?.c) && isLetter(chars[index + 1])) {
      letterPairs += 1;
      between.push(index);
    }
  }
  if (
    letterPairs < SETTINGS.read.minSpacedLetterPairs ||
    between.length < SETTINGS.read.spacedLetterShare * letterPairs
  )
    return chars;
  // The gap between the inked neighbours, not the space's own width: some generators draw a narrow space glyph and
  // move on by the rest of the gap.
  const width = (index: number) => (chars[index + 1] as Char).box.x0 - (chars[index - 1] as Char).box.x1;
  const usual = median(between.map(width));
  // Digits and punctuation are spaced out the same way ("8 5 2 5 4", "L t d ."): every single space is weighed.
  const isSingleSpace = (index: number) =>
    isBlank(chars[index]?.c) && !isBlank(chars[index - 1]?.c) && !isBlank(chars[index + 1]?.c);
  return chars.filter(
    (_, index) =>
      !(index > 0 && isSingleSpace(index) && width(index) < SETTINGS.read.wordSpaceFactor * usual),
  );
}

/**
 * Mathematics sets a relation or operator apart with a gap narrower than MuPDF's idea of a space ("Ux ∩ Uy",
 * "∅ falls"): a space is put where a gap of a fifth of the font size or more meets such a symbol. Letters are left
 * alone, so letter-spaced headings stay words.
 */
function spaceMathSymbols(chars: Char[]): Char[] {
  const result: Char[] = [];
  for (const char of chars) {
    const previous = result.at(-1);
    if (
      previous &&
      !isBlank(previous.c) &&
      !isBlank(char.c) &&
      (MATH_SYMBOL.test(previous.c) || MATH_SYMBOL.test(char.c)) &&
      char.box.x0 - previous.box.x1 >=
        SETTINGS.read.mathSpaceEm * Math.max(char.style.size, previous.style.size)
    ) {
      result.push({ ...previous, c: ' ', box: { ...previous.box, x0: previous.box.x1, x1: char.box.x0 } });
    }
    result.push(char);
  }
  return result;
}

const MATH_SYMBOL = /^[\p{Sm}\u2205]$/u;

/** The slash laid over a relation to negate it (TeX's \\not): "=" becomes "≠", "∈" becomes "∉". */
const NEGATION_OVERLAY = '\u0338';

/**
 * The negation slash comes with no width just before the symbol it is drawn over, often with a space between: it
 * is put onto that symbol, composed into one character where Unicode has one. Returns the index to go on from.
 */
function negateNext(chars: Char[], index: number): number {
  let target = index + 1;
  while (target < chars.length && isBlank(chars[target]?.c)) target += 1;
  const symbol = chars[target];
  if (!symbol) return index;
  const [mark] = chars.splice(index, 1) as [Char];
  const composed = `${symbol.c}${mark.c}`.normalize('NFC');
  if ([...composed].length === 1) chars[target - 1] = { ...symbol, c: composed };
  else chars.splice(target, 0, mark);
  return target - 1;
}

/**
 * Numbers read left to right in right-to-left text too. MuPDF's bidi pass hands the digits of an Arabic-Indic
 * number inside Arabic text over from right to left ("١٤٣٤" comes out as "٤٣٤١"): such a run, its characters placed
 * with falling x, is put back in the order it is drawn.
 */
function restoreDigitOrder(chars: Char[]): Char[] {
  const result = [...chars];
  let index = 0;
  while (index < result.length) {
    let end = index;
    while (end < result.length && isNumberChar(result, end, index)) end += 1;
    const run = result.slice(index, end);
    const falls = run.every((char, at) => at === 0 || char.box.x0 < (run[at - 1] as Char).box.x0);
    if (run.length > 1 && falls) {
      result.splice(index, run.length, ...run.reverse());
    }
    index = Math.max(end, index + 1);
  }
  return result;
}

/**
 * A right-to-left digit, or a decimal or thousands separator between two digits, in a number that starts at `start`.
 */
function isNumberChar(chars: readonly Char[], at: number, start: number): boolean {
  const c = chars[at]?.c ?? '';
  if ((chars[at]?.bidi ?? 0) % 2 === 0) return false;
  if (/\p{Nd}/u.test(c)) return true;
  return at > start && /^[.,\u066B\u066C]$/u.test(c) && /\p{Nd}/u.test(chars[at + 1]?.c ?? '');
}
