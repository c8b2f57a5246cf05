import { AppError, TOOLS, endedJobView, isTerminalState, queuedJobView, type JobView } from '@quire/shared';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import { notFound } from '../jobs/async-jobs.ts';
import { diskShareFull } from '../jobs/client-shares.ts';
import { directoryBytes } from '../jobs/disk-budget.ts';
import { answerOf, type JobAnswer } from '../jobs/job-answer.ts';
import type { BudgetHold, JobBackend } from '../jobs/job-backend.ts';
import { measureJob, type JobRequest } from '../jobs/run-job.ts';
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
  readonly #metrics: ServiceMetrics | null;
  readonly #disk: ClusterDiskShare | null;

  constructor(
    runner: ClusterRunner,
    store: JobStore,
    metrics: ServiceMetrics | null = null,
    disk: ClusterDiskShare | null = null,
  ) {
    this.#runner = runner;
    this.#store = store;
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
    request: JobRequest,
    { id, budget }: { id: string; budget: BudgetHold; stop: AbortSignal },
  ): Promise<JobView> {
    const disk = this.#disk;
    const jobDir = this.#store.dirOf(id);
    let isCounted = false;
    // Watched from before it is queued: a worker may end it before the queueing's last answer arrives here.
    const stopMeasuring = this.#measure(id, request);
    try {
      if (disk) {
        // Its uploads count from now, if they fit in what is left of its client's share (one script: two uploads at
        // once cannot both take the last of it).
        const bytes = await directoryBytes(jobDir);
        isCounted = await withRedis(() => disk.ledger.reserve(request.client, id, bytes, disk.limitBytes));
        if (!isCounted) throw diskShareFull(disk.limitBytes);
      }
      const record = await this.#runner.enqueue(
        TOOLS[request.toolId].lane,
        { kind: 'tool', toolId: request.toolId, input: request.input },
        {
          signal: new AbortController().signal,
          timeoutMs: request.timeoutMs,
          cpuLimitMs: request.cpuLimitMs,
          workDir: jobDir,
          client: request.client,
        },
      );
      return record.view;
    } catch (error) {
      stopMeasuring();
      if (disk && isCounted) await disk.ledger.release(request.client, id).catch(() => undefined);
      await this.#store.remove(id);
      throw error;
    } finally {
      // This process's disk budget counts uploads while they arrive; the job's files are the cluster's now.
      budget.release();
    }
  }

  /**
   * The job's wait and outcome go to this process's metrics, as a tool request's do, whoever fetches it. Returns what
   * stops the watch (a job that was never queued).
   */
  #measure(id: string, request: JobRequest): () => void {
    if (!this.#metrics) return () => {};
    const measure = measureJob(this.#metrics, request.toolId);
    const enqueuedAt = Date.now();
    const stop = this.#runner.watch(id, (record) => {
      const state = record?.view.state ?? 'cancelled';
      if (state !== 'queued') measure.started(record ? waitedMs(record, enqueuedAt) : undefined);
      if (!isTerminalState(state)) return;
      measure.finished(state === 'done' ? 'ok' : (record?.view.error?.code ?? 'CANCELLED'));
      stop();
    });
    return stop;
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
    const naming = view.result ?? TOOLS[view.tool].output;
    const path = this.#store.pathOf(result.path);
    return { answer: answerOf(view.tool, { path, report: result.report }, naming, { job: 'async' }) };
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
