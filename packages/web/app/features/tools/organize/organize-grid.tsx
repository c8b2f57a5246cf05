import { useEffect, useLayoutEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { PageDocument } from '../../../components/page-view/use-page-document.ts';
import { GAP_PX, layoutGrid, visiblePages } from '../../../components/page-view/visible-window.ts';
import type { BoardItem } from './board-pages.ts';
import { isBlank } from './board-pages.ts';
import { OrganizeThumbnail } from './organize-thumbnail.tsx';
import { slotMark } from './drop-slot.ts';
import { usePageDrag } from './use-page-drag.ts';

/** Thumbnails are drawn this many device pixels on their longest side (at most two device pixels a CSS pixel). */
const THUMBNAIL_CSS_PX = 160;
/** Room around the pages inside the scroll box, so that a chosen page's ring at an edge is not cut. */
const INSET_PX = 4;
/** Drawn pages kept beyond the ones in the DOM, on each side; those farther away are let go. */
const KEEP_DRAWN_PAGES = 48;

/** A page's drawing: where it is kept (its renderer's number and page), and how it is asked for or called off. */
type DrawnPage = {
  readonly key: string;
  readonly draw: () => Promise<ImageBitmap | null>;
  readonly cancel: () => void;
};

/** What a key does on the board, to the chosen pages or, with none chosen, to the page with focus. */
export type BoardKeyAction =
  | { readonly type: 'shift'; readonly delta: number }
  | { readonly type: 'remove' }
  | { readonly type: 'turn'; readonly quarters: 1 | -1 }
  | { readonly type: 'select'; readonly isRun: boolean };

export type OrganizeGridProps = {
  readonly items: readonly BoardItem[];
  readonly files: readonly File[];
  readonly documents: ReadonlyMap<File, PageDocument>;
  readonly selected: ReadonlySet<number>;
  readonly focusId: number | null;
  readonly label: string;
  /** The id of the words that tell how the board is worked by keys. */
  readonly descriptionId: string;
  readonly labelOf: (item: BoardItem) => string;
  readonly blankCaptionOf: (item: BoardItem) => string;
  readonly disabled: boolean;
  readonly onFocusChange: (id: number) => void;
  /** A click: the page alone (`only`), added or taken out (`toggle`: Ctrl/⌘, or a tap), or a run (Shift). */
  readonly onPointerSelect: (id: number, mode: 'only' | 'toggle' | 'run') => void;
  readonly onKeyAction: (id: number, action: BoardKeyAction) => void;
  /** Pages dropped at a slot (the index of the page they land before). */
  readonly onDrop: (id: number, slot: number) => void;
};

/**
 * The board's pages in one scrolling grid that holds only the rows near its view (and the page with focus): a
 * listbox of several choices whose options are dragged into order by mouse or by their handle, or moved by keys.
 * The grid runs in the page's direction, so it is mirrored in right-to-left languages, and so are the arrow keys.
 */
export function OrganizeGrid(props: OrganizeGridProps) {
  const { items, files, documents, selected, focusId, labelOf, blankCaptionOf, disabled } = props;
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollPx, setScrollPx] = useState(0);
  const drawn = useRef(new Map<string, ImageBitmap>());
  const asked = useRef(new Map<string, () => void>());
  const [rendererNumbers] = useState(() => new WeakMap<object, number>());
  const rendererCount = useRef(0);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const [sizePx] = useState(() =>
    Math.round(THUMBNAIL_CSS_PX * Math.min(globalThis.devicePixelRatio || 1, 2)),
  );

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const layout = layoutGrid(Math.max(0, size.width - 2 * INSET_PX), items.length);
  const { first, last } =
    size.width > 0 ? visiblePages(layout, items.length, scrollPx, size.height) : { first: 1, last: 0 };
  const drag = usePageDrag({ box, list, layout, itemCount: items.length, disabled, onDrop: props.onDrop });

  /** Where a page's drawing is kept: its renderer (a file opened again with its password is a new one) and page. */
  const keyOf = (item: BoardItem): DrawnPage | null => {
    if (isBlank(item)) return null;
    const document = documents.get(item.file);
    if (document?.status !== 'open') return null;
    const { renderer } = document;
    let number = rendererNumbers.get(renderer);
    if (number === undefined) {
      number = rendererCount.current;
      rendererCount.current += 1;
      rendererNumbers.set(renderer, number);
    }
    const { page } = item;
    return {
      key: `${number}:${page}`,
      draw: () => renderer.draw(page, sizePx),
      cancel: () => renderer.cancel(page, sizePx),
    };
  };

  const wanted = new Map<string, DrawnPage>();
  const kept = new Set<string>();
  items.forEach((item, index) => {
    const page = index + 1;
    if (page < first - KEEP_DRAWN_PAGES || page > last + KEEP_DRAWN_PAGES) return;
    const found = keyOf(item);
    if (!found) return;
    kept.add(found.key);
    if (page >= first && page <= last) wanted.set(found.key, found);
  });
  const wantedKeys = [...wanted.keys()].join(',');
  const keptKeys = [...kept].join(',');

  useEffect(() => {
    for (const [key, { draw, cancel }] of wanted) {
      if (drawn.current.has(key) || asked.current.has(key)) continue;
      let isWanted = true;
      asked.current.set(key, () => {
        isWanted = false;
        cancel();
      });
      void draw().then((bitmap) => {
        if (!isWanted) return bitmap?.close();
        asked.current.delete(key);
        if (bitmap) {
          drawn.current.set(key, bitmap);
          redraw();
        }
      });
    }
    for (const [key, forget] of [...asked.current]) {
      if (wanted.has(key)) continue;
      forget();
      asked.current.delete(key);
    }
    for (const [key, bitmap] of [...drawn.current]) {
      if (kept.has(key)) continue;
      bitmap.close();
      drawn.current.delete(key);
    }
    // The keys stand for the maps, which are new at every render.
  }, [wantedKeys, keptKeys]);

  useEffect(() => {
    const bitmaps = drawn.current;
    const pending = asked.current;
    return () => {
      for (const bitmap of bitmaps.values()) bitmap.close();
      for (const forget of pending.values()) forget();
      bitmaps.clear();
      pending.clear();
    };
  }, []);

  // Focus follows the keys: the key's change is committed at once, then the page holding the list's tab stop (always
  // in the list, below) takes focus, which scrolls it in. An effect waiting for the next commit could run for an
  // earlier one still pending (a picture drawn, the router's routes put back) and focus the page the key left.
  const focusAfter = (change: () => void) => {
    flushSync(change);
    list.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
  };

  const focusIndex = Math.max(
    0,
    items.findIndex((item) => item.id === focusId),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const item = items[index];
    if (!item) return;
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = isRtl ? -1 : 1;
    const steps: Record<string, number> = {
      ArrowRight: forward,
      ArrowLeft: -forward,
      ArrowDown: layout.columns,
      ArrowUp: -layout.columns,
    };
    const step = steps[event.key];
    if (step !== undefined && event.altKey) {
      event.preventDefault();
      focusAfter(() => {
        if (!disabled) props.onKeyAction(item.id, { type: 'shift', delta: step });
      });
      return;
    }
    const target =
      step !== undefined
        ? Math.min(Math.max(index + step, 0), items.length - 1)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? items.length - 1
            : null;
    if (target !== null && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const next = items[target];
      if (next) focusAfter(() => props.onFocusChange(next.id));
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || disabled) return;
    const action: BoardKeyAction | null =
      event.key === 'Delete' || event.key === 'Backspace'
        ? { type: 'remove' }
        : event.key === 'r' || event.key === 'R'
          ? { type: 'turn', quarters: event.shiftKey ? -1 : 1 }
          : event.key === ' ' || event.key === 'Enter'
            ? { type: 'select', isRun: event.shiftKey }
            : null;
    if (!action) return;
    event.preventDefault();
    if (event.repeat && action.type === 'select') return;
    if (action.type === 'remove') focusAfter(() => props.onKeyAction(item.id, action));
    else props.onKeyAction(item.id, action);
  };

  const shown = new Set<number>();
  for (let index = first - 1; index < last; index += 1) shown.add(index);
  if (items.length > 0) shown.add(focusIndex);
  const fileNumberOf = (file: File) => (files.length > 1 ? files.indexOf(file) + 1 : null);
  const mark = drag.slot === null ? null : slotMark(layout, drag.slot);

  return (
    <div
      ref={box}
      className="mt-3 max-h-[32rem] overflow-y-auto overscroll-contain select-none"
      data-testid="organize-grid"
      data-columns={layout.columns}
      onScroll={(event) => setScrollPx(event.currentTarget.scrollTop)}
    >
      <div className="relative" style={{ height: layout.rows * layout.rowPx, margin: INSET_PX }}>
        <ul
          ref={list}
          role="listbox"
          aria-multiselectable="true"
          aria-label={props.label}
          aria-describedby={props.descriptionId}
          className="absolute inset-0"
          {...drag.listHandlers}
        >
          {[...shown]
            .sort((a, b) => a - b)
            .map((index) => {
              const item = items[index];
              if (!item) return null;
              const row = Math.floor(index / layout.columns);
              const column = index % layout.columns;
              const found = keyOf(item);
              return (
                <OrganizeThumbnail
                  key={item.id}
                  item={item}
                  position={index + 1}
                  itemCount={items.length}
                  fileNumber={isBlank(item) ? null : fileNumberOf(item.file)}
                  bitmap={found ? drawn.current.get(found.key) : undefined}
                  label={labelOf(item)}
                  blankCaption={blankCaptionOf(item)}
                  isSelected={selected.has(item.id)}
                  isFocusTarget={index === focusIndex}
                  isDragged={
                    drag.isDragging &&
                    (drag.draggedId === item.id ||
                      (selected.has(item.id) && selected.has(drag.draggedId ?? -1)))
                  }
                  style={{
                    top: row * layout.rowPx,
                    insetInlineStart: column * (layout.cellPx + GAP_PX),
                    width: layout.cellPx,
                  }}
                  onPointerDown={(event) => drag.onItemPointerDown(event, item.id)}
                  onClick={(event) => {
                    if (drag.shouldIgnoreClick() || disabled) return;
                    const isTap = (event.nativeEvent as PointerEvent).pointerType === 'touch';
                    props.onPointerSelect(
                      item.id,
                      event.shiftKey ? 'run' : event.ctrlKey || event.metaKey || isTap ? 'toggle' : 'only',
                    );
                  }}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  onFocus={() => {
                    if (item.id !== focusId) props.onFocusChange(item.id);
                  }}
                />
              );
            })}
        </ul>
        {mark && (
          <div
            aria-hidden="true"
            data-testid="organize-drop-mark"
            className="pointer-events-none absolute w-1 rounded bg-blue-600"
            style={{ top: mark.topPx, insetInlineStart: mark.inlinePx - 2, height: layout.cellPx }}
          />
        )}
      </div>
    </div>
  );
}
