import { AppError, JOBS_PATH, isTerminalState, type JobBody, type JobView } from '@quire/shared';

/** How often a job is asked for when its event stream is not available. */
const POLL_INTERVAL_MS = 700;

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
 * and the network allow them, else (an event stream that fails, a proxy that buffers it) by asking for the job
 * every 0.7 s. Rejects with an `AbortError` when the signal aborts, and with `NOT_FOUND` when the job is gone.
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

    const poll = () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let isStopped = false;
      stop = () => {
        isStopped = true;
        clearTimeout(timer);
      };
      const ask = async () => {
        try {
          const response = await fetch(`${JOBS_PATH}/${first.id}`, {
            signal: signal ?? null,
            cache: 'no-store',
          });
          const body: unknown = await response.json();
          if (isStopped) return;
          if (!response.ok) throw AppError.fromJson(body);
          seen((body as JobBody).job);
        } catch (error) {
          if (!isStopped) fail(error);
          return;
        }
        if (!isStopped) timer = setTimeout(() => void ask(), POLL_INTERVAL_MS);
      };
      timer = setTimeout(() => void ask(), POLL_INTERVAL_MS);
    };

    if (typeof EventSource === 'undefined') {
      poll();
      return;
    }
    const events = new EventSource(`${JOBS_PATH}/${first.id}/events`);
    stop = () => events.close();
    events.addEventListener('job', (event) => {
      const body = JSON.parse((event as MessageEvent<string>).data) as JobBody;
      seen(body.job);
    });
    // The stream broke before the job ended (or never opened): asking goes on without it.
    events.addEventListener('error', () => {
      events.close();
      poll();
    });
  });
}
