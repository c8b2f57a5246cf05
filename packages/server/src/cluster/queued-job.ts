import type { JobWork } from '@quire/engine';
import type { JobRecord } from './job-records.ts';

/**
 * A job as it travels through a lane's queue: its work with every path relative to the job root (each process
 * mounts the job store at its own `QUIRE_JOB_ROOT`), and its limits.
 */
export type QueuedJob = {
  /** The job's id, which is also its directory's name under the job root. */
  readonly id: string;
  readonly work: JobWork;
  readonly timeoutMs: number;
  readonly cpuLimitMs: number | null;
  /** The job's record as it was admitted: the worker that takes the job writes its changes from it. */
  readonly record: JobRecord;
  /**
   * Whether anyone hears the job's stages and pages: a job of the job API, or a request that shows them. A request
   * that only waits for its file spares the worker's process the progress messages.
   */
  readonly reportsProgress: boolean;
  /** Found long before (`LongClaims`): it starts only with a place for long work in its lane. */
  readonly isLong?: boolean;
};

/** A worker that has not said it is alive (in `workersKey`) for this long is counted out, by every process. */
export const WORKER_SILENCE_MS = 10_000;

/** The hash where each worker process of a lane says it is alive, how many jobs it runs at once and its memory. */
export function workersKey(prefix: string, lane: string): string {
  return `${prefix}:workers:${lane}`;
}

/** The work with each file's path changed by `map` (to a job-store key, or back to this process's path). */
export function mapFilePaths(work: JobWork, map: (path: string) => string): JobWork {
  if (work.kind !== 'tool') return work;
  const files = work.input.files.map((file) => ({ ...file, path: map(file.path) }));
  return { ...work, input: { ...work.input, files } };
}
