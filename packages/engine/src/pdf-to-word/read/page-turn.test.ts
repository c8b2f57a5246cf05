import { describe, expect, it } from 'vitest';
import { pageTurner, uprightTurn } from './page-turn.ts';

const line = (direction: [number, number], characters = 30, isVertical = false) => ({
  direction,
  characters,
  isVertical,
});

describe('uprightTurn', () => {
  it('turns a page whose text runs up it a quarter turn clockwise, and one whose text runs down three', () => {
    expect(uprightTurn([line([0, -1]), line([0, -1]), line([1, 0], 5)])).toBe(90);
    expect(uprightTurn([line([0, 1]), line([0, 1])])).toBe(270);
    expect(uprightTurn([line([-1, 0])])).toBe(180);
  });

  it('leaves a page alone when most of its text is upright, when it has little text, and for vertical CJK', () => {
    expect(uprightTurn([line([1, 0], 100), line([0, -1], 40)])).toBe(0);
    expect(uprightTurn([line([0, -1], 10)])).toBe(0);
    expect(uprightTurn([line([0, 1], 200, true)])).toBe(0);
  });

  it("counts the characters of vertical CJK among the page's: Latin turned in its columns does not turn it", () => {
    expect(uprightTurn([line([0, 1], 200, true), line([0, 1], 40)])).toBe(0);
    expect(uprightTurn([line([0, 1], 20, true), line([0, 1], 40)])).toBe(270);
  });
});

describe('pageTurner', () => {
  it('maps a portrait page turned a quarter clockwise onto a landscape one', () => {
    const turner = pageTurner(90, 600, 800);
    expect([turner.width, turner.height]).toEqual([800, 600]);
    // The page's bottom left corner comes to the top left; text running up now runs right.
    expect(turner.point(0, 800)).toEqual([0, 0]);
    expect(turner.vector(0, -1)).toEqual([1, 0]);
    expect(turner.box({ x0: 10, y0: 700, x1: 20, y1: 780 })).toEqual({ x0: 20, y0: 10, x1: 100, y1: 20 });
  });

  it('maps a page turned three quarters, and upside down', () => {
    expect(pageTurner(270, 600, 800).point(600, 0)).toEqual([0, 0]);
    expect(
      pageTurner(270, 600, 800)
        .vector(0, 1)
        .map((value) => value + 0),
    ).toEqual([1, 0]);
    expect(pageTurner(180, 600, 800).point(600, 800)).toEqual([0, 0]);
  });
});
