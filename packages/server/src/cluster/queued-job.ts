import type { JobWork, TestOpInput, TestOpName } from '@quire/engine';
import { AppError, type ToolId, type ToolOptions } from '@quire/shared';
import type { JobStore } from '../jobs/job-store.ts';
import type { JobRecord } from './job-records.ts';

/**
 * The version of `QueuedJob`, which every payload carries: a change of its shape is a new version. A worker takes
 * only its own version's payloads (a job queued by a web process of another version, during an upgrade, fails
 * `SERVER_BUSY`, to be sent again), never misreads one. Version 2: the record it carries holds a view whose done
 * result has its tool's figures (`JobResultView.report`).
 */
export const QUEUED_JOB_VERSION = 2;

/** A file of a queued job: its key in the job store, never one process's path, and the visitor's name for it. */
export type QueuedFile = { readonly key: string; readonly name: string; readonly password?: string };

/**
 * What a queued job runs: a tool's op on its files and options, or a test-only op (only where test ops are on,
 * `QUIRE_TEST_OPS=1`). Its own type, not the engine's message to its worker processes: the engine's may change with
 * any release, a payload waits in Redis across them.
 */
export type QueuedWork =
  | {
      readonly kind: 'tool';
      readonly toolId: ToolId;
      readonly files: readonly QueuedFile[];
      readonly options: ToolOptions<ToolId>;
    }
  | { readonly kind: 'test'; readonly name: TestOpName; readonly input: TestOpInput };

/** A job as it travels through a lane's BullMQ queue, from a web process to a worker process. */
export type QueuedJob = {
  readonly version: typeof QUEUED_JOB_VERSION;
  /** The job's id, which is also its directory's name in the job store. */
  readonly id: string;
  readonly work: QueuedWork;
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

/** Whether a queue's payload is a `QueuedJob` of this version. */
export function isCurrentQueuedJob(data: { readonly version?: unknown }): data is QueuedJob {
  return data.version === QUEUED_JOB_VERSION;
}

/** The work as it is queued: each file by its key in the store. */
export function toQueuedWork(work: JobWork, store: Pick<JobStore, 'keyOf'>): QueuedWork {
  if (work.kind === 'test') return work;
  if (work.input.secretFile) {
    // A payload waits in Redis, which may write it to disk: a certificate stays in the memory of the one process
    // that received it, so a cluster does not take one.
    throw new AppError(
      'TOOL_UNAVAILABLE',
      'Certificate signing is not offered by a cluster: a certificate would travel through Redis.',
      { option: 'certificate' },
    );
  }
  const files = work.input.files.map(({ path, name, password }) => ({
    key: store.keyOf(path),
    name,
    ...(password === undefined ? {} : { password }),
  }));
  return { kind: 'tool', toolId: work.toolId, files, options: work.input.options };
}

/** The queued work as this process's pool runs it: each file at its path in this process's mount of the store. */
export function toJobWork(work: QueuedWork, store: Pick<JobStore, 'pathOf'>): JobWork {
  if (work.kind === 'test') return work;
  const files = work.files.map(({ key, name, password }) => ({ path: store.pathOf(key), name, password }));
  return { kind: 'tool', toolId: work.toolId, input: { files, options: work.options } };
}

/** A worker that has not said it is alive (in `workersKey`) for this long is counted out, by every process. */
export const WORKER_SILENCE_MS = 10_000;

/** The hash where each worker process of a lane says it is alive, how many jobs it runs at once and its memory. */
export function workersKey(prefix: string, lane: string): string {
  return `${prefix}:workers:${lane}`;
}
