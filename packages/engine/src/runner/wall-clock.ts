import { AppError } from '@quire/shared';

/** A running job's wall-clock limit: set when it starts, moved by its op within the limit it was given. */
export type WallClock = {
  /** The limit, from the job's start, becomes `limitMs` (never more than the limit it was given). */
  setLimit: (limitMs: number) => void;
  stop: () => void;
};

/** Calls `onTimeout` with `JOB_TIMEOUT` once the job has run `timeoutMs`, or the limit its op set since. */
export function startWallClock(timeoutMs: number, onTimeout: (error: AppError) => void): WallClock {
  const startedAt = Date.now();
  const start = (limitMs: number) =>
    setTimeout(
      () =>
        onTimeout(
          new AppError(
            'JOB_TIMEOUT',
            `The document took longer than ${Math.round(limitMs / 1000)} s, the most one job may take here.`,
            { limitSeconds: Math.round(limitMs / 1000) },
          ),
        ),
      Math.max(0, startedAt + limitMs - Date.now()),
    );
  let timer = start(timeoutMs);
  return {
    setLimit: (limitMs) => {
      clearTimeout(timer);
      timer = start(Math.min(timeoutMs, limitMs));
    },
    stop: () => clearTimeout(timer),
  };
}
