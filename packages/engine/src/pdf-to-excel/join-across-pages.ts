import type { SheetCell, SheetTable } from './sheet-table.ts';

/**
 * A table near the foot of its page that goes on at the head of the next: one table. The first table of a page is
 * the continuation of the last of the page before when the two have as many columns and, with a header, the
 * continuation repeats it (its repeated header rows are dropped), or, without one, the first ends in the page's last
 * `footShare` and the second starts in its first `headShare`, with columns of about the same widths.
 */
const FOOT_SHARE = 0.7;
const HEAD_SHARE = 0.3;
/** Two columns are of the same width within this share of the wider. */
const WIDTH_SLACK = 0.15;

const normal = (text: string) => text.replace(/\s+/gu, '').toLowerCase();

function rowTexts(table: SheetTable, row: number): string[] {
  return table.cells
    .filter((cell) => cell.row === row)
    .sort((a, b) => a.col - b.col)
    .map((cell) => `${cell.col}:${cell.colSpan}:${normal(cell.text)}`);
}

/** How many rows at the top of `next` repeat `previous`'s header rows. */
function repeatedHeaderRows(previous: SheetTable, next: SheetTable): number {
  if (previous.headerRows === 0) return 0;
  for (let row = 0; row < previous.headerRows; row += 1) {
    if (rowTexts(previous, row).join('|') !== rowTexts(next, row).join('|')) return 0;
  }
  return previous.headerRows;
}

function sameWidths(a: SheetTable, b: SheetTable): boolean {
  return a.colWidths.every((width, col) => {
    const other = b.colWidths[col] ?? 0;
    return Math.abs(width - other) <= WIDTH_SLACK * Math.max(width, other);
  });
}

function continues(previous: SheetTable, next: SheetTable): number | null {
  if (next.pageNumber !== previous.lastPage + 1 || next.colCount !== previous.colCount) return null;
  const repeated = repeatedHeaderRows(previous, next);
  if (repeated > 0) return repeated;
  const atFoot = previous.bottom >= FOOT_SHARE * previous.pageHeight;
  const atHead = next.top <= HEAD_SHARE * next.pageHeight;
  return atFoot && atHead && previous.headerRows > 0 && next.headerRows === 0 && sameWidths(previous, next)
    ? 0
    : null;
}

/** The tables in page order, each continued table joined into the one it continues. */
export function joinAcrossPages(tables: readonly SheetTable[]): SheetTable[] {
  const joined: SheetTable[] = [];
  for (const table of tables) {
    const previous = joined.at(-1);
    const isFirstOnPage = previous?.lastPage !== table.pageNumber;
    const skip = previous && isFirstOnPage ? continues(previous, table) : null;
    if (!previous || skip === null) {
      joined.push(table);
      continue;
    }
    const offset = previous.rowCount - skip;
    const moved: SheetCell[] = table.cells
      .filter((cell) => cell.row >= skip)
      .map((cell) => ({ ...cell, row: cell.row + offset }));
    joined[joined.length - 1] = {
      ...previous,
      rowCount: previous.rowCount + table.rowCount - skip,
      cells: [...previous.cells, ...moved],
      colWidths: previous.colWidths.map((width, col) => Math.max(width, table.colWidths[col] ?? 0)),
      // The joined table ends where its last part does, on the later page.
      lastPage: table.lastPage,
      bottom: table.bottom,
      pageHeight: table.pageHeight,
    };
  }
  return joined;
}
