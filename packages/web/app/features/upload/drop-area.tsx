import { useId, useState, type DragEvent, type RefObject } from 'react';
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

/** The button's focus ring and disabled look, taken from the file input just before it (which holds the focus). */
const LABEL_AS_BUTTON =
  'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 ' +
  'peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60';

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
  /** The file input (its 'Select files' label is the button a visitor sees), for the widget to put the keyboard back on it. */
  readonly buttonRef?: RefObject<HTMLInputElement | null>;
  readonly onFiles: (files: File[]) => void;
};

/**
 * The drop area: a visually hidden file input and two labels for it, the area's words and a label drawn as the
 * 'Select files' button, so the picker opens with no script at all (the page paints before its JavaScript arrives;
 * files chosen then are kept by `early-files.ts`). The input itself takes the keyboard, and its focus ring is drawn
 * on the button. Dropping files adds them.
 */
export function DropArea(props: DropAreaProps) {
  const { accept, multiple, disabled, hasError, errorId, text, compact, isPageDragging, buttonRef, onFiles } =
    props;
  const inputId = useId();
  const buttonId = useId();
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
      data-drop-area
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
        ref={buttonRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={buttonId}
        aria-describedby={hasError ? errorId : undefined}
        data-testid="file-input"
        className="peer sr-only"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        id={buttonId}
        data-testid="select-files-button"
        className={`${compact ? STILL_BUTTON_STYLES.secondary : STILL_BUTTON_STYLES.primary} ${LABEL_AS_BUTTON}`}
      >
        {compact ? text.compactButton : text.button}
      </label>
      {!compact && <p className="text-xs text-slate-500">{text.limits}</p>}
    </div>
  );
}
