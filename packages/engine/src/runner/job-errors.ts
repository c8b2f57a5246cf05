import { AppError, RETRY_AFTER_SECONDS } from '@quire/shared';
import type { Budget, Resource } from './watch-budget.ts';

const MEBIBYTE = 1024 * 1024;

/**
 * A long job stopped before its heavy part because every place for long work was taken elsewhere (`RunOptions.
 * claimLong`): its caller queues it again. Never a visitor's answer.
 */
export class LongJobDeferred extends AppError {
  constructor() {
    super('SERVER_BUSY', 'The job waits for a worker that may run long jobs.');
  }
}

/** `RESOURCE_LIMIT_EXCEEDED`: the document is too complex to process here, and which budget it passed. */
export function resourceLimitError(
  resource: Resource,
  { cpuLimitMs = 0, memoryLimitBytes }: Partial<Budget> & { memoryLimitBytes: number },
): AppError {
  const limitMegabytes = Math.round(memoryLimitBytes / MEBIBYTE);
  const limitSeconds = Math.round(cpuLimitMs / 1000);
  return resource === 'memory'
    ? new AppError(
        'RESOURCE_LIMIT_EXCEEDED',
        `The document is too complex to process here: it needs more than ${limitMegabytes} MB of memory.`,
        { resource, limitMegabytes },
      )
    : new AppError(
        'RESOURCE_LIMIT_EXCEEDED',
        `The document is too complex to process here: it needs more than ${limitSeconds} s of processing time.`,
        { resource, limitSeconds },
      );
}

/** `OUTPUT_TOO_LARGE` with the limit, which the worker that hit it does not know in the visitor's terms. */
export function outputTooLargeError(limitBytes: number): AppError {
  return new AppError('OUTPUT_TOO_LARGE', `The result would be larger than ${limitBytes / MEBIBYTE} MB.`, {
    limitBytes,
    limitMegabytes: Math.floor(limitBytes / MEBIBYTE),
  });
}

/** Why a job's signal was aborted: the reason it carries (the disk budget's, say), or a cancelled request. */
export function cancelled(signal: AbortSignal): AppError {
  return signal.reason instanceof AppError
    ? signal.reason
    : new AppError('JOB_TIMEOUT', 'The request was cancelled.');
}

/** `TOO_MANY_JOBS`: the client already has as many jobs waiting, in all lanes, as its share allows. */
export function tooManyJobs(maxQueued: number): AppError {
  return new AppError('TOO_MANY_JOBS', 'You already have as many documents waiting as you may.', {
    share: 'queued', // the client's share used up, as `TOO_MANY_STREAMS` and `DISK_SHARE_FULL` name theirs
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    maxQueued,
  });
}

export function busy(message: string): AppError {
  return new AppError('SERVER_BUSY', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}

/** A worker's `OUTPUT_TOO_LARGE`, with the pool's own limit in its message (unless the op foresaw it and said so). */
export function withLimits(error: AppError, maxOutputBytes: number): AppError {
  const isForeseen = error.details?.['estimatedMegabytes'] !== undefined;
  return error.code === 'OUTPUT_TOO_LARGE' && !isForeseen ? outputTooLargeError(maxOutputBytes) : error;
}
