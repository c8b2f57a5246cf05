import { AppError, queuedJobView, type JobView } from '@quire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followJob } from './follow-job.ts';

// The browser's EventSource and fetch, stood in for: a stream that opens and then says nothing (as behind a proxy
// that buffers it) or fails when told, and the job's view as the server would answer it.

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
/** The answers to the page's next asks, in order: each given the ask's signal. */
let answers: Array<(signal: AbortSignal) => Response | Promise<Response>>;
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  SilentEventSource.opened = [];
  asked.length = 0;
  vi.stubGlobal('EventSource', SilentEventSource);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push(url);
    const answer = answers.shift();
    if (!answer || !init.signal) throw new TypeError('no answer');
    return answer(init.signal);
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

const networkDown = () => {
  throw new TypeError('network down');
};
/** An ask that is never answered: it ends only when the page gives it up. */
const noAnswer = (signal: AbortSignal) =>
  new Promise<Response>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
  });

/** Follows `queued` with its stream failed at once, as a proxy that refuses streams would: the page asks instead. */
function followWithoutStream(): Promise<JobView> {
  const followed = followJob(queued);
  SilentEventSource.opened[0]?.listeners.get('error')?.({});
  return followed;
}

describe('followJob asking for the job, its event stream failed', () => {
  it('asks again after a failed ask, later each time, and follows the job to its end', async () => {
    answers = [viewAnswer(running), networkDown, networkDown, viewAnswer(done)];
    const followed = followWithoutStream();
    expect(SilentEventSource.opened[0]?.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(700);
    expect(asked).toHaveLength(1);
    // The first failure waits 1.4 s, the second 2.8 s.
    await vi.advanceTimersByTimeAsync(700 + 1_300);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2_600);
    expect(asked).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toHaveLength(4);
    expect(await followed).toEqual(done);
  });

  it("ends with the network's error after six failed asks in a row", async () => {
    answers = [];
    const followed = followWithoutStream();
    const failed = expect(followed).rejects.toThrow(TypeError);
    // 0.7 s, then 1.4, 2.8, 5.6 and twice 10 s between the failed asks.
    await vi.advanceTimersByTimeAsync(700 + 1_400 + 2_800 + 5_600 + 10_000 + 9_900);
    expect(asked).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toHaveLength(6);
    await failed;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(6);
  });

  it('gives up an ask that has no answer after 15 s and asks again', async () => {
    answers = [noAnswer, viewAnswer(done)];
    const followed = followWithoutStream();
    await vi.advanceTimersByTimeAsync(700 + 14_900);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100 + 1_400);
    expect(asked).toHaveLength(2);
    expect(await followed).toEqual(done);
  });
});
