import { describe, expect, it } from 'vitest';
import type { Char } from './line-characters.ts';
import { columnsAsRows, isVerticalPage } from './vertical-page.ts';
import { BODY_STYLE } from '../model/test-layout.ts';

const TEXT = '春の朝は静かで川の水はまだ冷たい子どもたちは橋の上に並んで流れの中の小さな魚を数えている';

/** A 10-point character whose box's top left corner is at (x, y). */
const char = (c: string, x: number, y: number): Char => ({
  c,
  box: { x0: x, y0: y, x1: x + 10, y1: y + 10 },
  baseline: y + 9,
  style: BODY_STYLE,
  bidi: 0,
});

/** The text set in lines of `perLine` characters: rows 16 points apart, or columns right to left. */
function setText(
  perLine: number,
  isVertical: boolean,
): { chars: Char[]; isVertical: boolean; direction: [number, number] }[] {
  const lines = [];
  for (let start = 0; start < TEXT.length; start += perLine) {
    const index = start / perLine;
    lines.push(
      [...TEXT.slice(start, start + perLine)].map((c, at) =>
        isVertical ? char(c, 500 - index * 16, 100 + at * 10) : char(c, 100 + at * 10, 100 + index * 16),
      ),
    );
  }
  if (!isVertical) return lines.map((chars) => ({ chars, isVertical: false, direction: [1, 0] }));
  // Read as MuPDF reads placed glyphs: rows across the columns, right to left.
  const rows = new Map<number, Char[]>();
  for (const item of lines.flat()) rows.set(item.box.y0, [...(rows.get(item.box.y0) ?? []), item]);
  return [...rows.values()].map((chars) => ({ chars, isVertical: false, direction: [1, 0] }));
}

describe('isVerticalPage', () => {
  it('tells columns of CJK characters read as rows from horizontal lines of them', () => {
    expect(isVerticalPage(setText(12, true))).toBe(true);
    expect(isVerticalPage(setText(12, false))).toBe(false);
  });

  it('takes a page written in vertical mode as vertical', () => {
    const lines = setText(12, false).map((line) => ({
      ...line,
      isVertical: true,
      direction: [0, 1] as [number, number],
    }));
    expect(isVerticalPage(lines)).toBe(true);
  });
});

describe('columnsAsRows', () => {
  it('regroups turned characters into rows, left to right, blanks left out', () => {
    const rows = columnsAsRows([
      {
        chars: [char('b', 20, 0), char(' ', 15, 0), char('a', 0, 0), char('c', 0, 20)],
        isVertical: false,
        direction: [0, -1],
      },
    ]);
    expect(rows.map((row) => row.chars.map((item) => item.c).join(''))).toEqual(['ab', 'c']);
  });

  it('keeps the letters of a label that ran up the page in their order (issue 31: rotated Latin read reversed)', () => {
    // On the turned page, a label written up the page (an axis's title) runs right to left: MuPDF gives its
    // letters in reading order, from right to left on the turned page, beside a row of CJK characters.
    const label = [...'Label'].map((c, at) => char(c, 200 - at * 6, 40));
    const rows = columnsAsRows([
      { chars: [char('春', 0, 40), char('の', 10, 40)], isVertical: false, direction: [0, -1] },
      { chars: label, isVertical: false, direction: [-1, 0] },
    ]);
    expect(rows.map((row) => row.chars.map((item) => item.c).join(''))).toEqual(['春のLabel']);
  });
});
