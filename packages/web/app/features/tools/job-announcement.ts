import { useEffect, useRef, useState } from 'react';
import { pagePercentOf, processingStepOf, type ProcessingStep } from './processing-step.ts';
import type { JobResult, JobState } from './use-tool-job.ts';

/** The texts the live region of a job says, in the page's language. */
export type JobAnnouncementTexts = {
  /** `progress` is a fraction (0.25 for 25 %), for ICU's percent format. */
  readonly uploading: (progress: number) => string;
  readonly processing: (step: ProcessingStep) => string;
  readonly ready: (result: JobResult) => string;
};

/** Progress is announced in quarters only (0, 25, 50, 75, 100 %): a screen reader reading every percent is noise. */
export function announcedStepOf(percent: number | null): number {
  return percent === null ? 0 : Math.floor(Math.min(100, Math.max(0, percent)) / 25) * 25;
}

/**
 * What the live region should say after a job state, given the key of what it said last (the phase and its
 * quarter): a new text and its key, or null to leave it as it is. The upload is said in quarters; then, once a job
 * runs long, each stage and each quarter of its pages.
 */
export function nextAnnouncement(
  state: JobState,
  lastKey: string | null,
  texts: JobAnnouncementTexts,
): { readonly text: string; readonly key: string | null } | null {
  switch (state.status) {
    case 'uploading': {
      const step = announcedStepOf(state.percent);
      const key = `upload-${step}`;
      return key === lastKey ? null : { text: texts.uploading(step / 100), key };
    }
    case 'processing': {
      const step = processingStepOf(state);
      const percent = pagePercentOf(step);
      const key = percent === null ? `processing-${step.kind}` : `pages-${announcedStepOf(percent)}`;
      return key === lastKey ? null : { text: texts.processing(step), key };
    }
    case 'done':
      return { text: texts.ready(state.result), key: null };
    // "Processing…" must not stay said: the failure is shown (and alerted) in the workbench, the password
    // dialog speaks for itself.
    case 'error':
    case 'needs-password':
      return { text: '', key: null };
    case 'idle':
      return null;
  }
}

/**
 * The text of a job's polite live region: the phases and the result, announced in steps. Errors are not said here
 * (the error toast is an assertive alert), but the line is emptied. `announce` says something else (e.g. that the
 * job was cancelled).
 */
export function useJobAnnouncement(state: JobState, texts: JobAnnouncementTexts) {
  const [text, announce] = useState('');
  const lastKey = useRef<string | null>(null);
  const latestTexts = useRef(texts);
  useEffect(() => {
    latestTexts.current = texts;
  });
  useEffect(() => {
    const next = nextAnnouncement(state, lastKey.current, latestTexts.current);
    if (state.status === 'idle') lastKey.current = null;
    if (!next) return;
    lastKey.current = next.key;
    announce(next.text);
  }, [state]);
  return { text, announce };
}
