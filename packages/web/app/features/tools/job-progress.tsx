import { useId, type Ref } from 'react';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { SpinnerIcon } from '../../components/icons.tsx';

type JobProgressProps = {
  /** `uploading` shows how much is sent; `processing` an indeterminate bar while the server works. */
  readonly phase: 'uploading' | 'processing';
  /** Whole percent sent, or null when the browser cannot tell. */
  readonly percent: number | null;
  /** The visible line under the bar ("Uploading your files… 42%" or "Processing…"). */
  readonly text: string;
  readonly cancelLabel: string;
  readonly cancelRef?: Ref<HTMLButtonElement>;
  readonly onCancel: () => void;
};

/**
 * The progress of a running job: a progress bar and a line of text, plus Cancel. Nothing here is a live region
 * (that would read out every percent); the workbench announces the phases in steps.
 */
export function JobProgress({ phase, percent, text, cancelLabel, cancelRef, onCancel }: JobProgressProps) {
  const textId = useId();
  const isDeterminate = phase === 'uploading' && percent !== null;
  return (
    <div
      data-testid="progress"
      data-phase={phase}
      className="mt-6 flex flex-col gap-3 rounded-xl bg-indigo-50 px-4 py-4 text-indigo-900"
    >
      <div
        role="progressbar"
        aria-labelledby={textId}
        aria-valuemin={isDeterminate ? 0 : undefined}
        aria-valuemax={isDeterminate ? 100 : undefined}
        aria-valuenow={isDeterminate ? percent : undefined}
        data-testid="progress-bar"
        className="relative h-2 w-full overflow-hidden rounded-full bg-indigo-100"
      >
        <div
          className={`absolute inset-y-0 start-0 rounded-full bg-indigo-600 ${
            isDeterminate
              ? 'transition-[width] motion-reduce:transition-none'
              : 'w-full motion-safe:animate-pulse'
          }`}
          style={isDeterminate ? { width: `${percent}%` } : undefined}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={textId} className="flex items-center gap-3 text-sm font-medium" data-testid="progress-text">
          {phase === 'processing' && <SpinnerIcon className="size-5 shrink-0" />}
          {text}
        </p>
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          data-testid="cancel-button"
          className={BUTTON_STYLES.secondary}
        >
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
