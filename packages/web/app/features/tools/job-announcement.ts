import { useEffect, useRef, useState } from 'react';
import type { JobResult, JobState } from './use-tool-job.ts';

/** The texts the live region of a job says, in the page's language. */
export type JobAnnouncementTexts = {
  /** `progress` is a fraction (0.25 for 25 %), for ICU's percent format. */
  readonly uploading: (progress: number) => string;
  readonly processing: string;
  readonly ready: (result: JobResult) => string;
};

/** Upload progress is announced in quarters only (0, 25, 50, 75, 100 %): a screen reader reading every percent is noise. */
export function announcedStepOf(percent: number | null): number {
  return percent === null ? 0 : Math.floor(Math.min(100, Math.max(0, percent)) / 25) * 25;
}

/**
 * What the live region should say after a job state, given the upload step it announced last (null when it is
 * not announcing an upload): a new text, or null to leave it as it is.
 */
export function nextAnnouncement(
  state: JobState,
  lastStep: number | null,
  texts: JobAnnouncementTexts,
): { readonly text: string; readonly step: number | null } | null {
  switch (state.status) {
    case 'uploading': {
      const step = announcedStepOf(state.percent);
      return step === lastStep ? null : { text: texts.uploading(step / 100), step };
    }
    case 'processing':
      return { text: texts.processing, step: null };
    case 'done':
      return { text: texts.ready(state.result), step: null };
    // "Processing…" must not stay said: the failure is shown (and alerted) in the workbench, the password
    // dialog speaks for itself.
    case 'error':
    case 'needs-password':
      return { text: '', step: null };
    case 'idle':
      return null;
  }
}

/**
 * The text of a job's polite live region: the phases and the result, announced in steps. Errors are not said here
 * (the error toast is an assertive alert), but the line is emptied. `announce` says something else (e.g. that the job was cancelled).
 */
export function useJobAnnouncement(state: JobState, texts: JobAnnouncementTexts) {
  const [text, announce] = useState('');
  const lastStep = useRef<number | null>(null);
  const latestTexts = useRef(texts);
  useEffect(() => {
    latestTexts.current = texts;
  });
  useEffect(() => {
    const next = nextAnnouncement(state, lastStep.current, latestTexts.current);
    if (state.status !== 'uploading') lastStep.current = null;
    if (!next) return;
    lastStep.current = next.step;
    announce(next.text);
  }, [state]);
  return { text, announce };
}
