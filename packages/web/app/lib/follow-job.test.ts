import { AppError, queuedJobView, type JobView } from '@quire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followJob } from './follow-job.ts';

// The browser's EventSource and fetch, stood in for: a stream that opens and then says nothing (as behind a proxy
// that buffers it), and the job's view as the server would answer it.

/** An event stream that neither sends an event nor fails until the test says so. */
class SilentEventSource {
  static opened: SilentEventSource[] = [];
  readonly listeners = new Map<string, (event: unknown) => void>();
  isClosed = false;
  constructor(readonly url: string) {
    SilentEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.isClosed = true;
  }
}

const queued = queuedJobView('0123456789abcdef0123456789abcdef', 'compress');
const running: JobView = { ...queued, state: 'running' };
const done: JobView = {
  ...queued,
  state: 'done',
  progress: { stage: 'done', pagesDone: null, pagesTotal: null },
};
let answers: Array<() => Response>;
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  SilentEventSource.opened = [];
  asked.length = 0;
  vi.stubGlobal('EventSource', SilentEventSource);
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const answer = answers.shift();
    if (!answer) throw new TypeError('no answer');
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const viewAnswer = (job: JobView) => () => Response.json({ success: true, job });

describe('followJob over an event stream that stays silent', () => {
  it('asks for the job after 5 s without an event, and again after each silence, until it has ended', async () => {
    answers = [viewAnswer(running), viewAnswer(done)];
    const seen: string[] = [];
    const followed = followJob(queued, { onChange: (view) => seen.push(view.state) });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toEqual([`/api/v1/jobs/${queued.id}`]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(2);
    expect(await followed).toEqual(done);
    expect(seen).toEqual(['queued', 'running', 'done']);
    expect(SilentEventSource.opened[0]?.isClosed).toBe(true);
  });

  it('waits another 5 s after each event the stream sends', async () => {
    answers = [viewAnswer(done)];
    const followed = followJob(queued);
    await vi.advanceTimersByTimeAsync(3_000);
    const stream = SilentEventSource.opened[0];
    stream?.listeners.get('job')?.({ data: JSON.stringify({ success: true, job: running }) });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(asked).toHaveLength(1);
    expect(await followed).toEqual(done);
  });

  it('keeps the stream when an ask fails on the way, and ends with the error of a job that is gone', async () => {
    answers = [
      () => {
        throw new TypeError('network down');
      },
      () => Response.json(new AppError('NOT_FOUND', 'gone').toJson(), { status: 404 }),
    ];
    const followed = followJob(queued);
    const failed = expect(followed).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await vi.advanceTimersByTimeAsync(5_100);
    expect(asked).toHaveLength(1);
    expect(SilentEventSource.opened[0]?.isClosed).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(2);
    await failed;
    expect(SilentEventSource.opened[0]?.isClosed).toBe(true);
  });
});
