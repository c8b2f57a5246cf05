import type { WorkStage } from '@quire/shared';
import type { ProgressListener } from '../ops/types.ts';

/** Within one stage, pages are told at most this often: a 2,000-page job sends a few messages a second, not 2,000. */
const PROGRESS_INTERVAL_MS = 200;

export type ThrottledProgress = {
  readonly listener: ProgressListener;
  /** Drops the report held back, if any: the job has ended. */
  readonly stop: () => void;
};

/**
 * Passes on every change of stage, the last page of a stage, and otherwise one report per interval. A report held
 * back is sent at the end of its interval unless a newer one went first, so that the pages last counted are never
 * left unsaid while a slow page runs.
 */
export function throttleProgress(
  send: ProgressListener,
  intervalMs = PROGRESS_INTERVAL_MS,
): ThrottledProgress {
  let lastStage: WorkStage | null = null;
  let lastSent = 0;
  let held: NodeJS.Timeout | null = null;
  const stop = () => {
    if (held) clearTimeout(held);
    held = null;
  };
  const sendNow = (stage: WorkStage, pages?: { done: number; total: number }) => {
    stop();
    lastStage = stage;
    lastSent = Date.now();
    send(stage, pages);
  };
  const listener: ProgressListener = (stage, pages) => {
    const waitMs = lastSent + intervalMs - Date.now();
    const isNews = stage !== lastStage || (pages !== undefined && pages.done === pages.total);
    if (isNews || waitMs <= 0) {
      sendNow(stage, pages);
      return;
    }
    stop();
    held = setTimeout(() => sendNow(stage, pages), waitMs);
  };
  return { listener, stop };
}
