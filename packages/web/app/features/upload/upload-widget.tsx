import { LOCALE_INFO, acceptAttributeOf } from '@quire/shared';
import { useId, useRef, useState, type RefObject } from 'react';
import { AlertIcon } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { DropArea } from './drop-area.tsx';
import { moveItem } from './move-item.ts';
import { rejectionMessage } from './rejection-message.ts';
import { SelectedFileList, type SelectedFileListProps } from './selected-file-list.tsx';
import { dropAreaTextOf, uploadWordingOf } from './upload-texts.ts';
import { usePageDrop } from './use-page-drop.ts';
import { applySelection, type UploadRejection, type UploadRules } from './validate-files.ts';

type UploadWidgetProps = {
  readonly rules: UploadRules;
  readonly files: readonly File[];
  readonly disabled?: boolean;
  /** The 'Select files' button, for the page to put the keyboard back on the upload area. */
  readonly selectButtonRef?: RefObject<HTMLInputElement | null>;
  /** A failed job's message, shown beside the file it concerns (`index`), or under the list when null. */
  readonly fileError?: { readonly index: number | null; readonly message: string } | null;
  /** What stands before each chosen file's name in place of its kind's icon (`SelectedFileList`). */
  readonly pictureOf?: SelectedFileListProps['pictureOf'];
  /** The part each file plays, by its place (`SelectedFileList`). */
  readonly slotOf?: SelectedFileListProps['slotOf'];
  /** Called after every change: a pick, a drop or a removal. */
  readonly onChange: (files: File[]) => void;
};

/** The shared upload widget of spec sections 2, 4 and 5. */
export function UploadWidget(props: UploadWidgetProps) {
  const {
    rules,
    files,
    disabled = false,
    selectButtonRef,
    fileError = null,
    pictureOf,
    slotOf,
    onChange,
  } = props;
  const t = useT();
  const locale = useLocale();
  const errorId = useId();
  const [rejection, setRejection] = useState<UploadRejection | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const ownButtonRef = useRef<HTMLInputElement>(null);
  const buttonRef = selectButtonRef ?? ownButtonRef;
  const wording = uploadWordingOf(rules, locale);

  /** Says a change to screen readers; the same words twice differ by a space, so they are read again. */
  const announce = (text: string) =>
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));

  const onFiles = (incoming: File[]) => {
    const result = applySelection(files, incoming, rules);
    setRejection(result.rejection);
    onChange(result.files);
    const added = result.files.filter((file) => !files.includes(file)).length;
    if (added > 0) {
      announce(t('common.upload.added', { count: added, total: result.files.length }));
    }
  };

  const isPageDragging = usePageDrop(onFiles, disabled);

  const onRemove = (index: number) => {
    const removed = files[index];
    const next = files.filter((_, position) => position !== index);
    setRejection(null);
    onChange(next);
    if (removed) announce(t('common.upload.removed', { fileName: removed.name, total: next.length }));
    // The list goes with its last file: the keyboard goes back to the select button.
    if (next.length === 0) requestAnimationFrame(() => buttonRef.current?.focus());
  };

  // In multiple mode the order is the order of the result (merge, JPG to PDF), so the visitor can change it.
  const reorder = rules.multiple
    ? {
        moveUpLabel: (fileName: string) => t('common.upload.moveUp', { fileName }),
        moveDownLabel: (fileName: string) => t('common.upload.moveDown', { fileName }),
        movedLabel: (fileName: string, position: number, count: number) =>
          t('common.upload.moved', { fileName, position, count }),
        onMove: (from: number, to: number) => onChange(moveItem(files, from, to)),
      }
    : undefined;

  return (
    <div>
      <DropArea
        accept={acceptAttributeOf(rules.accepts)}
        multiple={rules.multiple}
        disabled={disabled}
        hasError={rejection !== null}
        errorId={errorId}
        buttonRef={buttonRef}
        onFiles={onFiles}
        compact={files.length > 0}
        isPageDragging={isPageDragging}
        text={dropAreaTextOf(t, rules, wording)}
      />
      {rejection && (
        <p
          id={errorId}
          role="alert"
          data-testid="upload-error"
          className="mt-3 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {rejectionMessage(t, rejection, rules, wording)}
        </p>
      )}
      <SelectedFileList
        files={files}
        heading={t('common.upload.selected')}
        countLabel={t('common.upload.fileCount', { count: files.length })}
        numberLocale={LOCALE_INFO[locale].tag}
        disabled={disabled}
        removeLabel={(fileName) => t('common.upload.remove', { fileName })}
        onRemove={onRemove}
        onAnnounce={announce}
        reorder={reorder}
        error={fileError?.index ?? null}
        errorMessage={fileError?.message ?? ''}
        pictureOf={pictureOf}
        slotOf={slotOf}
      />
      {fileError && (fileError.index === null || !files[fileError.index]) && files.length > 0 && (
        <p
          data-testid="job-error"
          className="mt-3 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>{fileError.message}</span>
        </p>
      )}
      <p role="status" className="sr-only" data-testid="upload-status">
        {announcement}
      </p>
    </div>
  );
}
