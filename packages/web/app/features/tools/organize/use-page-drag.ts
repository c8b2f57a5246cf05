import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { GridLayout } from '../../../components/page-view/visible-window.ts';
import { dropSlotAt } from './drop-slot.ts';

/** How far a pointer moves before a press becomes a drag, in CSS pixels. */
const DRAG_START_PX = 6;
/** Within this distance of the grid's top or bottom edge, a drag scrolls it; faster the nearer the edge. */
const AUTO_SCROLL_EDGE_PX = 56;
const MAX_AUTO_SCROLL_PX_PER_FRAME = 18;

type Press = { pointerId: number; id: number; x: number; y: number; isDragging: boolean };

type PageDragOptions = {
  readonly box: RefObject<HTMLDivElement | null>;
  readonly list: RefObject<HTMLUListElement | null>;
  readonly layout: GridLayout;
  readonly itemCount: number;
  readonly disabled: boolean;
  readonly onDrop: (id: number, slot: number) => void;
};

/**
 * Dragging pages by pointer: a mouse drags a page from anywhere on it, a finger or pen by its handle (elsewhere a
 * finger scrolls the grid). Past a few pixels the press becomes a drag: the grid holds the pointer, so the page
 * dragged may scroll out of the DOM, and scrolls itself while the pointer is near its top or bottom edge. The slot
 * under the pointer is marked; letting go drops the page (with the others chosen, if it is chosen) there.
 */
export function usePageDrag({ box, list, layout, itemCount, disabled, onDrop }: PageDragOptions) {
  const press = useRef<Press | null>(null);
  const pointer = useRef({ x: 0, y: 0 });
  const ignoreClick = useRef(false);
  const [slot, setSlot] = useState<number | null>(null);
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const latest = useRef({ layout, itemCount, onDrop });
  latest.current = { layout, itemCount, onDrop };

  const slotUnderPointer = (): number | null => {
    const element = list.current;
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    const isRtl = getComputedStyle(element).direction === 'rtl';
    const inlinePx = isRtl ? rect.right - pointer.current.x : pointer.current.x - rect.left;
    return dropSlotAt(
      latest.current.layout,
      latest.current.itemCount,
      inlinePx,
      pointer.current.y - rect.top,
    );
  };

  // While a drag lasts, each frame scrolls the grid when the pointer is near one of its edges.
  useEffect(() => {
    if (draggedId === null) return;
    let frame = 0;
    const step = () => {
      const element = box.current;
      if (element) {
        const rect = element.getBoundingClientRect();
        const { y } = pointer.current;
        const nearTop = AUTO_SCROLL_EDGE_PX - (y - rect.top);
        const nearBottom = AUTO_SCROLL_EDGE_PX - (rect.bottom - y);
        const depth = Math.max(nearTop, nearBottom);
        if (depth > 0) {
          const speed = Math.ceil(
            (Math.min(depth, AUTO_SCROLL_EDGE_PX) / AUTO_SCROLL_EDGE_PX) * MAX_AUTO_SCROLL_PX_PER_FRAME,
          );
          const before = element.scrollTop;
          element.scrollTop += nearTop > 0 ? -speed : speed;
          if (element.scrollTop !== before) setSlot(slotUnderPointer());
        }
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
    // The slot is read from refs; the loop starts and stops with the drag.
  }, [draggedId, box]);

  const end = () => {
    press.current = null;
    setSlot(null);
    setDraggedId(null);
  };

  const onItemPointerDown = (event: ReactPointerEvent<HTMLLIElement>, id: number) => {
    if (disabled || !event.isPrimary) return;
    const isMouse = event.pointerType === 'mouse';
    if (isMouse && event.button !== 0) return;
    const isOnHandle = (event.target as Element).closest('[data-drag-handle]') !== null;
    if (!isMouse && !isOnHandle) return;
    pointer.current = { x: event.clientX, y: event.clientY };
    press.current = { pointerId: event.pointerId, id, x: event.clientX, y: event.clientY, isDragging: false };
    ignoreClick.current = false;
    // A finger on the handle drags at once (the handle does not scroll); a mouse only once it has moved.
    if (!isMouse) event.preventDefault();
  };

  const listHandlers = {
    onPointerMove: (event: ReactPointerEvent<HTMLUListElement>) => {
      const current = press.current;
      if (!current || current.pointerId !== event.pointerId) return;
      pointer.current = { x: event.clientX, y: event.clientY };
      if (!current.isDragging) {
        if (Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_START_PX) return;
        current.isDragging = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        setDraggedId(current.id);
      }
      setSlot(slotUnderPointer());
    },
    onPointerUp: (event: ReactPointerEvent<HTMLUListElement>) => {
      const current = press.current;
      if (!current || current.pointerId !== event.pointerId) return;
      if (current.isDragging) {
        pointer.current = { x: event.clientX, y: event.clientY };
        const at = slotUnderPointer();
        // The click that follows a drag is not a choice of the page.
        ignoreClick.current = true;
        if (at !== null) latest.current.onDrop(current.id, at);
      }
      end();
    },
    onPointerCancel: end,
    // The grid losing the pointer ends the drag; the handle losing it (a finger's implicit capture, taken over by
    // the grid as the drag starts) does not.
    onLostPointerCapture: (event: ReactPointerEvent<HTMLUListElement>) => {
      if (event.target !== event.currentTarget) return;
      if (press.current?.isDragging && press.current.pointerId === event.pointerId) end();
    },
  };

  return {
    slot,
    draggedId,
    isDragging: draggedId !== null,
    onItemPointerDown,
    listHandlers,
    /** Whether the click now arriving ends a drag (and so chooses nothing); asked once per click. */
    shouldIgnoreClick: () => {
      const ignore = ignoreClick.current;
      ignoreClick.current = false;
      return ignore;
    },
  };
}
