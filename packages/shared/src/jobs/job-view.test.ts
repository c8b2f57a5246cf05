import { describe, expect, it } from 'vitest';
import {
  advanceProgress,
  doneJobView,
  endedJobView,
  jobReportOf,
  queuedJobView,
  runningJobView,
  type JobProgress,
} from './job-view.ts';

const stage = (name: JobProgress['stage']): JobProgress => ({
  stage: name,
  pagesDone: null,
  pagesTotal: null,
});
const pages = (done: number, total: number): JobProgress => ({
  stage: 'processing',
  pagesDone: done,
  pagesTotal: total,
});

/** Every step of `reports` as shown after it, starting from a job just taken by a worker. */
function shownAfter(reports: readonly JobProgress[]): JobProgress[] {
  let shown = stage('reading');
  return reports.map((next) => (shown = advanceProgress(shown, next)));
}

describe('advanceProgress', () => {
  it('follows a job that moves forward, stage by stage and page by page', () => {
    const reports = [stage('reading'), pages(0, 6), pages(2, 6), pages(6, 6), stage('writing')];
    expect(shownAfter(reports)).toEqual(reports);
  });

  it('never shows fewer pages done than before, nor an earlier stage', () => {
    // Pages read, then counted again from one (issue 30: PDF to Word's scans), then a late report of an earlier stage.
    const shown = shownAfter([pages(6, 6), pages(1, 6), pages(1, 2), stage('reading'), pages(3, 6)]);
    expect(shown.map((progress) => progress.pagesDone)).toEqual([6, 6, 6, 6, 6]);
    expect(shownAfter([stage('writing'), pages(2, 6)])).toEqual([stage('writing'), stage('writing')]);
  });

  it('keeps a count rather than replace it with none in the same stage', () => {
    expect(shownAfter([pages(2, 6), stage('processing')])).toEqual([pages(2, 6), pages(2, 6)]);
    expect(shownAfter([stage('processing'), pages(0, 6)])).toEqual([stage('processing'), pages(0, 6)]);
  });

  it('compares shares when the total changes', () => {
    expect(shownAfter([pages(3, 6), pages(2, 3), pages(1, 3)])).toEqual([
      pages(3, 6),
      pages(2, 3),
      pages(2, 3),
    ]);
  });

  it('keeps what a job run again had reached until it passes it', () => {
    const rerun = [pages(4, 10), stage('reading'), pages(0, 10), pages(3, 10), pages(5, 10)];
    expect(shownAfter(rerun).map((progress) => progress.pagesDone)).toEqual([4, 4, 4, 4, 5]);
  });
});

describe('doneJobView and jobReportOf', () => {
  const queued = queuedJobView('5d41c0b7e2a94f3c8b6d1e0f9a7c2b34', 'compress');
  const done = doneJobView(
    runningJobView(queued),
    {
      file: { fileName: 'report-compressed.pdf', mimeType: 'application/pdf', bytes: 400 },
      report: {
        values: { originalBytes: 1000, outputBytes: 400 },
        notices: [{ code: 'FILE_REPAIRED', fileIndex: 0 }],
      },
      pagesTotal: null,
    },
    new Date('2026-03-02T09:40:00.000Z'),
  );

  it('carries the tool’s figures in the result, and its notices, once the job is done', () => {
    expect(done.result).toEqual({
      fileName: 'report-compressed.pdf',
      mimeType: 'application/pdf',
      bytes: 400,
      report: { originalBytes: 1000, outputBytes: 400 },
    });
    expect(done.notices).toEqual([{ code: 'FILE_REPAIRED', fileIndex: 0 }]);
    // The figures travel as JSON, unchanged.
    expect(JSON.parse(JSON.stringify(done))).toEqual(done);
  });

  it('reads the figures only of a done job of the tool asked for', () => {
    expect(jobReportOf(done, 'compress')).toEqual({ originalBytes: 1000, outputBytes: 400 });
    expect(jobReportOf(done, 'merge')).toBeNull();
    expect(jobReportOf(queued, 'compress')).toBeNull();
    expect(jobReportOf(endedJobView(done, 'failed', null, null), 'compress')).toBeNull();
  });
});
