import type { CSSProperties, KeyboardEvent, PointerEvent, MouseEvent } from 'react';
import { BitmapCanvas } from '../../../components/page-view/page-thumbnail.tsx';
import { isBlank, type BoardItem } from './board-pages.ts';

/** One colour a file, so that the pages of several files can be told apart (a file's number shows too). */
const FILE_COLOURS = [
  'bg-blue-700',
  'bg-purple-700',
  'bg-teal-700',
  'bg-orange-700',
  'bg-pink-700',
  'bg-green-700',
  'bg-indigo-700',
  'bg-red-700',
  'bg-cyan-800',
  'bg-slate-700',
];

type OrganizeThumbnailProps = {
  readonly item: BoardItem;
  readonly position: number;
  readonly itemCount: number;
  /** The file's number from 1, shown when several files are chosen; null with one. */
  readonly fileNumber: number | null;
  readonly bitmap: ImageBitmap | undefined;
  readonly label: string;
  /** Words under a blank page (its size). */
  readonly blankCaption: string;
  readonly isSelected: boolean;
  readonly isFocusTarget: boolean;
  readonly isDragged: boolean;
  readonly style: CSSProperties;
  readonly onPointerDown: (event: PointerEvent<HTMLLIElement>) => void;
  readonly onClick: (event: MouseEvent<HTMLLIElement>) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
  readonly onFocus: () => void;
};

/**
 * A page on the organize board: an option of the board's list, chosen or not, with its picture turned as it will
 * be, its file's number and page number under it, and a handle a finger drags it by.
 */
export function OrganizeThumbnail(props: OrganizeThumbnailProps) {
  const { item, position, itemCount, fileNumber, bitmap, label, blankCaption } = props;
  const { isSelected, isFocusTarget, isDragged, style } = props;
  const degrees = isBlank(item) ? 0 : item.rotate;
  return (
    <li
      role="option"
      aria-selected={isSelected}
      aria-setsize={itemCount}
      aria-posinset={position}
      aria-label={label}
      tabIndex={isFocusTarget ? 0 : -1}
      style={style}
      data-testid="organize-page"
      data-id={item.id}
      data-position={position}
      data-drawn={isBlank(item) || bitmap ? 'true' : 'false'}
      data-degrees={degrees}
      className={`absolute flex cursor-grab flex-col items-center gap-1 rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
        isDragged ? 'opacity-40' : ''
      }`}
      onPointerDown={props.onPointerDown}
      onClick={props.onClick}
      onKeyDown={props.onKeyDown}
      onFocus={props.onFocus}
    >
      <span className="relative w-full">
        <span
          className={`flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg p-1 shadow-sm ${
            isSelected ? 'bg-blue-50 ring-2 ring-blue-600' : 'bg-white ring-1 ring-slate-200'
          }`}
        >
          <span
            className="flex size-full items-center justify-center"
            style={{ transform: `rotate(${degrees}deg)` }}
          >
            {isBlank(item) ? (
              <span className="aspect-[210/297] h-full border border-dashed border-slate-400 bg-white" />
            ) : bitmap ? (
              <BitmapCanvas
                bitmap={bitmap}
                className="max-h-full max-w-full border border-slate-200 transition-transform motion-reduce:transition-none"
              />
            ) : (
              <span className="size-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            )}
          </span>
        </span>
        {/* A finger drags a page by its handle; elsewhere it scrolls the board, and a tap chooses the page. */}
        <span
          aria-hidden="true"
          data-drag-handle="true"
          data-testid="organize-handle"
          className="absolute end-1 top-1 grid size-7 touch-none place-items-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-300"
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </span>
      </span>
      <span aria-hidden="true" className="flex items-center gap-1 text-xs text-slate-700 tabular-nums">
        {!isBlank(item) && fileNumber !== null && (
          <span
            className={`rounded px-1 text-[0.65rem] font-semibold text-white ${FILE_COLOURS[(fileNumber - 1) % FILE_COLOURS.length]}`}
          >
            {fileNumber}
          </span>
        )}
        {isBlank(item) ? blankCaption : item.page}
      </span>
    </li>
  );
}
