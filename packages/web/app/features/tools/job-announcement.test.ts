import { describe, expect, it } from 'vitest';
import { announcedStepOf, nextAnnouncement, type JobAnnouncementTexts } from './job-announcement.ts';
import type { JobResult, JobState } from './use-tool-job.ts';

const texts: JobAnnouncementTexts = {
  uploading: (progress) => `uploading ${progress}`,
  processing: 'processing',
  ready: (result) => `${result.fileName} ready`,
};

/** Plays a job's states through the announcer and returns what the live region said, in order. */
function announcementsOf(states: readonly JobState[]): string[] {
  const said: string[] = [];
  let lastStep: number | null = null;
  for (const state of states) {
    const next = nextAnnouncement(state, lastStep, texts);
    if (state.status !== 'uploading') lastStep = null;
    if (next) {
      lastStep = next.step;
      said.push(next.text);
    }
  }
  return said;
}

describe('job announcements', () => {
  it('announce the upload in quarters, then processing, then the result', () => {
    const uploading = (percent: number | null): JobState => ({ status: 'uploading', percent });
    const result = { fileName: 'merged.pdf' } as JobResult;
    const percents = [0, 1, 10, 24, 25, 26, 49, 50, 74, 75, 99, 100];
    expect(
      announcementsOf([...percents.map(uploading), { status: 'processing' }, { status: 'done', result }]),
    ).toEqual([
      'uploading 0',
      'uploading 0.25',
      'uploading 0.5',
      'uploading 0.75',
      'uploading 1',
      'processing',
      'merged.pdf ready',
    ]);
  });

  it('start again from zero after a password prompt, and empty the line (no stale "processing") on errors', () => {
    const uploading = (percent: number | null): JobState => ({ status: 'uploading', percent });
    expect(
      announcementsOf([
        uploading(null),
        uploading(null),
        { status: 'needs-password', request: { fileIndex: 0, isRetry: false } },
        uploading(0),
        { status: 'processing' },
        { status: 'error', error: new Error('x') },
        { status: 'idle' },
      ]),
    ).toEqual(['uploading 0', '', 'uploading 0', 'processing', '']);
  });

  it('round the upload down to its quarter', () => {
    expect([null, 0, 24, 25, 99, 100, 130].map(announcedStepOf)).toEqual([0, 0, 0, 25, 75, 100, 100]);
  });
});
