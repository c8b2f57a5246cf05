import type { AppError, JobView } from '@quire/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DiskBudget } from './disk-budget.ts';
import type { JobAnswer } from './job-answer.ts';
import type { JobRequest } from './run-job.ts';

/** The disk budget's hold on one job's directory (`DiskBudget.admit`). */
export type BudgetHold = ReturnType<DiskBudget['admit']>;

/**
 * Where the asynchronous jobs live: in this process (`LocalJobs`, the all-in-one server) or in Redis for every
 * process of a cluster (`ClusterJobs`). The routes of `/api/v1/jobs` speak only to this.
 */
export type JobBackend = {
  /**
   * Refuses, before its upload is read, a client whose jobs and results kept here already hold its share of the job
   * disk (429 `DISK_SHARE_FULL`). The all-in-one server's disk budget counts them itself, so `LocalJobs` refuses
   * nothing here; `ClusterJobs` asks Redis.
   */
  checkShares(client: string): Promise<void>;
  /**
   * Admits the job `id` (from the job store) whose upload is stored in its directory and whose options are checked;
   * resolves with its view once it waits or runs, then it goes on alone. A refusal (429 `TOO_MANY_JOBS` or
   * `DISK_SHARE_FULL`, 503 `SERVER_BUSY`) rejects, and the job's directory and budget are given back.
   */
  start(
    request: JobRequest,
    job: { id: string; budget: BudgetHold; stop: AbortSignal },
    log: FastifyBaseLogger,
  ): Promise<JobView>;
  view(id: string): Promise<JobView | null>;
  /** Hears every change of the job until it ends or is deleted; returns the function that stops listening. */
  subscribe(id: string, listener: (view: JobView) => void): () => void;
  /** The finished job's answer (the file and how to send it), or why there is none. */
  answerOf(id: string): Promise<{ answer: JobAnswer } | { error: AppError }>;
  /** Cancels the job if it waits or runs, and deletes it with its files; false when there was no such job. */
  delete(id: string): Promise<boolean>;
  /** This process is closing: the jobs it keeps go (a cluster's jobs are the cluster's, and stay). */
  close(): Promise<void>;
};
