import { describe, expect, it } from 'vitest';
import {
  commitItems,
  duplicateItems,
  insertBlank,
  layoutOf,
  moveItems,
  pagesOfFiles,
  redoItems,
  removeItems,
  shiftItems,
  startHistory,
  turnItems,
  undoItems,
  type BoardItem,
} from './board-pages.ts';

const first = new File(['%PDF-1.7'], 'first.pdf');
const second = new File(['%PDF-1.7'], 'second.pdf');

function board(): { items: BoardItem[]; nextId: () => number } {
  let id = 0;
  const nextId = () => (id += 1);
  const items = pagesOfFiles(
    [
      { file: first, pageCount: 3 },
      { file: second, pageCount: 2 },
    ],
    nextId,
  );
  return { items, nextId };
}

/** The board's pages as `file:page` (files 0 and 1), blank pages as their size. */
const order = (items: readonly BoardItem[]) =>
  layoutOf(items, [first, second]).map((item) =>
    'blank' in item ? item.blank : `${item.file}:${item.page}`,
  );

describe('the organize board', () => {
  it('lays out every page of each file in order, and names files by their index', () => {
    const { items } = board();
    expect(order(items)).toEqual(['0:1', '0:2', '0:3', '1:1', '1:2']);
    expect(layoutOf(items, [second, first])[0]).toEqual({ file: 1, page: 1, rotate: 0 });
  });

  it('shifts pages by places and rows, together and in their order, within the ends', () => {
    const { items } = board();
    expect(order(shiftItems(items, new Set([1]), 1))).toEqual(['0:2', '0:1', '0:3', '1:1', '1:2']);
    expect(order(shiftItems(items, new Set([2, 4]), 2))).toEqual(['0:1', '0:3', '1:2', '0:2', '1:1']);
    expect(order(shiftItems(items, new Set([5]), -9))).toEqual(['1:2', '0:1', '0:2', '0:3', '1:1']);
    expect(order(shiftItems(items, new Set([1]), 9))).toEqual(['0:2', '0:3', '1:1', '1:2', '0:1']);
  });

  it('drops pages between two others, whichever side they came from', () => {
    const { items } = board();
    expect(order(moveItems(items, new Set([1]), 3))).toEqual(['0:2', '0:3', '0:1', '1:1', '1:2']);
    expect(order(moveItems(items, new Set([5]), 0))).toEqual(['1:2', '0:1', '0:2', '0:3', '1:1']);
    expect(order(moveItems(items, new Set([1, 3]), 5))).toEqual(['0:2', '1:1', '1:2', '0:1', '0:3']);
    expect(order(moveItems(items, new Set([2]), 2))).toEqual(order(items));
  });

  it('turns pages both ways, removes them, copies them after themselves, and adds blank pages', () => {
    const { items, nextId } = board();
    const turned = turnItems(turnItems(items, new Set([1, 2]), -1), new Set([2]), 1);
    expect(layoutOf(turned, [first, second]).slice(0, 2)).toEqual([
      { file: 0, page: 1, rotate: 270 },
      { file: 0, page: 2, rotate: 0 },
    ]);
    expect(order(removeItems(items, new Set([2, 3])))).toEqual(['0:1', '1:1', '1:2']);
    const copied = duplicateItems(items, new Set([1, 4]), nextId);
    expect(order(copied.items)).toEqual(['0:1', '0:1', '0:2', '0:3', '1:1', '1:1', '1:2']);
    expect(new Set(copied.items.map((item) => item.id)).size).toBe(7);
    expect(order(insertBlank(items, 1, { id: nextId(), blank: 'letter' }))).toEqual([
      '0:1',
      'letter',
      '0:2',
      '0:3',
      '1:1',
      '1:2',
    ]);
  });

  it('undoes and redoes, and a new change forgets what was undone', () => {
    const { items } = board();
    const once = commitItems(startHistory(items), removeItems(items, new Set([1])));
    const twice = commitItems(once, removeItems(once.present, new Set([2])));
    const undone = undoItems(undoItems(twice));
    expect(undone.present).toBe(items);
    expect(undoItems(undone)).toBe(undone);
    expect(redoItems(undone).present).toBe(once.present);
    expect(commitItems(undoItems(twice), []).future).toEqual([]);
  });
});
