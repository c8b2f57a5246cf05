import { AppError, JOBS_PATH, isTerminalState, type JobBody, type JobView } from '@quire/shared';

/** How often a job is asked for when its event stream is not available. */
const POLL_INTERVAL_MS = 700;
/**
 * How long an open event stream may stay silent before the job is asked for all the same: a proxy that holds the
 * stream's events back (or a stream that stalls without an error) would otherwise leave the page showing a job at
 * work that has long ended.
 */
const SILENT_STREAM_MS = 5_000;
/** How long one ask may take before it counts as failed: a request that never answers would stop the following. */
const ASK_TIMEOUT_MS = 15_000;
/**
 * Asks that fail one after the other (the network gone, or no answer in time) before the following ends with the
 * error: each waits twice as long as the one before, at most 10 s, so that a connection lost for half a minute (a
 * phone between cells, a laptop's Wi-Fi) loses nothing of a job that went on on the server.
 */
const MAX_FAILED_ASKS = 6;
const MAX_RETRY_MS = 10_000;

export type FollowOptions = {
  readonly signal?: AbortSignal | undefined;
  /** Every state the job goes through, the first one included. */
  readonly onChange?: ((view: JobView) => void) | undefined;
};

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/**
 * Follows a job until it ends and resolves with its last view: through its Server-Sent Events where the browser
 * and the network allow them, else (an event stream that fails) by asking for the job every 0.7 s; a stream that
 * stays silent for 5 s (a proxy that buffers it) is checked by asking once, and again after every 5 s of silence.
 * An ask that fails on the way is asked again, later each time. Rejects with an `AbortError` when the signal aborts,
 * with `NOT_FOUND` when the job is gone, and with the network's error after `MAX_FAILED_ASKS` failed asks in a row.
 */
export function followJob(first: JobView, options: FollowOptions = {}): Promise<JobView> {
  const { signal, onChange } = options;
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const finish = (view: JobView) => {
      stop();
      signal?.removeEventListener('abort', onAbort);
      resolve(view);
    };
    const fail = (error: unknown) => {
      stop();
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const onAbort = () => fail(abortError());
    const seen = (view: JobView) => {
      onChange?.(view);
      if (isTerminalState(view.state)) finish(view);
    };
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    seen(first);
    if (isTerminalState(first.state)) return;

    /**
     * The job's view now, or the error of an answer that is not one (the job is gone); a network failure, or no answer
     * within `ASK_TIMEOUT_MS`, throws.
     */
    const askView = async (): Promise<JobView> => {
      const ask = new AbortController();
      const timer = setTimeout(() => ask.abort(), ASK_TIMEOUT_MS);
      const onAbort = () => ask.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const response = await fetch(`${JOBS_PATH}/${first.id}`, { signal: ask.signal, cache: 'no-store' });
        const body: unknown = await response.json();
        if (!response.ok) throw AppError.fromJson(body);
        return (body as JobBody).job;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    };

    const poll = () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let isStopped = false;
      stop = () => {
        isStopped = true;
        clearTimeout(timer);
      };
      let failures = 0;
      const ask = async () => {
        try {
          const view = await askView();
          if (isStopped) return;
          failures = 0;
          seen(view);
        } catch (error) {
          if (isStopped) return;
          failures += 1;
          // An answer that is an error (the job is gone) is the job's end; a network that fails is asked again.
          if (error instanceof AppError || failures === MAX_FAILED_ASKS) {
            fail(error);
            return;
          }
        }
        if (isStopped) return;
        timer = setTimeout(() => void ask(), Math.min(POLL_INTERVAL_MS * 2 ** failures, MAX_RETRY_MS));
      };
      timer = setTimeout(() => void ask(), POLL_INTERVAL_MS);
    };

    if (typeof EventSource === 'undefined') {
      poll();
      return;
    }
    const events = new EventSource(`${JOBS_PATH}/${first.id}/events`);
    let isStreaming = true;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const stopStream = () => {
      isStreaming = false;
      clearTimeout(silence);
      events.close();
    };
    // Asked after every 5 s without an event; a failed ask leaves the stream to go on (the next silence asks again).
    const awaitSilence = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        void askView().then(
          (view) => {
            if (!isStreaming) return;
            seen(view);
            if (isStreaming) awaitSilence();
          },
          (error: unknown) => {
            if (!isStreaming) return;
            if (error instanceof AppError) fail(error);
            else awaitSilence();
          },
        );
      }, SILENT_STREAM_MS);
    };
    stop = stopStream;
    awaitSilence();
    events.addEventListener('job', (event) => {
      const body = JSON.parse((event as MessageEvent<string>).data) as JobBody;
      seen(body.job);
      if (isStreaming) awaitSilence();
    });
    // The stream broke before the job ended (or never opened): asking goes on without it.
    events.addEventListener('error', () => {
      stopStream();
      poll();
    });
  });
}
