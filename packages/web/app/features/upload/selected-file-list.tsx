import { formatBytes } from '@quire/shared';
import { useRef, type DragEvent, type ReactNode } from 'react';
import { FileKindIcon } from '../../components/file-kind-icon.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { FileOrderButtons } from './file-order-buttons.tsx';
import { listKeysOf } from './list-keys.ts';

/** Texts and the callback of a list whose order matters (merge, JPG to PDF). */
export type FileReorder = {
  readonly moveUpLabel: (fileName: string) => string;
  readonly moveDownLabel: (fileName: string) => string;
  readonly movedLabel: (fileName: string, position: number, count: number) => string;
  readonly onMove: (from: number, to: number) => void;
};

export type SelectedFileListProps = {
  readonly files: readonly File[];
  readonly heading: string;
  readonly countLabel: string;
  readonly numberLocale: string;
  readonly disabled: boolean;
  readonly removeLabel: (fileName: string) => string;
  readonly onRemove: (index: number) => void;
  /** Says a change to screen readers (the widget's live region): a file moved. */
  readonly onAnnounce?: (text: string) => void;
  /** When given, each entry gets move up / move down buttons and can be dragged. */
  readonly reorder?: FileReorder;
  /** The entry a failed job's message concerns, shown in it, or null. */
  readonly error?: number | null;
  readonly errorMessage?: string;
  /** What stands before a file's name in place of its kind's icon (Merge: its first page and page count). */
  readonly pictureOf?: (file: File, index: number, icon: ReactNode) => ReactNode;
  /** The part a file plays, by its place in the list, shown above its name (Compare PDF: original, changed). */
  readonly slotOf?: (index: number) => string | undefined;
};

const DRAG_TYPE = 'application/x-quire-file-index';

/** The 'Selected Files' list: name, human-readable size and a remove button per file; optionally reorderable. */
export function SelectedFileList(props: SelectedFileListProps) {
  const { files, heading, countLabel, numberLocale, disabled, removeLabel, onRemove, onAnnounce, reorder } =
    props;
  const { error = null, errorMessage = '', pictureOf, slotOf } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const keys = listKeysOf(files);
  if (files.length === 0) return null;

  const move = (from: number, to: number, direction?: 'up' | 'down') => {
    const file = files[from];
    if (!reorder || !file || to < 0 || to >= files.length) return;
    reorder.onMove(from, to);
    onAnnounce?.(reorder.movedLabel(file.name, to + 1, files.length));
    if (!direction) return;
    // Keep the keyboard where the file went: on the same button, or the other one at either end of the list.
    requestAnimationFrame(() => {
      const entry = listRef.current?.children[to];
      const same = entry?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`);
      (same ?? entry?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    });
  };
  /** Removes a file and keeps the keyboard in the list: on the next file's remove button, or the previous one. */
  const remove = (index: number) => {
    onRemove(index);
    requestAnimationFrame(() => {
      const entries = listRef.current?.children;
      const entry = entries?.[Math.min(index, entries.length - 1)];
      entry?.querySelector<HTMLButtonElement>('[data-testid="remove-file"]')?.focus();
    });
  };
  const dragProps = (index: number) =>
    reorder && !disabled
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.setData(DRAG_TYPE, String(index));
            event.dataTransfer.effectAllowed = 'move';
          },
          onDragOver: (event: DragEvent) => {
            if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
          },
          onDrop: (event: DragEvent) => {
            const from = Number(event.dataTransfer.getData(DRAG_TYPE));
            if (!event.dataTransfer.types.includes(DRAG_TYPE) || !Number.isInteger(from)) return;
            event.preventDefault();
            move(from, index);
          },
        }
      : {};

  return (
    <section aria-labelledby="selected-files-heading" className="mt-6">
      <h3
        id="selected-files-heading"
        className="flex items-baseline justify-between text-sm font-semibold text-slate-900"
      >
        <span>{heading}</span>
        <span className="font-normal text-slate-500">{countLabel}</span>
      </h3>
      <ul ref={listRef} className="mt-3 space-y-2" data-testid="selected-files">
        {files.map((file, index) => (
          <li
            key={keys[index]}
            data-testid="selected-file"
            data-error={error === index || undefined}
            className={`flex items-center gap-3 rounded-xl border py-2 ps-3 pe-2 ${error === index ? 'border-red-400 bg-red-50' : 'border-slate-200 bg-white'} ${reorder && !disabled ? 'cursor-grab active:cursor-grabbing' : ''}`}
            {...dragProps(index)}
          >
            {pictureOf ? (
              pictureOf(file, index, <FileKindIcon fileName={file.name} />)
            ) : (
              <FileKindIcon fileName={file.name} />
            )}
            <span className="min-w-0 flex-1">
              {slotOf?.(index) && (
                <span
                  className="block text-xs font-semibold tracking-wide text-indigo-700 uppercase"
                  data-testid="selected-file-slot"
                >
                  {slotOf(index)}
                </span>
              )}
              {/* The whole name, wrapped: on a phone, names cut short look alike (scan_001, scan_002). It takes its
                  own direction (an Arabic name in an English page, or the reverse), yet lines up with the page's
                  start side. Only a very long name loses its middle. */}
              <span
                dir="auto"
                title={file.name}
                className="block text-sm font-medium text-slate-900 text-match-parent wrap-anywhere"
                data-testid="selected-file-name"
              >
                {shortenedName(file.name)}
              </span>
              <span className="block text-xs text-slate-500" data-testid="selected-file-size">
                {formatBytes(file.size, numberLocale)}
              </span>
              {error === index && errorMessage !== '' && (
                <span className="mt-1 block text-sm font-medium text-red-800" data-testid="file-error">
                  {errorMessage}
                </span>
              )}
            </span>
            {reorder && (
              <FileOrderButtons
                isFirst={index === 0}
                isLast={index === files.length - 1}
                disabled={disabled}
                upLabel={reorder.moveUpLabel(file.name)}
                downLabel={reorder.moveDownLabel(file.name)}
                onUp={() => move(index, index - 1, 'up')}
                onDown={() => move(index, index + 1, 'down')}
              />
            )}
            <button
              type="button"
              disabled={disabled}
              onClick={() => remove(index)}
              aria-label={removeLabel(file.name)}
              data-testid="remove-file"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-50"
            >
              <CloseIcon className="size-5" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Names longer than this lose their middle, keeping the start and the end (where numbers and the type are). */
const MAX_NAME_CHARS = 80;

export function shortenedName(name: string): string {
  const characters = [...name];
  if (characters.length <= MAX_NAME_CHARS) return name;
  return `${characters.slice(0, 50).join('')}…${characters.slice(-25).join('')}`;
}
