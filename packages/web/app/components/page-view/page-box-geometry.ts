import type { PageBox } from '@quire/shared';

/**
 * A box the page boxes editor holds: a `PageBox` (its page from 1; left, top, width and height as fractions of the
 * page seen upright, from its top-left corner, as the API's `areas` and `placements` take them), an id of the
 * caller's that stays the same while it is moved, and optionally a picture to show inside it (a signature: a URL
 * the page may load, such as an object URL), whose proportions resizing keeps when `keepsAspect` is set.
 */
export type EditorBox = PageBox & {
  readonly id: string;
  readonly picture?: string;
  readonly keepsAspect?: boolean;
};

/** A point of the page as fractions of its width and height, from its top-left corner. */
export type PagePoint = { readonly x: number; readonly y: number };

/** The corner a resize handle holds. */
export type BoxCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** The smallest box the editor makes or leaves, on each side: a press without a drag draws nothing. */
export const MIN_BOX_FRACTION = 0.01;

/** How far an arrow key moves or resizes a box, as a fraction of the page. */
export const KEY_STEP_FRACTION = 0.01;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A point of the page, held inside it. */
export function pointIn(x: number, y: number): PagePoint {
  return { x: clamp(x, 0, 1), y: clamp(y, 0, 1) };
}

/** The box drawn by a drag from `from` to `to`, whichever way it went; null when it is too small to be meant. */
export function boxFromDrag(page: number, from: PagePoint, to: PagePoint): PageBox | null {
  const x = Math.min(from.x, to.x);
  const y = Math.min(from.y, to.y);
  const width = Math.abs(to.x - from.x);
  const height = Math.abs(to.y - from.y);
  if (width < MIN_BOX_FRACTION || height < MIN_BOX_FRACTION) return null;
  return { page, x, y, width, height };
}

/** A box moved by `dx`, `dy`, kept whole on its page. */
export function moveBox<B extends PageBox>(box: B, dx: number, dy: number): B {
  return {
    ...box,
    x: clamp(box.x + dx, 0, 1 - box.width),
    y: clamp(box.y + dy, 0, 1 - box.height),
  };
}

/**
 * A box whose `corner` is dragged to `point` while the opposite corner stays, never smaller than
 * `MIN_BOX_FRACTION` nor past the page; with `keepsAspect` its width and height keep their proportion (the width
 * follows the drag, the height the width).
 */
export function resizeBox<B extends PageBox & { readonly keepsAspect?: boolean }>(
  box: B,
  corner: BoxCorner,
  point: PagePoint,
): B {
  const isLeft = corner === 'top-left' || corner === 'bottom-left';
  const isTop = corner === 'top-left' || corner === 'top-right';
  const fixedX = isLeft ? box.x + box.width : box.x;
  const fixedY = isTop ? box.y + box.height : box.y;
  let width = Math.max(MIN_BOX_FRACTION, isLeft ? fixedX - point.x : point.x - fixedX);
  let height = Math.max(MIN_BOX_FRACTION, isTop ? fixedY - point.y : point.y - fixedY);
  width = Math.min(width, isLeft ? fixedX : 1 - fixedX);
  height = Math.min(height, isTop ? fixedY : 1 - fixedY);
  if (box.keepsAspect && box.width > 0 && box.height > 0) {
    const ratio = box.height / box.width;
    const room = isTop ? fixedY : 1 - fixedY;
    width = Math.min(width, room / ratio);
    height = width * ratio;
  }
  return {
    ...box,
    x: isLeft ? fixedX - width : fixedX,
    y: isTop ? fixedY - height : fixedY,
    width,
    height,
  };
}

/**
 * A box after an arrow key: moved by `KEY_STEP_FRACTION`, or with `isResize` (Shift) grown or shrunk from its
 * bottom-right corner (right and down grow it). Null for a key that is not an arrow.
 */
export function nudgeBox<B extends PageBox & { readonly keepsAspect?: boolean }>(
  box: B,
  key: string,
  isResize: boolean,
): B | null {
  const steps: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const step = steps[key];
  if (!step) return null;
  const [dx, dy] = [step[0] * KEY_STEP_FRACTION, step[1] * KEY_STEP_FRACTION];
  if (!isResize) return moveBox(box, dx, dy);
  const corner = { x: box.x + box.width + dx, y: box.y + box.height + dy };
  // With its proportion kept, a vertical arrow resizes it as a horizontal one would.
  const aspectCorner = box.keepsAspect ? { x: box.x + box.width + dx + dy, y: corner.y } : corner;
  return resizeBox(box, 'bottom-right', aspectCorner);
}
