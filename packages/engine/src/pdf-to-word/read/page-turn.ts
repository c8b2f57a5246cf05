import type { Box } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/** A clockwise quarter turn of a whole page, in degrees. */
export type PageTurn = 0 | 90 | 180 | 270;

/**
 * The turn that stands a page's text upright: a form or a table drawn sideways on the page (its text running up or
 * down the page), or upside down. Lines written top to bottom (vertical CJK) run no other way, but count among the
 * page's characters: the Latin words set turned in the columns of a vertical Japanese page were all its text that
 * ran any way, and turned the page on its side (two landscape pages for one). Most text already upright, or no
 * clear direction: no turn.
 */
export function uprightTurn(
  lines: readonly { direction: readonly number[]; isVertical: boolean; characters: number }[],
): PageTurn {
  const counts = new Map<PageTurn, number>();
  let total = 0;
  for (const { direction, isVertical, characters } of lines) {
    if (isVertical) {
      total += characters;
      continue;
    }
    const [dx = 1, dy = 0] = direction;
    // Text running down the page is stood up by three quarter turns, running up by one.
    const turn: PageTurn = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 0 : 180) : dy > 0 ? 270 : 90;
    counts.set(turn, (counts.get(turn) ?? 0) + characters);
    total += characters;
  }
  for (const turn of [90, 180, 270] as const) {
    const count = counts.get(turn) ?? 0;
    if (count >= SETTINGS.read.minTurnedCharacters && count >= SETTINGS.read.minTurnedShare * total)
      return turn;
  }
  return 0;
}

/** Page geometry turned by `turn`: points, boxes and directions, and the page's new size. */
export type PageTurner = {
  width: number;
  height: number;
  point: (x: number, y: number) => [number, number];
  box: (box: Box) => Box;
  /** A direction or an image's column and row vectors (`[a, b, c, d]` of its matrix). */
  vector: (dx: number, dy: number) => [number, number];
};

export function pageTurner(turn: PageTurn, width: number, height: number): PageTurner {
  const point = (x: number, y: number): [number, number] =>
    turn === 90
      ? [height - y, x]
      : turn === 180
        ? [width - x, height - y]
        : turn === 270
          ? [y, width - x]
          : [x, y];
  const vector = (dx: number, dy: number): [number, number] =>
    turn === 90 ? [-dy, dx] : turn === 180 ? [-dx, -dy] : turn === 270 ? [dy, -dx] : [dx, dy];
  const isQuarter = turn === 90 || turn === 270;
  return {
    width: isQuarter ? height : width,
    height: isQuarter ? width : height,
    point,
    vector,
    box: ({ x0, y0, x1, y1 }) => {
      const [ax, ay] = point(x0, y0);
      const [bx, by] = point(x1, y1);
      return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
    },
  };
}
