import { formatBytes } from '@quire/shared';
import { CloseIcon, FileIcon } from '../../components/icons.tsx';

type SelectedFileListProps = {
  readonly files: readonly File[];
  readonly heading: string;
  readonly countLabel: string;
  readonly numberLocale: string;
  readonly disabled: boolean;
  readonly removeLabel: (fileName: string) => string;
  readonly onRemove: (index: number) => void;
};

/** The 'Selected Files' list: name, human-readable size and a remove button per file. */
export function SelectedFileList(props: SelectedFileListProps) {
  const { files, heading, countLabel, numberLocale, disabled, removeLabel, onRemove } = props;
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="selected-files-heading" className="mt-6">
      <h3
        id="selected-files-heading"
        className="flex items-baseline justify-between text-sm font-semibold text-slate-900"
      >
        <span>{heading}</span>
        <span className="font-normal text-slate-500">{countLabel}</span>
      </h3>
      <ul className="mt-3 space-y-2" data-testid="selected-files">
        {files.map((file, index) => (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            data-testid="selected-file"
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white py-2 ps-3 pe-2"
          >
            <FileIcon className="size-5 shrink-0 text-red-600" />
            <span className="min-w-0 flex-1">
              <span
                className="block truncate text-sm font-medium text-slate-900"
                data-testid="selected-file-name"
              >
                {file.name}
              </span>
              <span className="block text-xs text-slate-500" data-testid="selected-file-size">
                {formatBytes(file.size, numberLocale)}
              </span>
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onRemove(index)}
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
