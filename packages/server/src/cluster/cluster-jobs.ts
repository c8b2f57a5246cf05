import { basename } from 'node:path';
import {
  AppError,
  TOOLS,
  endedJobView,
  isTerminalState,
  queuedJobView,
  reportHeaders,
  type JobView,
} from '@quire/shared';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import type { JobAnswer } from '../http/answer-job.ts';
import { removeJobDir } from '../http/job-dir.ts';
import type { ToolRun } from '../http/run-tool.ts';
import { notFound } from '../jobs/async-jobs.ts';
import { diskShareFull } from '../jobs/client-shares.ts';
import { directoryBytes } from '../jobs/disk-budget.ts';
import type { BudgetHold, JobBackend } from '../jobs/job-backend.ts';
import type { ClientDiskLedger } from './client-disk-ledger.ts';
import { waitedMs, type ClusterRunner } from './cluster-runner.ts';
import { JOB_ID_PATTERN, type JobStore } from '../jobs/job-store.ts';
import { withRedis } from './redis-client.ts';

/** Each client's share of the job disk, counted in Redis for the whole cluster (`ClientDiskLedger`). */
export type ClusterDiskShare = { readonly ledger: ClientDiskLedger; readonly limitBytes: number };

/**
 * The asynchronous jobs of a cluster: their records live in Redis, a worker process writes each change, and any
 * web process answers for any job (its files are in the shared job store). A job admitted here goes on whatever
 * becomes of this process. With `disk`, each job counts towards its client's share of the job disk from its
 * admission until its result is fetched, deleted or expires.
 */
export class ClusterJobs implements JobBackend {
  readonly #runner: ClusterRunner;
  readonly #store: JobStore;
  readonly #timeoutOf: (run: ToolRun) => { timeoutMs: number; cpuLimitMs: number | null };
  readonly #metrics: ServiceMetrics | null;
  readonly #disk: ClusterDiskShare | null;

  constructor(
    runner: ClusterRunner,
    store: JobStore,
    timeoutOf: (run: ToolRun) => { timeoutMs: number; cpuLimitMs: number | null },
    metrics: ServiceMetrics | null = null,
    disk: ClusterDiskShare | null = null,
  ) {
    this.#runner = runner;
    this.#store = store;
    this.#timeoutOf = timeoutOf;
    this.#metrics = metrics;
    this.#disk = disk;
  }

  async checkShares(client: string): Promise<void> {
    const disk = this.#disk;
    if (!disk) return;
    if ((await withRedis(() => disk.ledger.heldBytes(client))) >= disk.limitBytes) {
      throw diskShareFull(disk.limitBytes);
    }
  }

  async start(
    run: ToolRun,
    { jobDir, budget }: { jobDir: string; budget: BudgetHold; stop: AbortSignal },
  ): Promise<JobView> {
    const { timeoutMs, cpuLimitMs } = this.#timeoutOf(run);
    const disk = this.#disk;
    const id = basename(jobDir);
    let isCounted = false;
    try {
      if (disk) {
        // Its uploads count from now, if they fit in what is left of its client's share (one script: two uploads at
        // once cannot both take the last of it).
        const bytes = await directoryBytes(jobDir);
        isCounted = await withRedis(() => disk.ledger.reserve(run.client, id, bytes, disk.limitBytes));
        if (!isCounted) throw diskShareFull(disk.limitBytes);
      }
      const record = await this.#runner.enqueue(
        TOOLS[run.toolId].lane,
        { kind: 'tool', toolId: run.toolId, input: { files: run.uploads.files, options: run.options } },
        {
          signal: new AbortController().signal,
          timeoutMs,
          ...(cpuLimitMs === null ? {} : { cpuLimitMs }),
          workDir: jobDir,
          client: run.client,
        },
      );
      this.#measure(record.view.id, run);
      return record.view;
    } catch (error) {
      if (disk && isCounted) await disk.ledger.release(run.client, id).catch(() => undefined);
      await removeJobDir(jobDir);
      throw error;
    } finally {
      // This process's disk budget counts uploads while they arrive; the job's files are the cluster's now.
      budget.release();
    }
  }

  /** The job's wait and outcome go to this process's metrics, as a tool request's do, whoever fetches it. */
  #measure(id: string, run: ToolRun): void {
    const submitted = performance.now();
    const enqueuedAt = Date.now();
    const seconds = () => (performance.now() - submitted) / 1000;
    let hasStarted = false;
    const stop = this.#runner.watch(id, (record) => {
      const state = record?.view.state ?? 'cancelled';
      if (state !== 'queued' && !hasStarted) {
        hasStarted = true;
        const waited = record ? waitedMs(record, enqueuedAt) : undefined;
        this.#metrics?.jobStarted(TOOLS[run.toolId].lane, waited ?? seconds() * 1000);
      }
      if (!isTerminalState(state)) return;
      const outcome = state === 'done' ? 'ok' : (record?.view.error?.code ?? 'CANCELLED');
      this.#metrics?.jobFinished(run.toolId, outcome, seconds());
      stop();
    });
  }

  async view(id: string): Promise<JobView | null> {
    return (await withRedis(() => this.#runner.records.get(id)))?.view ?? null;
  }

  subscribe(id: string, listener: (view: JobView) => void): () => void {
    return this.#runner.watch(id, (record) => {
      if (record) listener(record.view);
      else listener({ ...deletedView(id) });
    });
  }

  async answerOf(id: string): Promise<{ answer: JobAnswer } | { error: AppError }> {
    const record = await withRedis(() => this.#runner.records.get(id));
    if (!record) return { error: notFound() };
    const { view, result } = record;
    if (view.state === 'failed' && view.error) return { error: AppError.fromJson({ error: view.error }) };
    if (view.state !== 'done' || !result) {
      return { error: new AppError('JOB_NOT_READY', 'The job is not done yet.', { state: view.state }) };
    }
    // Named and typed as the worker that ran it said in the job's view (after its first file; a one-page JPG).
    const { fileName, mimeType } = view.result ?? TOOLS[view.tool].output;
    return {
      answer: {
        result: { path: this.#store.pathOf(result.path) },
        headers: reportHeaders(view.tool, result.report),
        mimeType,
        fileName,
        log: { tool: view.tool, job: 'async' },
      },
    };
  }

  async delete(id: string): Promise<boolean> {
    if (!JOB_ID_PATTERN.test(id)) return false;
    const record = await withRedis(() => this.#runner.records.get(id));
    if (!record) return false;
    // Fetched or deleted, the job holds no more of its client's share (a worker that ends it later counts nothing),
    // from before its record goes.
    if (this.#disk && record.waiter === null) {
      const { ledger } = this.#disk;
      await withRedis(() => ledger.release(record.client, id));
    }
    await withRedis(() => this.#runner.cancel(id));
    await this.#store.remove(id);
    return true;
  }

  async close(): Promise<void> {}
}

/** What listeners hear of a job deleted meanwhile (by another request, or its expiry). */
function deletedView(id: string): JobView {
  return endedJobView(queuedJobView(id, 'rotate'), 'cancelled', null, null);
}
