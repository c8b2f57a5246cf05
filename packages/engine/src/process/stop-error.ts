import { AppError } from '@quire/shared';

/**
 * Why a job's work stopped, for the visitor: the reason its signal was aborted with (a timeout, a budget) when that
 * is an AppError, else a plain `JOB_TIMEOUT`.
 */
export function stopError(signal: AbortSignal): AppError {
  return signal.reason instanceof AppError
    ? signal.reason
    : new AppError('JOB_TIMEOUT', 'The job was stopped before it finished.');
}
