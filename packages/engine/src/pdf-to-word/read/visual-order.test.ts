import { describe, expect, it } from 'vitest';
import {
  hasReadablePlacement,
  joinRightToLeftPieces,
  toReadingOrder,
  type PlacedChar,
} from './visual-order.ts';
import { textOfChars } from '../model/test-layout.ts';

/** Characters at the given places on one line, `[text, x0, x1]`, in the order they come in. */
function placed(items: readonly (readonly [string, number, number])[]): PlacedChar[] {
  return items.map(([c, x0, x1]) => ({ c, box: { x0, y0: 90, x1, y1: 100 } }));
}

/** A right-to-left text laid out from `right` leftwards, `advance` points a character, in reading order. */
function rightToLeft(text: string, right: number, advance = 5): [string, number, number][] {
  return [...text].map((c, index) => [c, right - (index + 1) * advance, right - index * advance]);
}

describe('toReadingOrder', () => {
  it('reads a Hebrew line from the right, with its final question mark last whatever order it came in', () => {
    const line = rightToLeft('שלום עולם?', 200);
    const question = line.pop() as [string, number, number];
    expect(textOfChars(toReadingOrder(placed([question, ...line])))).toBe('שלום עולם?');
  });

  it('reads numbers inside right-to-left text left to right, Arabic-Indic digits included', () => {
    // "١٤ إبريل ١٤٣٤" (14 April 1434) as drawn: the year at the left, the day at the right.
    const chars = placed([
      ['٤', 222.8, 230.1],
      ['٣', 215.4, 222.8],
      ['٤', 208.0, 215.4],
      ['١', 200.7, 208.0],
      [' ', 230.1, 234.0],
      ...rightToLeft('إبريل', 259, 5),
      [' ', 259, 266.5],
      ['٤', 273.9, 281.2],
      ['١', 266.5, 273.9],
    ]);
    expect(textOfChars(toReadingOrder(chars))).toBe('١٤ إبريل ١٤٣٤');
  });

  it('reads a Latin word and a reference with brackets inside Hebrew the way they are meant', () => {
    // "לפי סעיף 15(ב)(4) לחוק": the PDF maps each bracket to the character it stands for.
    const chars = placed([
      ...rightToLeft('לפי סעיף', 420, 5),
      [' ', 378.2, 381.6],
      ['1', 366.2, 372.2],
      ['5', 372.2, 378.2],
      ['(', 362.0, 366.2],
      ['ב', 354.9, 362.0],
      [')', 350.7, 354.9],
      ['(', 346.5, 350.7],
      ['4', 340.5, 346.5],
      [')', 336.3, 340.5],
      [' ', 332.8, 336.3],
      ...rightToLeft('לחוק', 332.8, 5),
    ]);
    expect(textOfChars(toReadingOrder(chars))).toBe('לפי סעיף 15(ב)(4) לחוק');
  });

  it('turns brackets that a PDF maps to the shape it shows back into the ones the text means', () => {
    // "(يناير)" drawn with "(" at the left and ")" at the right, as it looks.
    const chars = placed([['(', 200.7, 205.4], ...rightToLeft('يناير', 227.6, 4.4), [')', 227.6, 232.3]]);
    expect(textOfChars(toReadingOrder(chars))).toBe('(يناير)');
  });

  it('keeps combining marks on their letter', () => {
    const chars = placed([
      ['ح', 225, 230],
      ['\u064E', 226, 229],
      ['ب', 220, 225],
      ['ي', 215, 220],
    ]);
    expect(textOfChars(toReadingOrder(chars))).toBe('حَبي');
  });
});

describe('hasReadablePlacement', () => {
  it('trusts the places unless many characters were drawn without width', () => {
    expect(hasReadablePlacement(placed(rightToLeft('مرحبا بكم', 100)))).toBe(true);
    const flat = placed([...'حبيبي'].map((c) => [c, 70, 70] as const));
    expect(hasReadablePlacement(flat)).toBe(false);
  });
});

describe('joinRightToLeftPieces', () => {
  it('joins the pieces of one Hebrew row and leaves a Latin row and a far column alone', () => {
    const size = () => 10;
    const hebrewRight = placed(rightToLeft('לחיוב', 500));
    const hebrewLeft = placed(rightToLeft('לחוק', 470));
    const farColumn = placed(rightToLeft('טבלה', 300));
    const latin = placed([...'left'].map((c, index) => [c, 100 + index * 5, 105 + index * 5] as const));
    const latinNext = placed([...'right'].map((c, index) => [c, 125 + index * 5, 130 + index * 5] as const));
    const joined = joinRightToLeftPieces([hebrewRight, latin, hebrewLeft, farColumn, latinNext], 2, size);
    expect(joined.map(textOfChars)).toEqual(['לחיובלחוק', 'left', 'טבלה', 'right']);
  });
});
