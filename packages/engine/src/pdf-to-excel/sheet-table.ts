import type { Line } from '../pdf-to-word/model/layout-model.ts';
import type { Table, TableCell } from '../pdf-to-word/tables/table-model.ts';

/** A table's cell as a sheet holds it: its text, where it stands, how far it spans, how it looks. */
export type SheetCell = {
  text: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** All of its text is bold in the PDF, or it is in a header row. */
  bold: boolean;
  /** `RRGGBB` background, when not white. */
  shading?: string;
};

/**
 * A table as rows of cells, each cell once (at its top left; the places it spans hold none), with its columns'
 * widths in points and how many rows at its top are its header.
 */
export type SheetTable = {
  /** 1-based page it starts on, and the page it ends on (a later one when it runs on over pages). */
  pageNumber: number;
  lastPage: number;
  rowCount: number;
  colCount: number;
  cells: SheetCell[];
  colWidths: number[];
  headerRows: number;
  /** Top and bottom of the table on its page, in points from the top (for joining a table across pages). */
  top: number;
  bottom: number;
  pageHeight: number;
};

/**
 * Lines of a cell as one text: lines top to bottom, pieces of one row left to right, the lines of a wrapped
 * paragraph joined by a space (a word cut by a hyphen at a line's end joined whole), lone bars left out.
 */
export function cellText(lines: readonly Line[]): string {
  const sorted = [...lines].sort((a, b) =>
    Math.abs(a.baseline - b.baseline) < (a.box.y1 - a.box.y0) / 2
      ? a.box.x0 - b.box.x0
      : a.baseline - b.baseline,
  );
  let text = '';
  for (const line of sorted) {
    // A bar standing alone is a rule read as a character (text recognition reads a table's rules so).
    const piece = line.text
      .replace(/(?:^|\s)\|(?=\s|$)/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim();
    if (piece === '') continue;
    if (text === '') text = piece;
    else if (/[a-z]-$/u.test(text) && /^[a-z]/u.test(piece)) text = `${text.slice(0, -1)}${piece}`;
    else text = `${text} ${piece}`;
  }
  return text;
}

const isBoldCell = (cell: TableCell) => {
  const spans = cell.lines.flatMap((line) => line.spans).filter((span) => span.text.trim() !== '');
  return spans.length > 0 && spans.every((span) => span.style.isBold);
};

/**
 * The sheet's table from a table found on a page: cells merged over rows (`verticalMerge`) become one cell with
 * their row span, and the header rows are bold.
 */
export function toSheetTable(table: Table, pageNumber: number, pageHeight: number): SheetTable {
  const cells: SheetCell[] = [];
  const open = new Map<number, SheetCell>();
  table.rows.forEach((row, rowIndex) => {
    for (const cell of row) {
      if (cell.verticalMerge === 'continue') {
        const owner = open.get(cell.col);
        if (owner && owner.colSpan === cell.colSpan) {
          owner.rowSpan = rowIndex - owner.row + 1;
          const more = cellText(cell.lines);
          if (more !== '') owner.text = owner.text === '' ? more : `${owner.text} ${more}`;
          continue;
        }
      }
      const sheetCell: SheetCell = {
        text: cellText(cell.lines),
        row: rowIndex,
        col: cell.col,
        rowSpan: 1,
        colSpan: cell.colSpan,
        bold: isBoldCell(cell),
        ...(cell.shading ? { shading: cell.shading } : {}),
      };
      cells.push(sheetCell);
      if (cell.verticalMerge === 'restart') open.set(cell.col, sheetCell);
      else open.delete(cell.col);
    }
  });
  const colCount = table.xs.length - 1;
  const joined = joinWrappedHeader(cells);
  const rowCount = table.rows.length - (joined ? 1 : 0);
  if (joined) cells.splice(0, cells.length, ...joined);
  const headerRows = countHeaderRows(cells, rowCount);
  for (const cell of cells) if (cell.row < headerRows && cell.text !== '') cell.bold = true;
  const kept = withoutEmptyColumns(cells, colCount);
  // A column dropped gives its width to the one before it.
  const colWidths = kept.keep.map((col, index) => {
    const next = kept.keep[index + 1] ?? colCount;
    return (table.xs[next] as number) - (table.xs[index === 0 ? 0 : col] as number);
  });
  return splitPackedColumns({
    pageNumber,
    lastPage: pageNumber,
    rowCount,
    colCount: kept.keep.length,
    cells: kept.cells,
    colWidths,
    headerRows,
    top: table.box.y0,
    bottom: table.box.y1,
    pageHeight,
  });
}

/** Figures one after another, one space apart: "3.95 5.16 9.69". */
const FIGURE_RUN = /^[-−+]?\d[\d.,]*%?(?: [-−+]?\d[\d.,]*%?)+$/u;

/**
 * Columns of figures set so close that they read as one line in each row ("3.95 5.16 9.69 11.7" in the one ruled
 * column of Whisper's Table 7): a column whose every body cell holds the same number of figures, at least two, one
 * space apart, is that many columns. Its header cell is split too when it holds as many words, else spans them. A
 * run of three-digit groups ("12 345") is one number, not columns.
 */
function splitPackedColumns(table: SheetTable): SheetTable {
  for (let col = 0; col < table.colCount; col += 1) {
    const body = table.cells.filter(
      (cell) => cell.col === col && cell.colSpan === 1 && cell.row >= table.headerRows,
    );
    const filled = body.filter((cell) => cell.text !== '');
    const counts = new Set(filled.map((cell) => cell.text.split(' ').length));
    const parts = filled[0]?.text.split(' ').length ?? 0;
    const isGrouping = filled.every((cell) => /^\d{1,3}(?: \d{3})+$/u.test(cell.text));
    if (filled.length < 2 || counts.size !== 1 || parts < 2 || isGrouping) continue;
    if (!filled.every((cell) => FIGURE_RUN.test(cell.text))) continue;
    return splitPackedColumns(splitColumn(table, col, parts));
  }
  return table;
}

/** The table with column `col` cut into `parts` columns of equal width, its cells' words spread over them. */
function splitColumn(table: SheetTable, col: number, parts: number): SheetTable {
  const extra = parts - 1;
  const cells = table.cells.flatMap((cell): SheetCell[] => {
    if (cell.col > col) return [{ ...cell, col: cell.col + extra }];
    if (cell.col + cell.colSpan - 1 < col) return [cell];
    const words = cell.text.split(' ');
    if (cell.col < col || cell.colSpan > 1 || words.length !== parts)
      return [{ ...cell, colSpan: cell.colSpan + extra }];
    return words.map((text, index) => ({ ...cell, col: col + index, text }));
  });
  const width = (table.colWidths[col] ?? 0) / parts;
  const colWidths = [
    ...table.colWidths.slice(0, col),
    ...new Array<number>(parts).fill(width),
    ...table.colWidths.slice(col + 1),
  ];
  return { ...table, cells, colWidths, colCount: table.colCount + extra };
}

const NUMERIC = /^[-−+(]?[$€£¥]?\s?\d[\d.,\s\u00a0\u202f]*%?\)?$/u;

/**
 * A header whose cells wrap over two lines, drawn as two rows (rules drawn line by line part them): its first row
 * leaves the row labels' column empty, its second holds their title ("wav2vec 2.0" over "Large (no LM)" beside
 * "Dataset"), both of words, each word of the first over a word of the second in one column. The two become one row,
 * each cell's lines one under the other; null when the table's top is no such header.
 */
function joinWrappedHeader(cells: readonly SheetCell[]): SheetCell[] | null {
  const inRow = (row: number) => cells.filter((cell) => cell.row === row && cell.text !== '');
  const [top, next] = [inRow(0), inRow(1)];
  const isWords = (cell: SheetCell) => !NUMERIC.test(cell.text);
  const below = (cell: SheetCell) =>
    next.find((other) => other.col === cell.col && other.colSpan === cell.colSpan && other.rowSpan === 1);
  const isWrapped =
    top.length >= 2 &&
    !top.some((cell) => cell.col === 0) &&
    next.some((cell) => cell.col === 0) &&
    [...top, ...next].every(isWords) &&
    top.every((cell) => cell.rowSpan === 1 && below(cell) !== undefined);
  if (!isWrapped) return null;
  return cells
    .filter((cell) => cell.row > 0)
    .map((cell) => {
      const over = cell.row === 1 ? top.find((other) => below(other) === cell) : undefined;
      return { ...cell, row: cell.row - 1, text: over ? `${over.text} ${cell.text}` : cell.text };
    });
}

/**
 * How many rows at the top are the header: the rows above the first whose cells (beyond its first column) are
 * mostly figures, when the rows above hold no figures; else the first row when it is bold throughout; else none.
 */
function countHeaderRows(cells: readonly SheetCell[], rowCount: number): number {
  const rowCells = (row: number) => cells.filter((cell) => cell.row === row && cell.text !== '');
  const isFigures = (row: number) => {
    const inner = rowCells(row).filter((cell) => cell.col > 0);
    return inner.length > 0 && inner.filter((cell) => NUMERIC.test(cell.text)).length * 2 > inner.length;
  };
  const firstFigures = Array.from({ length: rowCount }, (_, row) => row).find(isFigures);
  if (firstFigures !== undefined && firstFigures > 0 && firstFigures <= Math.max(1, rowCount / 2)) {
    const above = Array.from({ length: firstFigures }, (_, row) => row);
    if (above.every((row) => rowCells(row).every((cell) => !NUMERIC.test(cell.text)))) return firstFigures;
  }
  const first = rowCells(0);
  return first.length > 0 && first.every((cell) => cell.bold) && rowCount > 1 ? 1 : 0;
}

/** The columns that hold no cell's start and no text: dropped, the cells' columns and spans closed up. */
function withoutEmptyColumns(
  cells: readonly SheetCell[],
  colCount: number,
): { cells: SheetCell[]; keep: number[] } {
  const used = new Set<number>();
  for (const cell of cells) if (cell.text !== '' || cell.colSpan === 1) used.add(cell.col);
  const keep = Array.from({ length: colCount }, (_, col) => col).filter((col) => used.has(col));
  if (keep.length === colCount) return { cells: [...cells], keep };
  const newIndex = (col: number) => keep.filter((kept) => kept < col).length;
  return {
    cells: cells.map((cell) => {
      const start = newIndex(cell.col);
      const end = newIndex(cell.col + cell.colSpan);
      return { ...cell, col: start, colSpan: Math.max(1, end - start) };
    }),
    keep,
  };
}

/** The table as a grid of texts (`TextGrid` of the structure measure): a merged cell's other places `<` and `^`. */
export function toTextGrid(table: SheetTable): string[][] {
  const grid = Array.from({ length: table.rowCount }, () => new Array<string>(table.colCount).fill(''));
  for (const cell of table.cells) {
    for (let row = cell.row; row < cell.row + cell.rowSpan; row += 1) {
      for (let col = cell.col; col < cell.col + cell.colSpan; col += 1) {
        const place = grid[row];
        if (!place || col >= place.length) continue;
        place[col] = row === cell.row ? (col === cell.col ? cell.text : '<') : '^';
      }
    }
  }
  return grid;
}
