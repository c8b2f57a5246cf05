import { useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { UploadIcon } from '../../components/icons.tsx';
import { STILL_BUTTON_STYLES } from '../../components/button-styles.ts';

export type DropAreaText = {
  readonly idle: string;
  readonly dragging: string;
  readonly browse: string;
  readonly button: string;
  readonly limits: string;
  /** The button once files are chosen: add more (several files), or choose another (one file). */
  readonly compactButton: string;
};

type DropAreaProps = {
  readonly accept: string;
  readonly multiple: boolean;
  readonly disabled: boolean;
  readonly hasError: boolean;
  readonly errorId: string;
  readonly text: DropAreaText;
  /** Files are chosen: a one-line area, so that the list and the action come into view below it. */
  readonly compact: boolean;
  /** Files are being dragged somewhere over the page (which takes them too, see `usePageDrop`). */
  readonly isPageDragging: boolean;
  /** The 'Select files' button, for the widget to put the keyboard back on it. */
  readonly buttonRef?: RefObject<HTMLButtonElement | null>;
  readonly onFiles: (files: File[]) => void;
};

/**
 * The drop area: a label for a visually hidden file input, plus a real button that opens the same picker.
 * Clicking anywhere in the area browses; dropping files adds them.
 */
export function DropArea(props: DropAreaProps) {
  const { accept, multiple, disabled, hasError, errorId, text, compact, isPageDragging, buttonRef, onFiles } =
    props;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  const isLit = !disabled && (isDragging || isPageDragging);
  const border = hasError
    ? 'border-red-500 bg-red-50/40'
    : isLit
      ? 'border-indigo-500 bg-indigo-50'
      : 'border-slate-300 bg-slate-50/60 hover:border-indigo-400 hover:bg-indigo-50/40';
  const layout = compact
    ? 'flex-row flex-wrap justify-between gap-3 px-4 py-3 text-start'
    : 'flex-col items-center gap-4 px-6 py-10 text-center';

  return (
    <div
      data-testid="drop-area"
      data-dragging={isLit || undefined}
      data-compact={compact || undefined}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex items-center rounded-2xl border-2 border-dashed transition-colors ${layout} ${border}`}
    >
      {compact ? (
        <label htmlFor={inputId} className="flex min-w-0 cursor-pointer items-center gap-3">
          <UploadIcon className="size-6 shrink-0 text-indigo-600" />
          <span className="text-sm font-medium text-slate-700">{isLit ? text.dragging : text.idle}</span>
        </label>
      ) : (
        <label htmlFor={inputId} className="flex cursor-pointer flex-col items-center gap-3">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-white text-indigo-600 shadow-sm">
            <UploadIcon className="size-7" />
          </span>
          <span className="text-lg font-semibold text-slate-900">{isLit ? text.dragging : text.idle}</span>
          <span className="text-sm text-slate-600">{text.browse}</span>
        </label>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-describedby={hasError ? errorId : undefined}
        data-testid="file-input"
        className="sr-only"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        aria-describedby={hasError ? errorId : undefined}
        data-testid="select-files-button"
        className={compact ? STILL_BUTTON_STYLES.secondary : STILL_BUTTON_STYLES.primary}
      >
        {compact ? text.compactButton : text.button}
      </button>
      {!compact && <p className="text-xs text-slate-500">{text.limits}</p>}
    </div>
  );
}
