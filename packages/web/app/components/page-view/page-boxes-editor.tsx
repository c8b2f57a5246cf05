import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import type { PageBox } from '@quire/shared';
import { CloseIcon } from '../icons.tsx';
import {
  boxFromDrag,
  moveBox,
  nudgeBox,
  pointIn,
  resizeBox,
  type BoxCorner,
  type EditorBox,
  type PagePoint,
} from './page-box-geometry.ts';

export type { BoxCorner, EditorBox, PagePoint } from './page-box-geometry.ts';

/** A box shown on the page that the visitor does not edit (Redact PDF's matches), on or off (ticked or not). */
export type PageMark = PageBox & { readonly id: string; readonly isOn: boolean };

/** The editor's words, in the page's language. */
export type PageBoxesEditorWords = {
  /** The page's name, saying that a drag draws a box on it. */
  readonly surfaceLabel: (page: number) => string;
  /** A box's name; `number` counts the boxes of every page from 1, in their order. */
  readonly boxLabel: (number: number, page: number) => string;
  /** How the keyboard moves, resizes and removes a focused box. */
  readonly keyboardHint: string;
  readonly remove: (number: number) => string;
};

export type PageBoxesEditorProps = {
  /** The page shown, from 1. */
  readonly page: number;
  /** The page's width over its height, as seen. */
  readonly aspectRatio: number;
  /** The page's picture, which fills the editor (a canvas of the drawn page). */
  readonly children: ReactNode;
  /** Every box of the document, in order; those of `page` are shown. */
  readonly boxes: readonly EditorBox[];
  /** The whole list again after a box is drawn, moved, resized or removed. */
  readonly onChange: (boxes: readonly EditorBox[]) => void;
  /**
   * Makes the box a press-and-drag has drawn (its id, a picture to show in it); null refuses it. Without it the
   * visitor moves and resizes boxes but does not draw new ones.
   */
  readonly onDraw?: (box: PageBox) => EditorBox | null;
  /** Boxes shown on the page and not edited; those of `page` are shown. */
  readonly marks?: readonly PageMark[];
  readonly words: PageBoxesEditorWords;
  readonly disabled?: boolean;
  /** The largest height of the page on screen, as a CSS length (its width follows its proportions). */
  readonly maxHeight?: string;
};

type Drag =
  | { readonly kind: 'draw'; readonly pointerId: number; readonly from: PagePoint }
  | {
      readonly kind: 'move';
      readonly pointerId: number;
      readonly from: PagePoint;
      readonly start: EditorBox;
    }
  | {
      readonly kind: 'resize';
      readonly pointerId: number;
      readonly corner: BoxCorner;
      readonly start: EditorBox;
    };

const CORNERS: readonly BoxCorner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

const CORNER_PLACES: Record<BoxCorner, string> = {
  'top-left': 'left-0 top-0 -translate-x-1/2 -translate-y-1/2 cursor-nwse-resize',
  'top-right': 'right-0 top-0 translate-x-1/2 -translate-y-1/2 cursor-nesw-resize',
  'bottom-left': 'left-0 bottom-0 -translate-x-1/2 translate-y-1/2 cursor-nesw-resize',
  'bottom-right': 'right-0 bottom-0 translate-x-1/2 translate-y-1/2 cursor-nwse-resize',
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;
const placeOf = (box: PageBox) => ({
  left: percent(box.x),
  top: percent(box.y),
  width: percent(box.width),
  height: percent(box.height),
});

/**
 * Boxes on one page of a PDF, drawn, moved, resized and removed by the visitor: by pointer and touch (press and
 * drag on the page draws a box; a box is moved by dragging it and resized by its corners' handles), and by
 * keyboard (a focused box moves with the arrow keys and is resized with Shift and the arrow keys; Delete or
 * Backspace removes it, as does its remove button). Every position is a fraction of the page seen upright, from its
 * top-left corner (`PageBox`, the API's coordinates), whatever the page's direction or size on screen. Shared by
 * the tools that place things on pages: Redact PDF's areas, Sign PDF's signatures (a box's `picture`).
 */
export function PageBoxesEditor(props: PageBoxesEditorProps) {
  const { page, aspectRatio, children, boxes, onChange, onDraw, marks = [], words, disabled = false } = props;
  const { maxHeight = '75vh' } = props;
  const surface = useRef<HTMLDivElement>(null);
  const boxElements = useRef(new Map<string, HTMLElement>());
  const drag = useRef<Drag | null>(null);
  const [draft, setDraft] = useState<PageBox | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const hintId = useId();

  useEffect(() => {
    if (focusId === null) return;
    boxElements.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const pointOf = (event: PointerEvent): PagePoint => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
    return pointIn((event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height);
  };
  const replace = (changed: EditorBox) =>
    onChange(boxes.map((box) => (box.id === changed.id ? changed : box)));
  const remove = (id: string) => {
    onChange(boxes.filter((box) => box.id !== id));
    if (selectedId === id) setSelectedId(null);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const target = event.target as Element;
    if (target.closest('[data-box-remove]')) return;
    const handle = target.closest<HTMLElement>('[data-corner]');
    const boxElement = target.closest<HTMLElement>('[data-box-id]');
    const box = boxElement && boxes.find((each) => each.id === boxElement.dataset.boxId);
    const from = pointOf(event);
    const { pointerId } = event;
    if (box) {
      const corner = handle?.dataset.corner as BoxCorner | undefined;
      drag.current = corner
        ? { kind: 'resize', pointerId, corner, start: box }
        : { kind: 'move', pointerId, from, start: box };
      setSelectedId(box.id);
      boxElements.current.get(box.id)?.focus();
    } else if (onDraw) {
      drag.current = { kind: 'draw', pointerId, from };
      setSelectedId(null);
    } else {
      return;
    }
    // The page neither scrolls nor selects text under the drag, and the drag goes on outside it.
    event.preventDefault();
    surface.current?.setPointerCapture(pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const point = pointOf(event);
    if (current.kind === 'draw') setDraft(boxFromDrag(page, current.from, point));
    else if (current.kind === 'move') {
      replace(moveBox(current.start, point.x - current.from.x, point.y - current.from.y));
    } else replace(resizeBox(current.start, current.corner, point));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDraft(null);
    if (current.kind !== 'draw' || event.type === 'pointercancel') return;
    const drawn = boxFromDrag(page, current.from, pointOf(event));
    const made = drawn && onDraw?.(drawn);
    if (!made) return;
    onChange([...boxes, made]);
    setSelectedId(made.id);
    setFocusId(made.id);
  };

  return (
    <div
      ref={surface}
      role="group"
      aria-label={words.surfaceLabel(page)}
      // Focus lands here when its box is removed by keyboard.
      tabIndex={-1}
      data-testid="page-boxes-editor"
      data-page={page}
      // Positions are the page's, from its top-left corner, in every language.
      dir="ltr"
      className={`relative mx-auto select-none focus:outline-none ${onDraw && !disabled ? 'cursor-crosshair' : ''}`}
      style={{ aspectRatio, width: `min(100%, calc(${maxHeight} * ${aspectRatio}))`, touchAction: 'none' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="absolute inset-0">{children}</div>
      <p id={hintId} hidden>
        {words.keyboardHint}
      </p>
      {marks
        .filter((mark) => mark.page === page)
        .map((mark) => (
          <span
            key={mark.id}
            aria-hidden="true"
            data-testid="page-mark-box"
            data-mark-id={mark.id}
            data-on={mark.isOn ? 'true' : 'false'}
            className={`pointer-events-none absolute ${
              mark.isOn ? 'bg-amber-300/50 ring-2 ring-amber-500' : 'border border-dashed border-slate-500'
            }`}
            style={placeOf(mark)}
          />
        ))}
      {boxes.map((box, index) => {
        if (box.page !== page) return null;
        const isSelected = selectedId === box.id;
        const number = index + 1;
        return (
          <div
            key={box.id}
            data-box-id={box.id}
            className="absolute"
            style={placeOf(box)}
            data-testid="page-box"
            data-box={[box.x, box.y, box.width, box.height].map((side) => side.toFixed(4)).join(' ')}
          >
            <div
              ref={(element) => {
                if (element) boxElements.current.set(box.id, element);
                else boxElements.current.delete(box.id);
              }}
              role="button"
              tabIndex={disabled ? -1 : 0}
              aria-label={words.boxLabel(number, page)}
              aria-describedby={hintId}
              aria-disabled={disabled || undefined}
              onFocus={() => setSelectedId(box.id)}
              onKeyDown={(event) => {
                if (disabled) return;
                if (event.key === 'Delete' || event.key === 'Backspace') {
                  event.preventDefault();
                  remove(box.id);
                  surface.current?.focus();
                  return;
                }
                const moved = nudgeBox(box, event.key, event.shiftKey);
                if (!moved) return;
                event.preventDefault();
                replace(moved);
              }}
              className={`size-full cursor-move border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                box.picture ? 'border-blue-600/70' : 'border-blue-700 bg-blue-600/25'
              }`}
            >
              {box.picture && (
                <img
                  src={box.picture}
                  alt=""
                  draggable={false}
                  className="pointer-events-none size-full object-contain"
                />
              )}
            </div>
            {isSelected &&
              !disabled &&
              CORNERS.map((corner) => (
                <span
                  key={corner}
                  aria-hidden="true"
                  data-corner={corner}
                  className={`absolute flex size-6 items-center justify-center ${CORNER_PLACES[corner]}`}
                >
                  <span className="size-3 rounded-sm border border-white bg-blue-700 shadow" />
                </span>
              ))}
            {isSelected && !disabled && (
              <button
                type="button"
                data-box-remove
                data-testid="page-box-remove"
                aria-label={words.remove(number)}
                onClick={() => remove(box.id)}
                className={`absolute right-0 rounded-full bg-white p-1 text-slate-800 shadow ring-1 ring-slate-300 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600 ${
                  box.y < 0.08 ? 'top-full mt-3' : 'bottom-full mb-3'
                }`}
              >
                <CloseIcon className="size-4" />
              </button>
            )}
          </div>
        );
      })}
      {draft && (
        <span
          aria-hidden="true"
          data-testid="page-box-draft"
          className="pointer-events-none absolute border-2 border-dashed border-blue-700 bg-blue-600/15"
          style={placeOf(draft)}
        />
      )}
    </div>
  );
}
