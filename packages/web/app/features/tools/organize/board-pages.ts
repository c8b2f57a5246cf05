import type { BlankSize, LayoutItem, PageTurn } from '@quire/shared';

/** A page of one of the chosen files, as placed on the board: `id` tells copies of one page apart. */
export type BoardPage = {
  readonly id: number;
  readonly file: File;
  readonly page: number;
  readonly rotate: PageTurn;
};
export type BoardBlank = { readonly id: number; readonly blank: BlankSize };
export type BoardItem = BoardPage | BoardBlank;

/** The board's pages now, with the arrangements before (to undo) and after (to redo). */
export type BoardHistory = {
  readonly past: readonly (readonly BoardItem[])[];
  readonly present: readonly BoardItem[];
  readonly future: readonly (readonly BoardItem[])[];
};

/** Arrangements kept to undo; older ones are let go. */
const MAX_UNDO_STEPS = 100;

export function isBlank(item: BoardItem): item is BoardBlank {
  return 'blank' in item;
}

/** Every page of each file, in the files' order. */
export function pagesOfFiles(
  files: readonly { readonly file: File; readonly pageCount: number }[],
  nextId: () => number,
): BoardItem[] {
  return files.flatMap(({ file, pageCount }) =>
    Array.from({ length: pageCount }, (_, index) => ({
      id: nextId(),
      file,
      page: index + 1,
      rotate: 0 as const,
    })),
  );
}

/**
 * Moves the items `ids` names, kept in their order, so that the first of them lands `delta` places from where it
 * was among the others (a row up is `-columns`), within the list's ends.
 */
export function shiftItems(
  items: readonly BoardItem[],
  ids: ReadonlySet<number>,
  delta: number,
): BoardItem[] {
  const firstIndex = items.findIndex((item) => ids.has(item.id));
  if (firstIndex < 0) return [...items];
  // Every item before the first moved one stays: its index among the others is its index in the list.
  return placeItems(items, ids, firstIndex + delta);
}

/**
 * Moves the items `ids` names, kept in their order, to `slot`: the place before the item now at that index (the
 * list's length for its end), as a drop between two pages puts them.
 */
export function moveItems(items: readonly BoardItem[], ids: ReadonlySet<number>, slot: number): BoardItem[] {
  const othersBefore = items.slice(0, slot).filter((item) => !ids.has(item.id)).length;
  return placeItems(items, ids, othersBefore);
}

/** Puts the items `ids` names at `index` among the others (clamped to their ends). */
function placeItems(items: readonly BoardItem[], ids: ReadonlySet<number>, index: number): BoardItem[] {
  const moved = items.filter((item) => ids.has(item.id));
  const others = items.filter((item) => !ids.has(item.id));
  const at = Math.min(Math.max(index, 0), others.length);
  return [...others.slice(0, at), ...moved, ...others.slice(at)];
}

/** Turns the pages `ids` names by a quarter clockwise (`1`) or anticlockwise (`-1`); blank pages stay as they are. */
export function turnItems(
  items: readonly BoardItem[],
  ids: ReadonlySet<number>,
  quarters: 1 | -1,
): BoardItem[] {
  return items.map((item) =>
    ids.has(item.id) && !isBlank(item)
      ? { ...item, rotate: ((((item.rotate + quarters * 90) % 360) + 360) % 360) as PageTurn }
      : item,
  );
}

export function removeItems(items: readonly BoardItem[], ids: ReadonlySet<number>): BoardItem[] {
  return items.filter((item) => !ids.has(item.id));
}

/** Puts a copy of each item `ids` names right after it; the copies' ids, in order, come back too. */
export function duplicateItems(
  items: readonly BoardItem[],
  ids: ReadonlySet<number>,
  nextId: () => number,
): { items: BoardItem[]; copies: number[] } {
  const copies: number[] = [];
  const result = items.flatMap((item) => {
    if (!ids.has(item.id)) return [item];
    const copy = { ...item, id: nextId() };
    copies.push(copy.id);
    return [item, copy];
  });
  return { items: result, copies };
}

/** A blank page at `index` (0 for the start, the list's length for its end). */
export function insertBlank(items: readonly BoardItem[], index: number, blank: BoardBlank): BoardItem[] {
  const at = Math.min(Math.max(index, 0), items.length);
  return [...items.slice(0, at), blank, ...items.slice(at)];
}

/** The API's `layout` for the board's pages: each page names its file by its index among `files`. */
export function layoutOf(items: readonly BoardItem[], files: readonly File[]): LayoutItem[] {
  return items.map((item) =>
    isBlank(item)
      ? { blank: item.blank }
      : { file: files.indexOf(item.file), page: item.page, rotate: item.rotate },
  );
}

export function startHistory(items: readonly BoardItem[]): BoardHistory {
  return { past: [], present: items, future: [] };
}

/** A new arrangement: the one before can be undone to, and what was undone can no longer be redone. */
export function commitItems(history: BoardHistory, items: readonly BoardItem[]): BoardHistory {
  return { past: [...history.past, history.present].slice(-MAX_UNDO_STEPS), present: items, future: [] };
}

export function undoItems(history: BoardHistory): BoardHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redoItems(history: BoardHistory): BoardHistory {
  const next = history.future[0];
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1) };
}
