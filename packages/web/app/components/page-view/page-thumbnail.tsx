import { useEffect, useRef, type CSSProperties } from 'react';
import { SearchIcon } from '../icons.tsx';

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
  readonly style: CSSProperties;
  readonly onToggle: (() => void) | undefined;
  readonly onEnlarge: () => void;
};

/** Copies a drawn page onto a canvas; the bitmap stays the grid's (it may be shown again). */
export function BitmapCanvas({ bitmap, className }: { bitmap: ImageBitmap; className: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  }, [bitmap]);
  return <canvas ref={ref} aria-hidden="true" className={className} />;
}

/** One page of the grid: its picture in a square frame (a turned page still fits), its number and a zoom button. */
export function PageThumbnail(props: PageThumbnailProps) {
  const { page, pageCount, bitmap, label, enlargeLabel, isPressed, degrees, style, onToggle, onEnlarge } =
    props;
  const frame = (
    <span
      className={`flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-white p-1 shadow-sm ${
        isPressed ? 'ring-2 ring-blue-600' : 'ring-1 ring-slate-200'
      }`}
    >
      {bitmap ? (
        <BitmapCanvas
          bitmap={bitmap}
          className="max-h-full max-w-full border border-slate-200 transition-transform duration-300 motion-reduce:transition-none"
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
    >
      <span className="relative w-full">
        {onToggle ? (
          <button
            type="button"
            aria-pressed={isPressed}
            aria-label={label}
            onClick={onToggle}
            className="block w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            style={{ transform: `rotate(${degrees}deg)` }}
          >
            {frame}
          </button>
        ) : (
          <span
            role="img"
            aria-label={label}
            className="block w-full"
            style={{ transform: `rotate(${degrees}deg)` }}
          >
            {frame}
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
      </span>
      <span aria-hidden="true" className="text-xs text-slate-600 tabular-nums">
        {page}
      </span>
    </li>
  );
}
