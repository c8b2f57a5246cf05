import { BUTTON_STYLES } from '../../components/button-styles.ts';
import type { ReactNode, Ref } from 'react';
import { CheckIcon, DownloadIcon, FileIcon, ImageIcon } from '../../components/icons.tsx';

type ToolResultProps = {
  readonly heading: string;
  /** The result file's name and its size in the visitor's number format. */
  readonly fileName: string;
  readonly sizeLabel: string;
  /** The object URL of the result: the download is a real link, so it works from the keyboard and on any click. */
  readonly url: string;
  readonly downloadLabel: string;
  readonly startOverLabel: string;
  readonly downloadRef?: Ref<HTMLAnchorElement>;
  /** A result that is one image (PDF to JPG of one page): shown small, above its name, with this description. */
  readonly imageAlt?: string;
  readonly onStartOver: () => void;
  /** Tool-specific details above the buttons, such as the sizes after compression. */
  readonly children?: ReactNode;
  /** What follows the buttons: the result to look at, and the tools it can go on to. */
  readonly after?: ReactNode;
};

/** Shown after a successful job: the file's name and size, its download link and Start over. */
export function ToolResult({
  heading,
  fileName,
  sizeLabel,
  url,
  downloadLabel,
  startOverLabel,
  downloadRef,
  imageAlt,
  onStartOver,
  children,
  after,
}: ToolResultProps) {
  const Icon = imageAlt === undefined ? FileIcon : ImageIcon;
  return (
    <div
      data-testid="tool-result"
      className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-emerald-600 text-white">
        <CheckIcon className="size-6" />
      </span>
      <p className="text-lg font-semibold text-emerald-900">{heading}</p>
      {children}
      {imageAlt !== undefined && (
        <img
          src={url}
          alt={imageAlt}
          data-testid="result-preview"
          className="max-h-48 max-w-full rounded-lg border border-slate-200 bg-white object-contain shadow-sm"
        />
      )}
      <p className="flex max-w-full items-center gap-3 rounded-xl bg-white px-4 py-2 shadow-sm">
        <Icon className="size-5 shrink-0 text-red-600" />
        <span dir="auto" className="min-w-0 truncate font-medium text-slate-900" data-testid="result-name">
          {fileName}
        </span>
        <span className="shrink-0 text-sm text-slate-600 tabular-nums" data-testid="result-size">
          {sizeLabel}
        </span>
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a
          ref={downloadRef}
          href={url}
          download={fileName}
          data-testid="download-button"
          className={BUTTON_STYLES.primary}
        >
          <DownloadIcon className="size-5" />
          {downloadLabel}
        </a>
        <button
          type="button"
          onClick={onStartOver}
          data-testid="start-over"
          className={BUTTON_STYLES.secondary}
        >
          {startOverLabel}
        </button>
      </div>
      {after}
    </div>
  );
}
