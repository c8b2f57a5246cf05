import { describe, expect, it } from 'vitest';
import { isOffPage, shrinkLoneMarks, tidyLineCharacters, type Char } from './line-characters.ts';
import { BODY_STYLE, line, textOfChars } from '../model/test-layout.ts';

/** Characters on one baseline, each `[text, x0, x1]`, in the order MuPDF would hand them over. */
function placed(items: readonly (readonly [string, number, number])[], size = 10): Char[] {
  return items.map(([c, x0, x1]) => ({
    c,
    box: { x0, y0: 92, x1, y1: 102 },
    baseline: 100,
    style: { ...BODY_STYLE, size },
    bidi: 0,
  }));
}

/** A word's letters `advance` points apart from `x0`, and where it ends. */
function word(text: string, x0: number, advance: number, gap = 0): [string, number, number][] {
  return [...text].map((c, index) => [
    c,
    x0 + index * (advance + gap),
    x0 + index * (advance + gap) + advance,
  ]);
}

/** Letters with a space MuPDF filled in between every two of them, as over stretched OCR words. */
function spacedOut(text: string, x0: number, advance: number, gap: number): [string, number, number][] {
  const items: [string, number, number][] = [];
  let x = x0;
  for (const c of text) {
    if (c === ' ') {
      items.push([' ', x, x + 3 * gap]);
      x += 3 * gap;
      continue;
    }
    if (items.length > 0 && items.at(-1)?.[0] !== ' ') items.push([' ', x - gap, x]);
    items.push([c, x, x + advance]);
    x += advance + gap;
  }
  return items;
}

describe('tidyLineCharacters', () => {
  it('closes up letters stretched apart by an OCR layer and keeps the spaces between words', () => {
    const chars = placed(spacedOut('9 North Buona Vista Drive', 90, 5, 2));
    expect(textOfChars(chars)).toContain('N o r t h');
    expect(textOfChars(tidyLineCharacters(chars))).toBe('9 North Buona Vista Drive');
  });

  it('leaves ordinary text alone, short words included', () => {
    const chars = placed([
      ...word('a', 50, 5),
      [' ', 55, 58],
      ...word('b', 58, 5),
      [' ', 63, 66],
      ...word('to', 66, 5),
      [' ', 76, 79],
      ...word('be', 79, 5),
      [' ', 89, 92],
      ...word('or', 92, 5),
      [' ', 102, 105],
      ...word('not', 105, 5),
    ]);
    expect(textOfChars(tidyLineCharacters(chars))).toBe('a b to be or not');
  });

  it('puts an accent set over a letter after it, as the combining mark', () => {
    const chars = placed([
      ['⟨', 170, 174],
      ['\u02DC', 174.8, 180.3],
      ['u', 174.2, 180.4],
      [',', 180.4, 183.4],
    ]);
    expect(textOfChars(tidyLineCharacters(chars))).toBe('⟨u\u0303,');
  });

  it('puts the negation slash onto the relation it is drawn over', () => {
    const chars = placed([
      ['x', 483.8, 490.1],
      ['\u0338', 490.1, 490.1],
      [' ', 490.1, 493.8],
      ['=', 493.8, 502.5],
      [' ', 502.5, 506.2],
      ['y', 506.2, 511.5],
    ]);
    expect(textOfChars(tidyLineCharacters(chars))).toBe('x ≠ y');
  });

  it('sets a mathematical symbol apart where the page leaves a gap, and only there', () => {
    const chars = placed([
      ['U', 344.9, 352.4],
      ['x', 352.4, 357.1],
      [' ', 357.1, 360.1],
      ['∩', 360.1, 367.3],
      ['U', 369.8, 377.2],
      ['y', 377.2, 381.4],
      ['∈', 381.6, 388],
      ['A', 388.1, 395],
    ]);
    expect(textOfChars(tidyLineCharacters(chars))).toBe('Ux ∩ Uy∈A');
  });

  it('drops the space MuPDF adds inside an expanded ligature and keeps one after a kerned capital', () => {
    const ligature = placed([
      ['o', 40, 45],
      ['f', 45, 48],
      ['f', 48, 51],
      ['i', 51, 53],
      [' ', 46, 49],
      ['c', 53, 58],
    ]);
    expect(textOfChars(tidyLineCharacters(ligature))).toBe('offic');
    const kerned = placed(
      [
        ['A', 56.7, 66.0],
        [' ', 65.3, 69.2],
        ['l', 69.2, 72.3],
      ],
      13,
    );
    expect(textOfChars(tidyLineCharacters(kerned))).toBe('A l');
  });

  it('tells the characters a page does not show: outside it, or on a baseline below its bottom edge', () => {
    const page = { width: 400, height: 600 };
    const box = (x0: number, y0: number) => ({ x0, y0, x1: x0 + 10, y1: y0 + 20 });
    expect(isOffPage(box(100, 300), 316, page)).toBe(false);
    // Ornaments cut by the bottom edge: only the tops of their glyphs show.
    expect(isOffPage(box(100, 585), 601, page)).toBe(true);
    expect(isOffPage(box(100, 585), null, page)).toBe(false);
    expect(isOffPage(box(-30, 300), 316, page)).toBe(true);
    expect(isOffPage(box(100, -40), -24, page)).toBe(true);
  });
});

describe('big marks of a form', () => {
  it("sets a brace grouping a form's rows at the size of the line's text, on its baseline", () => {
    // "Blind. } Total boxes": the brace set at 17 points over two rows of 8-point text.
    const chars = placed(
      [
        ...word('Blind.', 100, 4),
        [' ', 124, 126],
        ['}', 126, 132],
        [' ', 132, 134],
        ...word('Total', 134, 4),
      ],
      8,
    );
    const brace = chars.find((char) => char.c === '}') as Char;
    Object.assign(brace, {
      style: { ...brace.style, size: 17 },
      baseline: 106,
      box: { x0: 126, y0: 80, x1: 132, y1: 108 },
    });
    const tidied = tidyLineCharacters(chars).find((char) => char.c === '}');
    expect(tidied?.style.size).toBe(8);
    expect(tidied?.baseline).toBe(100);
    expect(tidied?.box.y0).toBeGreaterThan(90);
  });

  it('sets the space before a big brace at the size of the text too, so the line stays one row high', () => {
    // The 1040 form's ". }" before "Boxes checked": MuPDF gives the space the brace's 17 points and its height.
    const chars = placed(
      [
        ['.', 100, 102],
        [' ', 102, 105],
        ['}', 105, 111],
      ],
      8,
    );
    const tall = { style: { ...BODY_STYLE, size: 17 }, box: { x0: 0, y0: 80, x1: 0, y1: 108 } };
    for (const index of [1, 2]) {
      const char = chars[index] as Char;
      Object.assign(char, { ...tall, box: { ...tall.box, x0: char.box.x0, x1: char.box.x1 } });
    }
    const tidied = tidyLineCharacters(chars);
    expect(tidied.map((char) => char.style.size)).toEqual([8, 8, 8]);
    expect(Math.min(...tidied.map((char) => char.box.y0))).toBeGreaterThan(90);
  });

  it('leaves out a brace standing alone, sets a big pointer at the size of the text, and keeps marks of that size', () => {
    const rows = [
      line('You were born before January 2, 1946,', 166, 70),
      line('Spouse was born before January 2, 1946,', 166, 82),
    ];
    const brace = line('{', 141, 77, { style: { size: 17 } });
    const pointer = line('▲', 88, 656, { style: { size: 21 } });
    const bullet = line('•', 60, 120);
    const result = shrinkLoneMarks([...rows, brace, pointer, bullet]);
    expect(result.map((each) => each.text)).toEqual([...rows, pointer, bullet].map((each) => each.text));
    expect(result.find((each) => each.text === '▲')?.spans[0]?.style.size).toBe(10);
    expect(result.find((each) => each.text === '•')).toBe(bullet);
  });
});
