import type { JobProgress as JobProgressView } from '@quire/shared';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../i18n/create-translator.ts';
import { JobProgress, progressViewOf } from './job-progress.tsx';
import { withProgress, type JobState } from './use-tool-job.ts';

/** The opening tag of the bar and the element inside it, as rendered. */
function renderBar(percent: number | null): { bar: string; fill: string } {
  const html = renderToString(
    <JobProgress
      phase="processing"
      percent={percent}
      text="Processing your files…"
      cancelLabel="Cancel"
      onCancel={() => {}}
    />,
  );
  const [, bar = '', fill = ''] = /(<div role="progressbar"[^>]*>)(<div[^>]*>)/.exec(html) ?? [];
  return { bar, fill };
}

const processing = (progress: JobProgressView | null): Extract<JobState, { status: 'processing' }> => ({
  status: 'processing',
  isLong: true,
  progress,
});
const pages = (done: number, total: number): JobProgressView => ({
  stage: 'processing',
  pagesDone: done,
  pagesTotal: total,
});

describe('JobProgress', () => {
  it('shows a bar of unknown length as unknown: no value for assistive technology, a sweep and not a fill', () => {
    const { bar, fill } = renderBar(null);
    expect(bar).not.toMatch(/aria-value(now|min|max)/);
    expect(bar).toContain('data-indeterminate="true"');
    expect(fill).toContain('progress-indeterminate');
    // It used to be a full bar (w-full) that pulsed: it looked done.
    expect(fill).not.toMatch(/\bw-full\b|width:\s*100%/);
  });

  it('shows a known share as a fill of that width, with its value', () => {
    const { bar, fill } = renderBar(42);
    expect(bar).toContain('aria-valuenow="42"');
    expect(bar).toContain('aria-valuemin="0"');
    expect(bar).toContain('aria-valuemax="100"');
    expect(bar).not.toContain('data-indeterminate');
    expect(fill).toContain('width:42%');
    expect(fill).not.toContain('progress-indeterminate');
  });
});

describe('the progress a processing job shows', () => {
  const { t } = getTranslator('en');

  it('never goes back for the same job, whatever the server reports', () => {
    // Issue 30: six pages counted, then counting started again at one.
    let state: JobState = processing(null);
    const shown: (number | null)[] = [];
    for (const progress of [pages(0, 6), pages(6, 6), pages(1, 6), pages(3, 6)]) {
      state = withProgress(state, progress);
      if (state.status === 'processing') shown.push(progressViewOf(t, state).percent);
    }
    expect(shown).toEqual([0, 100, 100, 100]);
    expect(progressViewOf(t, processing(pages(6, 6))).text).toBe('Processing page 6 of 6…');
  });

  it('leaves a job that is not processing as it is', () => {
    const done = { status: 'idle' } as const;
    expect(withProgress(done, pages(1, 2))).toBe(done);
  });
});
