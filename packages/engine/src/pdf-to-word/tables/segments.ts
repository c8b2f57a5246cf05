import type { Box } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

// Rules as straight segments, for finding the grids of ruled tables and the stacks of open ones.

/** A rule as a straight segment: horizontal at y = `at` from x `from` to `to`, or vertical at x = `at`. */
export type Segment = { isHorizontal: boolean; at: number; from: number; to: number; color: string };

/** Sorted values with neighbours closer than SETTINGS.tables.snap merged into their mean. */
export function snapValues(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const value of sorted) {
    const group = groups.at(-1);
    if (group && value - (group.at(-1) ?? value) <= SETTINGS.tables.snap) group.push(value);
    else groups.push([value]);
  }
  return groups.map((group) => group.reduce((sum, value) => sum + value, 0) / group.length);
}

/** Whether `inner` lies within `outer`, give or take SETTINGS.tables.snap. */
export const contains = (outer: Box, inner: Box): boolean =>
  inner.x0 >= outer.x0 - SETTINGS.tables.snap &&
  inner.x1 <= outer.x1 + SETTINGS.tables.snap &&
  inner.y0 >= outer.y0 - SETTINGS.tables.snap &&
  inner.y1 <= outer.y1 + SETTINGS.tables.snap;

/** A horizontal rule left over by the ruled-table search: its y, its extent and colour. */
export type OpenRule = { y: number; x0: number; x1: number; color: string };
