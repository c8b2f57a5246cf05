import { STATUS_REFRESH_MS, type StatusReport } from '@quire/shared';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { readStatusReport } from './status-view.ts';

export const STATUS_URL = '/api/status';
/** First wait before fetching again after a failure; doubled on each further failure, up to a minute. */
const FIRST_RETRY_MS = 5_000;

export type StatusState = {
  /** The last report received; kept while a later fetch fails. */
  readonly report: StatusReport | null;
  /** Consecutive failed fetches (0 after a success). */
  readonly failures: number;
  /** When the next attempt after a failure is due (ms since the epoch), while failing. */
  readonly retryAt: number | null;
};

export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), STATUS_REFRESH_MS);
}

/**
 * The live status report, fetched in the browser (the prerendered page holds no figures): once on arrival, every
 * minute while `isAutoRefresh` is on and the tab is visible (and at once when a hidden tab comes back after a
 * minute or more), and again after a failure, sooner at first. `onFetching` hears when a fetch starts (`true`) and
 * when it is over (`false`: once its report is committed, or at once when it failed), without a render of its own.
 */
export function useStatusReport(
  isAutoRefresh: boolean,
  onFetching: (isFetching: boolean) => void = () => {},
): StatusState & { reload: () => void } {
  const [state, setState] = useState<StatusState>({ report: null, failures: 0, retryAt: null });
  const inFlight = useRef<AbortController | null>(null);
  const lastAttempt = useRef(0);
  const fetching = useRef(onFetching);
  fetching.current = onFetching;

  const reload = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastAttempt.current = Date.now();
    fetching.current(true);
    void (async () => {
      try {
        const response = await fetch(STATUS_URL, {
          headers: { accept: 'application/json' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`GET ${STATUS_URL} answered ${response.status}`);
        const report = readStatusReport(await response.json());
        // The whole page redraws from a report: a transition lets React do it in slices, between which the
        // browser answers the visitor (on a slow phone one pass is a long task of a few hundred ms).
        if (!controller.signal.aborted)
          startTransition(() => setState({ report, failures: 0, retryAt: null }));
      } catch {
        if (controller.signal.aborted) return;
        fetching.current(false);
        setState((previous) => ({
          report: previous.report,
          failures: previous.failures + 1,
          retryAt: Date.now() + retryDelayMs(previous.failures + 1),
        }));
      }
    })();
  }, []);

  useEffect(() => {
    reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  useEffect(() => {
    if (!isAutoRefresh) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, STATUS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastAttempt.current >= STATUS_REFRESH_MS) {
        reload();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isAutoRefresh, reload]);

  // A report's fetch is over once the report is on the page (its render is a transition, which may take a while).
  const { report, retryAt } = state;
  useEffect(() => {
    if (report) fetching.current(false);
  }, [report]);

  useEffect(() => {
    if (retryAt === null) return;
    const timer = setTimeout(reload, Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt, reload]);

  return { ...state, reload };
}
