import type { JobProgress } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { announcedStepOf, nextAnnouncement, type JobAnnouncementTexts } from './job-announcement.ts';
import type { JobResult, JobState } from './use-tool-job.ts';

const texts: JobAnnouncementTexts = {
  uploading: (progress) => `uploading ${progress}`,
  processing: (step) => (step.kind === 'pages' ? `page ${step.done} of ${step.total}` : step.kind),
  ready: (result) => `${result.fileName} ready`,
};

/** Plays a job's states through the announcer and returns what the live region said, in order. */
function announcementsOf(states: readonly JobState[]): string[] {
  const said: string[] = [];
  let lastKey: string | null = null;
  for (const state of states) {
    const next = nextAnnouncement(state, lastKey, texts);
    if (state.status === 'idle') lastKey = null;
    if (next) {
      lastKey = next.key;
      said.push(next.text);
    }
  }
  return said;
}

const uploading = (percent: number | null): JobState => ({ status: 'uploading', percent });
const processing = (isLong: boolean, progress: Partial<JobProgress> | null = null): JobState => ({
  status: 'processing',
  isLong,
  progress: progress && { stage: 'processing', pagesDone: null, pagesTotal: null, ...progress },
});

describe('job announcements', () => {
  it('announce the upload in quarters, then processing, then the result', () => {
    const result = { fileName: 'merged.pdf' } as JobResult;
    const percents = [0, 1, 10, 24, 25, 26, 49, 50, 74, 75, 99, 100];
    expect(
      announcementsOf([...percents.map(uploading), processing(false), { status: 'done', result }]),
    ).toEqual([
      'uploading 0',
      'uploading 0.25',
      'uploading 0.5',
      'uploading 0.75',
      'uploading 1',
      'working',
      'merged.pdf ready',
    ]);
  });

  it('say where a long job stands: each stage once, and its pages in quarters', () => {
    const pages = (done: number) => processing(true, { pagesDone: done, pagesTotal: 40 });
    expect(
      announcementsOf([
        processing(false, { stage: 'queued' }),
        processing(true, { stage: 'queued' }),
        processing(true, { stage: 'queued' }),
        processing(true, { stage: 'reading' }),
        ...[0, 3, 9, 10, 11, 19, 20, 31, 40].map(pages),
        processing(true, { stage: 'writing' }),
      ]),
    ).toEqual([
      'working',
      'queued',
      'reading',
      'page 0 of 40',
      'page 10 of 40',
      'page 20 of 40',
      'page 31 of 40',
      'page 40 of 40',
      'writing',
    ]);
  });

  it('start again from zero after a password prompt, and empty the line (no stale "processing") on errors', () => {
    expect(
      announcementsOf([
        uploading(null),
        uploading(null),
        { status: 'needs-password', request: { fileIndex: 0, isRetry: false } },
        uploading(0),
        processing(false),
        { status: 'error', error: new Error('x') },
        { status: 'idle' },
      ]),
    ).toEqual(['uploading 0', '', 'uploading 0', 'working', '']);
  });

  it('round progress down to its quarter', () => {
    expect([null, 0, 24, 25, 99, 100, 130].map(announcedStepOf)).toEqual([0, 0, 0, 25, 75, 100, 100]);
  });
});
