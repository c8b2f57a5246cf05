import { useEffect, useRef, type PointerEvent } from 'react';
import { BUTTON_STYLES } from '../../../components/button-styles.ts';
import { SIGNATURE_INK } from './sign-placements.ts';

/** A point of a stroke in CSS pixels of the pad, from its top-left corner. */
type Point = { readonly x: number; readonly y: number };

/** The stroke's width in CSS pixels. */
const PEN_PX = 2.5;
/** The pad's height in CSS pixels; its width is the form's. */
const PAD_HEIGHT_PX = 180;
/** The picture sent is drawn at this many pixels a CSS pixel of the pad, whatever the screen. */
const EXPORT_SCALE = 3;
/** Room left around the ink in the picture sent, in CSS pixels. */
const EXPORT_MARGIN_PX = 6;

/**
 * Draws strokes smoothed by quadratic curves through the midpoints of their points: each point is a curve's
 * control, so the line bends through the middle of each segment instead of turning sharply at every sample.
 */
function drawStrokes(context: CanvasRenderingContext2D, strokes: readonly (readonly Point[])[]) {
  context.strokeStyle = SIGNATURE_INK;
  context.fillStyle = SIGNATURE_INK;
  context.lineWidth = PEN_PX;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first] = stroke;
    if (!first) continue;
    if (stroke.length === 1) {
      context.beginPath();
      context.arc(first.x, first.y, PEN_PX / 2, 0, 2 * Math.PI);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (let index = 1; index < stroke.length - 1; index += 1) {
      const point = stroke[index] as Point;
      const next = stroke[index + 1] as Point;
      context.quadraticCurveTo(point.x, point.y, (point.x + next.x) / 2, (point.y + next.y) / 2);
    }
    const last = stroke[stroke.length - 1] as Point;
    context.lineTo(last.x, last.y);
    context.stroke();
  }
}

/**
 * The strokes as a PNG with a transparent background, cut to the ink and a small margin, drawn at
 * `EXPORT_SCALE` pixels a CSS pixel; null when nothing is drawn.
 */
async function exportStrokes(strokes: readonly (readonly Point[])[]): Promise<Blob | null> {
  const points = strokes.flat();
  if (points.length === 0) return null;
  const margin = EXPORT_MARGIN_PX + PEN_PX;
  const left = Math.min(...points.map((point) => point.x)) - margin;
  const top = Math.min(...points.map((point) => point.y)) - margin;
  const width = Math.max(...points.map((point) => point.x)) + margin - left;
  const height = Math.max(...points.map((point) => point.y)) + margin - top;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * EXPORT_SCALE);
  canvas.height = Math.ceil(height * EXPORT_SCALE);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(EXPORT_SCALE, EXPORT_SCALE);
  context.translate(-left, -top);
  drawStrokes(context, strokes);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

export type SignaturePadProps = {
  readonly label: string;
  readonly clearLabel: string;
  readonly disabled: boolean;
  /** The signature as drawn once a stroke ends (a transparent PNG), or null once cleared. */
  readonly onChange: (picture: Blob | null) => void;
};

/**
 * A pad to draw a signature on with a mouse, a finger or a pen (pointer events; the page does not scroll under a
 * stroke), with a button that clears it. Each stroke's points are kept in CSS pixels and the pad is drawn again
 * from them at the screen's resolution, so the picture sent is drawn afresh, sharp and cut to the ink.
 */
export function SignaturePad({ label, clearLabel, disabled, onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const pointerId = useRef<number | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  const redraw = () => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = globalThis.devicePixelRatio || 1;
    const width = Math.round(element.clientWidth * ratio);
    const height = Math.round(element.clientHeight * ratio);
    if (element.width !== width || element.height !== height) {
      element.width = width;
      element.height = height;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, element.clientWidth, element.clientHeight);
    drawStrokes(context, strokes.current);
  };
  useEffect(() => {
    redraw();
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    pointerId.current = event.pointerId;
    strokes.current.push([pointOf(event)]);
    redraw();
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointerId.current !== event.pointerId) return;
    const stroke = strokes.current[strokes.current.length - 1];
    if (!stroke) return;
    // Coalesced events carry the samples the browser merged into this one: a fast stroke keeps its shape.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const rect = event.currentTarget.getBoundingClientRect();
    if (samples.length > 0) {
      for (const sample of samples)
        stroke.push({ x: sample.clientX - rect.left, y: sample.clientY - rect.top });
    } else {
      stroke.push(pointOf(event));
    }
    redraw();
  };
  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointerId.current !== event.pointerId) return;
    pointerId.current = null;
    void exportStrokes(strokes.current).then((picture) => latest.current(picture));
  };
  const clear = () => {
    strokes.current = [];
    pointerId.current = null;
    redraw();
    onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        className="block w-full cursor-crosshair rounded-xl border border-slate-300 bg-white"
        style={{ height: PAD_HEIGHT_PX, touchAction: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
      <button
        type="button"
        className={`${BUTTON_STYLES.secondary} mt-2`}
        disabled={disabled}
        data-testid="signature-clear"
        onClick={clear}
      >
        {clearLabel}
      </button>
    </div>
  );
}
