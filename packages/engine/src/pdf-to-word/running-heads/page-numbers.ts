/** How a page number is printed: 12, xii or XII (front matter is often numbered in roman numerals). */
export type PageNumberStyle = 'decimal' | 'lowerRoman' | 'upperRoman';
export type PrintedPageNumber = { value: number; style: PageNumberStyle };

/** Numbers in a line of text: runs of digits, and roman numerals standing as words (all lower or all upper case). */
const NUMBER_TOKEN = /\d+|\b[ivxlcdm]+\b|\b[IVXLCDM]+\b/g;
const ROMAN = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** A number in a line of text: as written, where it starts, and its value and style. */
export type NumberToken = { token: string; index: number; number: PrintedPageNumber };

/** The numbers of a line: digits, and the words that are well-formed roman numerals ("mix" is 1009, as it happens). */
export function numberTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(NUMBER_TOKEN)) {
    const number = parseToken(match[0]);
    if (number) tokens.push({ token: match[0], index: match.index, number });
  }
  return tokens;
}

function parseToken(token: string): PrintedPageNumber | undefined {
  if (/^\d+$/.test(token)) return { value: Number(token), style: 'decimal' };
  const lower = token.toLowerCase();
  if (!ROMAN.test(lower)) return undefined;
  let value = 0;
  for (let index = 0; index < lower.length; index += 1) {
    const digit = ROMAN_VALUES[lower[index] as string] as number;
    const next = ROMAN_VALUES[lower[index + 1] ?? ''] ?? 0;
    value += digit < next ? -digit : digit;
  }
  return { value, style: token === lower ? 'lowerRoman' : 'upperRoman' };
}

/** The line's text with each of its numbers masked: lines that differ only in their page numbers are the same. */
export function maskNumbers(text: string): string {
  let masked = '';
  let end = 0;
  for (const { token, index } of numberTokens(text)) {
    masked += `${text.slice(end, index)}#`;
    end = index + token.length;
  }
  return `${masked}${text.slice(end)}`.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** How a Word section numbers its pages: from `start` when it restarts, in `style` when not arabic. */
export type SectionNumbering = { start?: number; style?: Exclude<PageNumberStyle, 'decimal'> };

/**
 * Per page (one Word section each), how its pages are numbered so that the PAGE fields print what the PDF printed:
 * a restart where the PDF's numbers jump or change style (roman front matter, then 1), the style where it is roman.
 * Pages that print no number go on counting in the style before them.
 *
 * `keepsParity`: for documents with headers of their own on even and odd pages, jumps within one style do not
 * restart the count. LibreOffice takes a page's side from its number, and adds a blank page where a restart would
 * put two even (or odd) numbers in a row, which a page that runs onto a second cannot rule out. The document's first
 * page and a change of style still restart.
 */
export function sectionNumbering(
  printed: readonly (PrintedPageNumber | undefined)[],
  keepsParity = false,
): SectionNumbering[] {
  let next: PrintedPageNumber = { value: 1, style: 'decimal' };
  return printed.map((number, pageIndex) => {
    const restarts =
      number !== undefined &&
      (number.style !== next.style || (number.value !== next.value && (!keepsParity || pageIndex === 0)));
    // Without a restart the count goes on, whatever the page prints.
    const current = restarts && number ? number : next;
    next = { value: current.value + 1, style: current.style };
    return {
      ...(restarts ? { start: current.value } : {}),
      ...(current.style === 'decimal' ? {} : { style: current.style }),
    };
  });
}
