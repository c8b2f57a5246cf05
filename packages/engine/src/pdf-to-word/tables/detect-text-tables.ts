import { median, overlap, type Fill, type Line } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';
import { buildOpenTable } from './detect-open-tables.ts';
import { type OpenRule } from './segments.ts';
import type { Table } from './table-model.ts';
import { boxOf, isLeader, rowsOf, sizeOf } from './text-grid.ts';

/**
 * Tables drawn with no rules at all, or with a rule under the header only (a statistical office's report): a run
 * of rows of text in several pieces each, close together. Headings between groups of rows (one piece) stay inside
 * the run; the run begins and ends with a row of pieces. Its rows and columns are then made as for the other tables
 * without a grid (`buildOpenTable`), which refuses running text and rows that do not keep to the columns.
 */
export function detectTextTables(
  lines: readonly Line[],
  rules: readonly OpenRule[],
  fills: readonly Fill[],
  found: readonly Table[],
): { tables: Table[]; lines: Line[] } {
  const text = lines.filter((line) => !line.isVertical && line.text.trim() !== '');
  if (text.length === 0) return { tables: [], lines: [...lines] };
  const size = median(text.map(sizeOf));
  const tables: Table[] = [];
  let remaining = [...lines];
  for (const run of rowRuns(rowsOf(text), size)) {
    const box = boxOf(run.flat());
    const region = { x0: box.x0, y0: box.y0 - size / 2, x1: box.x1, y1: box.y1 + size / 2 };
    const isTaken = [...found, ...tables].some(
      (table) =>
        overlap(table.box.y0, table.box.y1, region.y0, region.y1) > 0 &&
        overlap(table.box.x0, table.box.x1, region.x0, region.x1) > 0,
    );
    if (isTaken) continue;
    const table = buildOpenTable(region, remaining, rules, fills);
    if (!table || !isTextTable(table)) continue;
    tables.push(table);
    const inside = new Set(table.rows.flatMap((row) => row.flatMap((cell) => cell.lines)));
    remaining = remaining.filter((line) => !inside.has(line));
  }
  return { tables, lines: remaining };
}

/**
 * Enough columns, each of short pieces (a column of sentences beside a code listing is no table), and most cells
 * filled (a formula's symbols scattered over a few lines leave most of their grid empty).
 */
function isTextTable(table: Table): boolean {
  if (table.xs.length - 1 < SETTINGS.tables.minTextTablePieces) return false;
  const cells = table.rows.flat();
  const filled = cells.filter((cell) => cell.lines.some((line) => line.text.trim() !== ''));
  const places = table.rows.length * (table.xs.length - 1);
  if (filled.length < SETTINGS.tables.minTextTableFilledShare * places) return false;
  for (let col = 0; col < table.xs.length - 1; col += 1) {
    const lengths = filled
      .filter((cell) => cell.col === col)
      .flatMap((cell) => cell.lines.map((line) => line.text.trim().length));
    if (lengths.length > 0 && median(lengths) > SETTINGS.tables.maxCellChars) return false;
  }
  return true;
}

const isPieceRow = (row: readonly Line[]) =>
  row.filter((line) => !isLeader(line)).length >= SETTINGS.tables.minTextTablePieces;

/** Runs of close rows that begin and end with a row of pieces and hold enough of them. */
function rowRuns(rows: readonly Line[][], size: number): Line[][][] {
  const runs: Line[][][] = [];
  let run: Line[][] = [];
  const close = () => {
    while (run.length > 0 && !isPieceRow(run.at(-1) as Line[])) run.pop();
    if (run.filter(isPieceRow).length >= SETTINGS.tables.minTextTableRows) runs.push(run);
    run = [];
  };
  for (const row of rows) {
    const previous = run.at(-1);
    if (previous && boxOf(row).y0 - boxOf(previous).y1 > SETTINGS.tables.maxTextRowGapEm * size) close();
    if (run.length === 0 && !isPieceRow(row)) continue;
    run.push(row);
  }
  close();
  return runs;
}
