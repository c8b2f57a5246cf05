import { AppError, RETRY_AFTER_SECONDS, toWholeMegabytes } from '@quire/shared';

/**
 * What one client (its address's code, or its API key: `request.client`) may hold at once, each answered 429 with
 * `Retry-After` past it, and named in the error's `details.share`: `queued`, its jobs waiting in all lanes
 * (`TOO_MANY_JOBS`, the fair share); `streams`, its open job event streams (`TOO_MANY_STREAMS`); `disk`, the job
 * disk its jobs in progress and its results waiting to be fetched take (`DISK_SHARE_FULL`).
 */
export type ClientShare = 'queued' | 'streams' | 'disk';

export function tooManyStreams(maxStreams: number): AppError {
  return new AppError(
    'TOO_MANY_STREAMS',
    `This client already has ${maxStreams} job event streams open, as many as it may: close one, or ask for the job with GET instead.`,
    { share: 'streams' satisfies ClientShare, maxStreams, retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

export function diskShareFull(limitBytes: number): AppError {
  return new AppError(
    'DISK_SHARE_FULL',
    `This client's jobs in progress and results waiting to be fetched already hold its share of the job disk (${toWholeMegabytes(limitBytes)} MB): fetch or delete results first.`,
    { share: 'disk' satisfies ClientShare, limitBytes, retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}
