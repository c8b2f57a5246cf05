import type { WorkStage } from '@quire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttleProgress } from './throttle-progress.ts';

type Sent = { stage: WorkStage; done: number | null };

function recordSent() {
  const sent: Sent[] = [];
  const throttled = throttleProgress((stage, pages) => sent.push({ stage, done: pages?.done ?? null }), 200);
  return { sent, ...throttled };
}

describe('throttleProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a change of stage and the last page at once, and at most one page report per interval', () => {
    const { sent, listener } = recordSent();
    listener('reading');
    listener('processing', { done: 0, total: 10 });
    for (let done = 1; done < 10; done += 1) listener('processing', { done, total: 10 });
    listener('processing', { done: 10, total: 10 });
    listener('writing');
    expect(sent).toEqual([
      { stage: 'reading', done: null },
      { stage: 'processing', done: 0 },
      { stage: 'processing', done: 10 },
      { stage: 'writing', done: null },
    ]);
  });

  it('sends the pages it held back once their interval ends, while a slow page runs', () => {
    const { sent, listener } = recordSent();
    listener('processing', { done: 0, total: 3 });
    // Two pages done at once, then a long third page: the second must not wait for the third.
    listener('processing', { done: 1, total: 3 });
    listener('processing', { done: 2, total: 3 });
    expect(sent.map((report) => report.done)).toEqual([0]);
    vi.advanceTimersByTime(200);
    expect(sent.map((report) => report.done)).toEqual([0, 2]);
    vi.advanceTimersByTime(5_000);
    expect(sent.map((report) => report.done)).toEqual([0, 2]);
  });

  it('drops what it held once stopped, and what a newer report replaced', () => {
    const { sent, listener, stop } = recordSent();
    listener('processing', { done: 0, total: 4 });
    listener('processing', { done: 1, total: 4 });
    listener('writing');
    listener('writing');
    stop();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([
      { stage: 'processing', done: 0 },
      { stage: 'writing', done: null },
    ]);
  });
});
