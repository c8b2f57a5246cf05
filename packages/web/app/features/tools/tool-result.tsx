import { BUTTON_STYLES } from '../../components/button-styles.ts';
import type { ReactNode } from 'react';
import { CheckIcon, DownloadIcon } from '../../components/icons.tsx';

type ToolResultProps = {
  readonly heading: string;
  readonly downloadLabel: string;
  readonly startOverLabel: string;
  readonly onDownload: () => void;
  readonly onStartOver: () => void;
  /** Tool-specific details above the buttons, such as the sizes after compression. */
  readonly children?: ReactNode;
};

/** Shown after a successful job: the download button on the page (the toast has one too). */
export function ToolResult({
  heading,
  downloadLabel,
  startOverLabel,
  onDownload,
  onStartOver,
  children,
}: ToolResultProps) {
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
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={onDownload}
          data-testid="download-button"
          className={BUTTON_STYLES.primary}
        >
          <DownloadIcon className="size-5" />
          {downloadLabel}
        </button>
        <button type="button" onClick={onStartOver} className={BUTTON_STYLES.secondary}>
          {startOverLabel}
        </button>
      </div>
    </div>
  );
}
