import { stat } from 'node:fs/promises';
import type { AppError, JobView } from '@quire/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobAnswer } from '../http/answer-job.ts';
import { toAppError } from '../http/error-handler.ts';
import { pruneJobDir, removeJobDir } from '../http/job-dir.ts';
import { runTool, type ToolRun, type ToolRunDeps } from '../http/run-tool.ts';
import { AsyncJobs } from './async-jobs.ts';
import type { BudgetHold, JobBackend } from './job-backend.ts';

/** The asynchronous jobs of the all-in-one server: kept in its memory, run in its own lanes. */
export class LocalJobs implements JobBackend {
  readonly #deps: ToolRunDeps;
  readonly #jobs: AsyncJobs;

  constructor(deps: ToolRunDeps, jobs = new AsyncJobs()) {
    this.#deps = deps;
    this.#jobs = jobs;
  }

  /** This server's disk budget counts each client's jobs and results itself (`DiskBudget`). */
  async checkShares(): Promise<void> {}

  async start(
    run: ToolRun,
    { jobDir, budget, stop }: { jobDir: string; budget: BudgetHold; stop: AbortSignal },
    log: FastifyBaseLogger,
  ): Promise<JobView> {
    const jobs = this.#jobs;
    const { id, signal } = jobs.create(run.toolId, async () => {
      budget.release();
      await removeJobDir(jobDir);
    });
    let admit = () => {};
    const admitted = new Promise<void>((resolve) => (admit = resolve));
    const work = runTool(this.#deps, run, {
      jobDir,
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
        await pruneJobDir(jobDir, answer.result.path);
        const { size } = await stat(answer.result.path);
        budget.settle(size);
        if (!jobs.finished(id, answer, size)) {
          // Deleted while its work ended (cancelled, or the server closing): its files went with it, and whatever
          // the work wrote since goes now.
          budget.release();
          await removeJobDir(jobDir);
          return;
        }
        log.info({ ...answer.log, job: 'async' }, 'job done');
      })
      .catch(async (error: unknown) => {
        const appError = toAppError(error);
        if (appError.code === 'INTERNAL') log.error({ err: error }, 'internal error in a job');
        jobs.failed(id, appError);
        // A failed job keeps its error for its client, not its files.
        budget.release();
        await removeJobDir(jobDir);
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
