import { useEffect, useRef, type CSSProperties } from 'react';
import { CheckIcon, CloseIcon, ScissorsIcon, SearchIcon } from '../icons.tsx';
import type { PageFrame } from './renderer-messages.ts';
import { CUT_MARKER_PX, GAP_PX } from './visible-window.ts';

/** How a chosen page is marked besides its ring: a tick (kept, Extract pages) or a cross (taken out, Remove pages). */
export type PressedMark = 'check' | 'cross';

/** The place after a page where Split may cut the document: a toggle button in the gap after the thumbnail. */
export type CutAfter = {
  readonly isCut: boolean;
  readonly label: string;
  readonly onToggle: () => void;
};

type PageThumbnailProps = {
  readonly page: number;
  readonly pageCount: number;
  readonly bitmap: ImageBitmap | undefined;
  readonly label: string;
  readonly enlargeLabel: string;
  /** Whether the page is chosen (a toggle button); undefined when pages cannot be chosen. */
  readonly isPressed: boolean | undefined;
  /** Clockwise turn to show, in degrees. */
  readonly degrees: number;
  /** A frame drawn over the page (Crop PDF: what it keeps), as fractions from each side; null for none. */
  readonly frame?: PageFrame | null;
  readonly mark: PressedMark | undefined;
  readonly cutAfter: CutAfter | undefined;
  readonly style: CSSProperties;
  /** Chooses the page, or (`isRun`, a Shift-click or Shift with Space or Enter) every page since the last chosen. */
  readonly onToggle: ((isRun: boolean) => void) | undefined;
  readonly onEnlarge: () => void;
};

/** What lies outside a frame is veiled, and the frame drawn in the site's blue. */
const VEIL_COLOUR = 'rgba(15, 23, 42, 0.45)';
const FRAME_COLOUR = '#2563eb';

/** Veils what lies outside `frame` on a drawn page and outlines it. */
function drawFrame(context: CanvasRenderingContext2D, frame: PageFrame, width: number, height: number): void {
  const x0 = frame.left * width;
  const y0 = frame.top * height;
  const x1 = width - frame.right * width;
  const y1 = height - frame.bottom * height;
  context.fillStyle = VEIL_COLOUR;
  context.fillRect(0, 0, width, y0);
  context.fillRect(0, y1, width, height - y1);
  context.fillRect(0, y0, x0, y1 - y0);
  context.fillRect(x1, y0, width - x1, y1 - y0);
  context.strokeStyle = FRAME_COLOUR;
  context.lineWidth = Math.max(1, Math.round(width / 160));
  context.strokeRect(x0, y0, x1 - x0, y1 - y0);
}

/** Copies a drawn page onto a canvas, with a frame over it if given; the bitmap stays the grid's (it may be shown again). */
export function BitmapCanvas(props: { bitmap: ImageBitmap; className: string; frame?: PageFrame | null }) {
  const { bitmap, className, frame } = props;
  const ref = useRef<HTMLCanvasElement>(null);
  const { top, right, bottom, left } = frame ?? { top: -1, right: -1, bottom: -1, left: -1 };
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    context?.drawImage(bitmap, 0, 0);
    if (context && top >= 0) drawFrame(context, { top, right, bottom, left }, bitmap.width, bitmap.height);
  }, [bitmap, top, right, bottom, left]);
  return <canvas ref={ref} aria-hidden="true" className={className} />;
}

/** One page of the grid: its picture in a square frame (a turned page still fits), its number and a zoom button. */
export function PageThumbnail(props: PageThumbnailProps) {
  const { page, pageCount, bitmap, label, enlargeLabel, isPressed, degrees, frame, mark, cutAfter, style } =
    props;
  const { onToggle, onEnlarge } = props;
  const isMarked = isPressed === true && mark !== undefined;
  const picture = (
    <span
      className={`flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-white p-1 shadow-sm ${
        isPressed ? 'ring-2 ring-blue-600' : 'ring-1 ring-slate-200'
      }`}
    >
      {bitmap ? (
        <BitmapCanvas
          bitmap={bitmap}
          frame={frame}
          className={`max-h-full max-w-full border border-slate-200 transition-transform duration-300 motion-reduce:transition-none ${
            isMarked && mark === 'cross' ? 'opacity-40' : ''
          }`}
        />
      ) : (
        <span className="size-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      )}
    </span>
  );
  return (
    <li
      style={style}
      aria-setsize={pageCount}
      aria-posinset={page}
      className="absolute flex flex-col items-center gap-1"
      data-testid="page-thumbnail"
      data-page={page}
      data-drawn={bitmap ? 'true' : 'false'}
      data-degrees={degrees}
      data-frame={
        frame
          ? [frame.top, frame.right, frame.bottom, frame.left].map((side) => side.toFixed(3)).join(' ')
          : undefined
      }
    >
      <span className="relative w-full">
        {onToggle ? (
          <button
            type="button"
            aria-pressed={isPressed}
            aria-label={label}
            onClick={(event) => onToggle(event.shiftKey)}
            onKeyDown={(event) => {
              // Shift with Enter or Space chooses a run, as a Shift-click does, whether or not a browser passes Shift on to
              // the click a key makes.
              if (!event.shiftKey || (event.key !== 'Enter' && event.key !== ' ')) return;
              event.preventDefault();
              if (!event.repeat) onToggle(true);
            }}
            className="block w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            style={{ transform: `rotate(${degrees}deg)` }}
          >
            {picture}
          </button>
        ) : (
          <span
            role="img"
            aria-label={label}
            className="block w-full"
            style={{ transform: `rotate(${degrees}deg)` }}
          >
            {picture}
          </span>
        )}
        <button
          type="button"
          aria-label={enlargeLabel}
          onClick={onEnlarge}
          data-testid="page-enlarge"
          className="absolute end-1 bottom-1 rounded-full bg-white/90 p-1 text-slate-700 shadow ring-1 ring-slate-300 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <SearchIcon className="size-4" />
        </button>
        {isMarked && (
          <span
            aria-hidden="true"
            data-testid="page-mark"
            className={`pointer-events-none absolute start-1 top-1 rounded-full p-0.5 text-white shadow ${
              mark === 'cross' ? 'bg-red-700' : 'bg-blue-700'
            }`}
          >
            {mark === 'cross' ? <CloseIcon className="size-4" /> : <CheckIcon className="size-4" />}
          </span>
        )}
        {cutAfter && <CutMarker {...cutAfter} />}
      </span>
      <span aria-hidden="true" className="text-xs text-slate-600 tabular-nums">
        {page}
      </span>
    </li>
  );
}

/**
 * The toggle in the gap after a page: a faint dashed line where the document runs on, a solid line with scissors
 * where Split cuts it. It lies in the gap (and a little over the pages on each side, for a finger), mirrored with
 * the grid in right-to-left languages.
 */
function CutMarker({ isCut, label, onToggle }: CutAfter) {
  return (
    <button
      type="button"
      aria-pressed={isCut}
      aria-label={label}
      onClick={onToggle}
      data-testid="page-cut"
      data-cut={isCut ? 'true' : 'false'}
      className="group absolute top-0 bottom-8 z-10 flex justify-center rounded-md focus-visible:outline-2 focus-visible:outline-blue-600"
      style={{ width: CUT_MARKER_PX, insetInlineEnd: -(GAP_PX + CUT_MARKER_PX) / 2 }}
    >
      <span
        className={`h-full ${
          isCut
            ? 'border-s-2 border-red-700'
            : 'border-s-2 border-dashed border-slate-300 group-hover:border-blue-600 group-focus-visible:border-blue-600'
        }`}
      />
      <span
        className={`absolute top-1/2 -translate-y-1/2 rounded-full p-0.5 shadow ring-1 ${
          isCut
            ? 'bg-red-700 text-white ring-red-700'
            : 'bg-white text-slate-600 ring-slate-300 group-hover:text-blue-700 group-focus-visible:text-blue-700'
        }`}
      >
        <ScissorsIcon className="size-4" />
      </span>
    </button>
  );
}
