import { AppError } from '../errors/app-error.ts';
import { MAX_PAGES } from '../limits.ts';

/** The sizes a blank page may take: ISO A4, US Letter, or the size of the page before it (A4 when it is first). */
export const BLANK_SIZES = ['a4', 'letter', 'previous'] as const;
export type BlankSize = (typeof BLANK_SIZES)[number];

/** Quarter turns clockwise a page of a layout may be given, added to its own. */
export const PAGE_TURNS = [0, 90, 180, 270] as const;
export type PageTurn = (typeof PAGE_TURNS)[number];

/** One page of a layout: a page of a file sent (file from 0, page from 1), turned clockwise; or a blank page. */
export type LayoutItem =
  { readonly file: number; readonly page: number; readonly rotate: PageTurn } | { readonly blank: BlankSize };

/** The pages of a result, in order (Organize PDF's `layout`). */
export type PageLayout = readonly LayoutItem[];

/**
 * Why a layout is refused. `item` numbers the item at fault from 1 (absent when the layout as a whole is at fault);
 * `fileIndex` is a file's index from 0, as the layout names it.
 */
export type LayoutProblem = {
  readonly reason:
    | 'notJson'
    | 'notList'
    | 'empty'
    | 'tooMany'
    | 'malformed'
    | 'rotate'
    | 'blankSize'
    | 'noFile'
    | 'pageOutOfRange';
  readonly item?: number;
  readonly maxItems?: number;
  readonly fileIndex?: number;
  readonly fileCount?: number;
  readonly fileName?: string;
  readonly page?: number;
  readonly pageCount?: number;
};

/** Most items of a layout: the pages of one result (`MAX_PAGES`, the page cap of page assembly). */
export const MAX_LAYOUT_ITEMS = MAX_PAGES;

/**
 * Longest layout field accepted: room for `MAX_LAYOUT_ITEMS` items written out with spaces
 * (`{"file": 9, "page": 2000, "rotate": 270}, ` is 42 bytes).
 */
export const MAX_LAYOUT_BYTES = 64 * MAX_LAYOUT_ITEMS;

const ITEM_KEYS = new Set(['file', 'page', 'rotate']);

/**
 * Reads a layout as sent: a JSON array of `{"file": 0, "page": 3, "rotate": 90}` (`rotate` optional, 0 by default)
 * and `{"blank": "a4" | "letter" | "previous"}`, no other key. What needs the files (that each file is sent and
 * each page within it) is checked by the op, which has them (`checkLayoutPages`).
 */
export function readPageLayout(
  text: string,
): { ok: true; layout: PageLayout } | { ok: false; problem: LayoutProblem } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: { reason: 'notJson' } };
  }
  if (!Array.isArray(parsed)) return { ok: false, problem: { reason: 'notList' } };
  if (parsed.length === 0) return { ok: false, problem: { reason: 'empty' } };
  if (parsed.length > MAX_LAYOUT_ITEMS) {
    return { ok: false, problem: { reason: 'tooMany', maxItems: MAX_LAYOUT_ITEMS } };
  }
  const layout: LayoutItem[] = [];
  for (const [index, value] of parsed.entries()) {
    const item = readItem(value);
    if ('reason' in item) return { ok: false, problem: { reason: item.reason, item: index + 1 } };
    layout.push(item);
  }
  return { ok: true, layout };
}

function readItem(value: unknown): LayoutItem | { reason: LayoutProblem['reason'] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reason: 'malformed' };
  const entries = value as Record<string, unknown>;
  const keys = Object.keys(entries);
  if (keys.length === 1 && keys[0] === 'blank') {
    const size = entries['blank'];
    return BLANK_SIZES.includes(size as BlankSize) ? { blank: size as BlankSize } : { reason: 'blankSize' };
  }
  const { file, page, rotate = 0 } = entries;
  if (!keys.every((key) => ITEM_KEYS.has(key)) || !isIndex(file) || !isIndex(page) || page === 0) {
    return { reason: 'malformed' };
  }
  if (!PAGE_TURNS.includes(rotate as PageTurn)) return { reason: 'rotate' };
  return { file, page, rotate: rotate as PageTurn };
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Checks a layout against the files sent (their page counts, in order): the first item naming a file not sent or a
 * page past its file's end is refused.
 */
export function checkLayoutPages(
  layout: PageLayout,
  files: readonly { readonly name: string; readonly pageCount: number }[],
): LayoutProblem | null {
  for (const [index, item] of layout.entries()) {
    if ('blank' in item) continue;
    const file = files[item.file];
    if (!file) return { reason: 'noFile', item: index + 1, fileIndex: item.file, fileCount: files.length };
    if (item.page > file.pageCount) {
      return {
        reason: 'pageOutOfRange',
        item: index + 1,
        fileIndex: item.file,
        fileName: file.name,
        page: item.page,
        pageCount: file.pageCount,
      };
    }
  }
  return null;
}

/** English description of a problem, for the API's `message` (the site translates from the details). */
export function describeLayoutProblem(problem: LayoutProblem): string {
  const where = `layout item ${problem.item}`;
  switch (problem.reason) {
    case 'notJson':
      return 'layout is not JSON: send an array such as [{"file": 0, "page": 1}, {"blank": "a4"}].';
    case 'notList':
      return 'layout must be a JSON array of pages, such as [{"file": 0, "page": 1}, {"blank": "a4"}].';
    case 'empty':
      return 'layout lists no page: a PDF needs at least one.';
    case 'tooMany':
      return `layout lists more than ${problem.maxItems} pages.`;
    case 'malformed':
      return `${where} is neither {"file": <index from 0>, "page": <number from 1>, "rotate": <0, 90, 180 or 270>} nor {"blank": "a4" | "letter" | "previous"}.`;
    case 'rotate':
      return `${where}: rotate must be 0, 90, 180 or 270.`;
    case 'blankSize':
      return `${where}: blank must be "a4", "letter" or "previous".`;
    case 'noFile':
      return `${where}: there is no file ${problem.fileIndex} (${problem.fileCount} sent, numbered from 0).`;
    case 'pageOutOfRange':
      return `${where}: page ${problem.page} is past the end of file ${problem.fileIndex} (${problem.pageCount} pages).`;
  }
}

export function layoutError(problem: LayoutProblem): AppError {
  return new AppError('INVALID_LAYOUT', describeLayoutProblem(problem), { ...problem });
}
