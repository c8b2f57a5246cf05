import type { Box, Line } from '../model/layout-model.ts';

/** A table as the tables stage gives it to the page plan: its grid, its cells and their lines. */
export type TableCell = {
  col: number;
  colSpan: number;
  /** Part of a cell merged over several rows: the first row restarts, the rows below continue. */
  verticalMerge?: 'restart' | 'continue';
  lines: Line[];
  /** `RRGGBB` background, when not white. */
  shading?: string;
  /** All its text turned one way: written in the cell in that direction (a narrow column's header). */
  flow?: 'up' | 'down';
  box: Box;
  /** Which of its sides the PDF draws a rule along. */
  edges: CellEdges;
  /** Tables drawn inside the cell. */
  tables?: Table[];
};

export type CellEdges = { top: boolean; bottom: boolean; left: boolean; right: boolean };

export type Table = {
  box: Box;
  /** Column boundaries, left to right; one more than the columns. */
  xs: number[];
  /** Row boundaries, top to bottom; one more than the rows. */
  ys: number[];
  rows: TableCell[][];
  borderColor: string;
};

/** The way all of a cell's lines run, when they are all vertical and run the same way. */
export function cellFlow(lines: readonly Line[]): 'up' | 'down' | undefined {
  const flow = lines[0]?.flow;
  return flow && lines.every((line) => line.isVertical && line.flow === flow) ? flow : undefined;
}
