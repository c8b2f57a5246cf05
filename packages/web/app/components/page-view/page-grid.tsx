import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { PageRenderer } from './page-renderer.ts';
import { PageThumbnail, type PressedMark } from './page-thumbnail.tsx';
import type { PageFacts, PageFrame } from './renderer-messages.ts';
import { CUT_EDGE_PX, GAP_PX, layoutGrid, visiblePages } from './visible-window.ts';

/** Thumbnails are drawn this many device pixels on their longest side (at most two device pixels a CSS pixel). */
const THUMBNAIL_CSS_PX = 160;
/** Drawn pages kept beyond the ones in the DOM, on each side; those farther away are let go. */
const KEEP_DRAWN_PAGES = 48;

export type PageGridProps = {
  readonly pageCount: number;
  readonly renderer: PageRenderer;
  readonly labelOf: (page: number) => string;
  readonly enlargeLabelOf: (page: number) => string;
  readonly isPressed?: (page: number) => boolean;
  readonly degreesOf?: (page: number) => number;
  /** A frame to draw over a page, from what its drawing told of it; null for none. */
  readonly frameOf?: (page: number, facts: PageFacts) => PageFrame | null;
  readonly pressedMark?: PressedMark;
  readonly onToggle?: (page: number, isRun: boolean) => void;
  readonly onEnlarge: (page: number) => void;
  /** The places between pages where a document may be cut (Split): whether it is cut after a page, and the toggle. */
  readonly cuts?: {
    readonly isCutAfter: (page: number) => boolean;
    readonly labelOf: (page: number) => string;
    readonly onToggle: (page: number) => void;
  };
};

/**
 * The pages of a document in a scrolling grid that holds only the rows near its view: a thumbnail is drawn when
 * its row comes near, its drawing is called off when the row leaves first, and drawn pages far from view are let go.
 */
export function PageGrid(props: PageGridProps) {
  const {
    pageCount,
    renderer,
    labelOf,
    enlargeLabelOf,
    isPressed,
    degreesOf,
    frameOf,
    pressedMark,
    onToggle,
    onEnlarge,
  } = props;
  const { cuts } = props;
  // The toggle after the last page of a row lies beyond the row: room is kept for it at both ends.
  const edgePx = cuts ? CUT_EDGE_PX : 0;
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollPx, setScrollPx] = useState(0);
  const drawn = useRef(new Map<number, ImageBitmap>());
  const asked = useRef(new Set<number>());
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

  const layout = layoutGrid(Math.max(0, size.width - 2 * edgePx), pageCount);
  const { first, last } =
    size.width > 0 ? visiblePages(layout, pageCount, scrollPx, size.height) : { first: 1, last: 0 };

  useEffect(() => {
    for (let page = first; page <= last; page += 1) {
      if (drawn.current.has(page) || asked.current.has(page)) continue;
      asked.current.add(page);
      void renderer.draw(page, sizePx).then((bitmap) => {
        if (!asked.current.delete(page)) {
          bitmap?.close();
          return;
        }
        if (bitmap) {
          drawn.current.set(page, bitmap);
          redraw();
        }
      });
    }
    for (const page of [...asked.current]) {
      if (page >= first && page <= last) continue;
      asked.current.delete(page);
      renderer.cancel(page, sizePx);
    }
    for (const [page, bitmap] of drawn.current) {
      if (page >= first - KEEP_DRAWN_PAGES && page <= last + KEEP_DRAWN_PAGES) continue;
      bitmap.close();
      drawn.current.delete(page);
    }
  }, [first, last, renderer, sizePx]);

  useEffect(() => {
    const bitmaps = drawn.current;
    const pending = asked.current;
    return () => {
      for (const bitmap of bitmaps.values()) bitmap.close();
      bitmaps.clear();
      pending.clear();
    };
  }, [renderer]);

  const items = [];
  for (let page = first; page <= last; page += 1) {
    const index = page - 1;
    const row = Math.floor(index / layout.columns);
    const column = index % layout.columns;
    const facts = renderer.factsOf(page);
    items.push(
      <PageThumbnail
        key={page}
        page={page}
        pageCount={pageCount}
        bitmap={drawn.current.get(page)}
        label={labelOf(page)}
        enlargeLabel={enlargeLabelOf(page)}
        isPressed={isPressed?.(page)}
        degrees={degreesOf?.(page) ?? 0}
        frame={facts && frameOf ? frameOf(page, facts) : null}
        mark={pressedMark}
        cutAfter={
          cuts && page < pageCount
            ? { isCut: cuts.isCutAfter(page), label: cuts.labelOf(page), onToggle: () => cuts.onToggle(page) }
            : undefined
        }
        style={{
          top: row * layout.rowPx,
          insetInlineStart: edgePx + column * (layout.cellPx + GAP_PX),
          width: layout.cellPx,
        }}
        onToggle={onToggle && ((isRun) => onToggle(page, isRun))}
        onEnlarge={() => onEnlarge(page)}
      />,
    );
  }

  return (
    <div
      ref={box}
      className="mt-3 max-h-[32rem] overflow-y-auto overscroll-contain"
      data-testid="page-grid"
      onScroll={(event) => setScrollPx(event.currentTarget.scrollTop)}
    >
      <ul className="relative" style={{ height: layout.rows * layout.rowPx }}>
        {items}
      </ul>
    </div>
  );
}
