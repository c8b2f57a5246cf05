import { useId, type Ref } from 'react';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { SpinnerIcon } from '../../components/icons.tsx';
import type { Translate } from '../../i18n/create-translator.ts';
import { pagePercentOf, processingStepOf, processingTextOf } from './processing-step.ts';
import type { JobState } from './use-tool-job.ts';

type JobProgressProps = {
  /** `uploading` shows how much is sent; `processing` how much the server has done, where it can tell. */
  readonly phase: 'uploading' | 'processing';
  /** Whole percent sent or pages done, or null when it cannot be told (an indeterminate bar: it sweeps). */
  readonly percent: number | null;
  /** The visible line under the bar ("Uploading your files… 42%", "Processing page 3 of 40…"). */
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
  const isDeterminate = percent !== null;
  return (
    <div
      data-testid="progress"
      data-phase={phase}
      data-percent={percent ?? undefined}
      className="mt-6 flex flex-col gap-3 rounded-xl bg-indigo-50 px-4 py-4 text-indigo-900"
    >
      {/* An unknown length is said by leaving out the values, and shown by a bar that sweeps, never by a fill. */}
      <div
        role="progressbar"
        aria-labelledby={textId}
        aria-valuemin={isDeterminate ? 0 : undefined}
        aria-valuemax={isDeterminate ? 100 : undefined}
        aria-valuenow={isDeterminate ? percent : undefined}
        data-testid="progress-bar"
        data-indeterminate={isDeterminate ? undefined : true}
        className="relative h-2 w-full overflow-hidden rounded-full bg-indigo-100"
      >
        {isDeterminate ? (
          <div
            className="absolute inset-y-0 start-0 rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="progress-indeterminate absolute inset-y-0 rounded-full" />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={textId} className="flex items-center gap-3 text-sm font-medium" data-testid="progress-text">
          {phase === 'processing' && !isDeterminate && <SpinnerIcon className="size-5 shrink-0" />}
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

/** What the progress of a busy job shows: the upload, then what the server says of its work. */
export function progressViewOf(
  t: Translate,
  state: Extract<JobState, { status: 'uploading' | 'processing' }>,
): Pick<JobProgressProps, 'phase' | 'percent' | 'text'> {
  if (state.status === 'uploading') {
    return {
      phase: 'uploading',
      percent: state.percent,
      text: t('common.tool.uploading', { progress: (state.percent ?? 0) / 100 }),
    };
  }
  const step = processingStepOf(state);
  return { phase: 'processing', percent: pagePercentOf(step), text: processingTextOf(t, step) };
}
