import { stat } from 'node:fs/promises';
import { AppError, type JobView } from '@quire/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AsyncJobs } from './async-jobs.ts';
import type { JobAnswer } from './job-answer.ts';
import type { BudgetHold, JobBackend } from './job-backend.ts';
import type { JobStore } from './job-store.ts';
import { runJob, type JobRequest, type JobRunDeps } from './run-job.ts';

/** The asynchronous jobs of the all-in-one server: kept in its memory, run in its own lanes, files in its store. */
export class LocalJobs implements JobBackend {
  readonly #deps: JobRunDeps;
  readonly #store: JobStore;
  readonly #jobs: AsyncJobs;

  constructor(deps: JobRunDeps, store: JobStore, jobs = new AsyncJobs()) {
    this.#deps = deps;
    this.#store = store;
    this.#jobs = jobs;
  }

  /** This server's disk budget counts each client's jobs and results itself (`DiskBudget`). */
  async checkShares(): Promise<void> {}

  async start(
    request: JobRequest,
    { id, budget, stop }: { id: string; budget: BudgetHold; stop: AbortSignal },
    log: FastifyBaseLogger,
  ): Promise<JobView> {
    const jobs = this.#jobs;
    const store = this.#store;
    const signal = jobs.create(id, request.toolId, async () => {
      budget.release();
      await store.remove(id);
    });
    let admit = () => {};
    const admitted = new Promise<void>((resolve) => (admit = resolve));
    const work = runJob(this.#deps, request, {
      dir: store.dirOf(id),
      signal: AbortSignal.any([signal, stop]),
      onAdmitted: admit,
      onStart: () => jobs.started(id),
      onProgress: (stage, pages) => jobs.progress(id, stage, pages),
    });
    try {
      // A job its lane or its client's fair share refuses is answered now (429, 503), not as a failed job.
      await Promise.race([admitted, work]);
    } catch (error) {
      await jobs.delete(id);
      throw error;
    }
    void work
      .then(async (answer) => {
        await store.keepResult(id, answer.result.path, { dropInputs: true });
        const { size } = await stat(answer.result.path);
        budget.settle(size);
        if (!jobs.finished(id, answer, size)) {
          // Deleted while its work ended (cancelled, or the server closing): its files went with it, and whatever
          // the work wrote since goes now.
          budget.release();
          await store.remove(id);
          return;
        }
        log.info({ ...answer.log, job: 'async' }, 'job done');
      })
      .catch(async (error: unknown) => {
        const appError =
          error instanceof AppError
            ? error
            : new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
        if (appError.code === 'INTERNAL') log.error({ err: error }, 'internal error in a job');
        jobs.failed(id, appError);
        // A failed job keeps its error for its client, not its files.
        budget.release();
        await store.remove(id);
      })
      // Never an unhandled rejection (it would stop the server): a directory not removed is only logged.
      .catch((error: unknown) => log.error({ err: error }, 'job directory not removed'));
    return jobs.view(id) as JobView;
  }

  async view(id: string): Promise<JobView | null> {
    return this.#jobs.view(id);
  }

  subscribe(id: string, listener: (view: JobView) => void): () => void {
    return this.#jobs.subscribe(id, listener);
  }

  async answerOf(id: string): Promise<{ answer: JobAnswer } | { error: AppError }> {
    return this.#jobs.answerOf(id);
  }

  delete(id: string): Promise<boolean> {
    return this.#jobs.delete(id);
  }

  close(): Promise<void> {
    return this.#jobs.clear();
  }
}
