import { randomUUID } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type JobResult, type JobRunner, type JobWork } from '@quire/engine';
import { AppError, TOOLS, type JobLane, type JobView, type ToolId } from '@quire/shared';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { clearEarlierRuns, JOB_ID_PATTERN, type JobStore } from '../jobs/job-store.ts';
import { JobRecords, listenToCancels, type JobRecord } from './job-records.ts';
import { clientKey, releaseClientSlot, workersKey, type QueuedJob } from './queued-job.ts';
import { bullConnectionOptions, KEY_PREFIX } from './redis-client.ts';

export type ClusterWorkerOptions = {
  redisUrl: string;
  /** Commands, and a subscriber for cancellations. */
  redis: Redis;
  subscriber: Redis;
  store: JobStore;
  lanes: readonly JobLane[];
  /** This process's own pool of capped worker processes, which runs each job. */
  runner: JobRunner;
  /** Jobs taken at once per lane: the pool's size. */
  concurrency: Record<JobLane, number>;
  lockMs: number;
  /** How long an ended job is kept for its client (`QUIRE_JOB_RETENTION_SECONDS`). */
  retentionMs: number;
  onError: (message: string, error: unknown) => void;
};

/** How often a worker says it is alive (and its memory); web processes count it out after 10 s of silence. */
const HEARTBEAT_MS = 3_000;
/** A worker that died in the middle of a job lets it run again this many times elsewhere, then it fails. */
const MAX_STALLED_RUNS = 2;

/**
 * The worker side of cluster mode: takes jobs from its lanes' BullMQ queues and runs each in this process's own
 * pool of capped worker processes, exactly as the all-in-one server does. It writes each change of the job to its
 * record (running, stage and pages, done with its result, or failed), and stops a job whose record is deleted.
 * Every run of a job works in a fresh directory (`attempt-<n>`) beside its uploads, so a job that a killed worker
 * left half done runs again from the start on another.
 */
export class ClusterWorker {
  readonly #options: ClusterWorkerOptions;
  readonly #records: JobRecords;
  readonly #workers: Worker[] = [];
  readonly #running = new Map<string, AbortController>();
  readonly #id = randomUUID();
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(options: ClusterWorkerOptions) {
    this.#options = options;
    this.#records = new JobRecords(options.redis, options.retentionMs);
  }

  async start(): Promise<void> {
    const { lanes, lockMs } = this.#options;
    await listenToCancels(this.#options.subscriber, (id) =>
      this.#running.get(id)?.abort(new AppError('JOB_TIMEOUT', 'The job was cancelled.')),
    );
    for (const lane of lanes) {
      const worker = new Worker<QueuedJob>(lane, (job) => this.#process(job), {
        connection: bullConnectionOptions(this.#options.redisUrl, `worker-${lane}`),
        prefix: KEY_PREFIX,
        concurrency: this.#options.concurrency[lane],
        lockDuration: lockMs,
        stalledInterval: lockMs,
        maxStalledCount: MAX_STALLED_RUNS,
      });
      worker.on('error', (error) => this.#options.onError('queue connection', error));
      this.#workers.push(worker);
    }
    await Promise.all(this.#workers.map((worker) => worker.waitUntilReady()));
    await this.#beat();
    this.#heartbeat = setInterval(() => void this.#beat(), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Jobs this process runs now. */
  get running(): number {
    return this.#running.size;
  }

  /** Stops taking jobs and waits for the running ones (`force`: stops them). */
  async close(force = false): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    if (force) for (const controller of this.#running.values()) controller.abort();
    await Promise.all(this.#workers.map((worker) => worker.close(force)));
    await Promise.all(
      this.#options.lanes.map((lane) =>
        this.#options.redis.hdel(workersKey(KEY_PREFIX, lane), this.#id).catch(() => 0),
      ),
    );
  }

  async #beat(): Promise<void> {
    const memory = this.#options.runner.workerMemoryBytes;
    const { redis, lanes, concurrency } = this.#options;
    await Promise.all(
      lanes.map((lane) =>
        redis.hset(
          workersKey(KEY_PREFIX, lane),
          this.#id,
          JSON.stringify({ concurrency: concurrency[lane], memoryBytes: memory[lane], at: Date.now() }),
        ),
      ),
    ).catch((error: unknown) => this.#options.onError('heartbeat', error));
  }

  async #process(job: Job<QueuedJob>): Promise<void> {
    const queued = job.data;
    const { store, runner } = this.#options;
    if (!JOB_ID_PATTERN.test(queued.id)) return;
    const record = await this.#records.get(queued.id);
    // Deleted while it waited (cancelled, or its time is up): nothing to run.
    if (!record) return this.#countOut(queued);
    const controller = new AbortController();
    this.#running.set(queued.id, controller);
    try {
      const jobDir = await store.open(queued.id);
      const attemptDir = join(jobDir, `attempt-${job.attemptsStarted}`);
      await clearEarlierRuns(jobDir);
      await mkdir(attemptDir, { mode: 0o700 });
      await this.#update(queued.id, (view) => ({
        ...view,
        state: 'running',
        progress: { stage: 'reading', pagesDone: null, pagesTotal: null },
      }));
      let pagesTotal: number | null = null;
      const options = {
        signal: controller.signal,
        timeoutMs: queued.timeoutMs,
        ...(queued.cpuLimitMs === null ? {} : { cpuLimitMs: queued.cpuLimitMs }),
        workDir: attemptDir,
        client: queued.client,
        onProgress: (
          stage: 'reading' | 'processing' | 'writing',
          pages: { done: number; total: number } | null,
        ) => {
          if (pages) pagesTotal = pages.total;
          void this.#update(queued.id, (view) => ({
            ...view,
            progress: { stage, pagesDone: pages?.done ?? null, pagesTotal: pages?.total ?? null },
          })).catch(() => undefined);
        },
      };
      const result = await runWork(runner, localWork(queued.work, store), options);
      await store.keepOnly(queued.id, result.path);
      const bytes = (await stat(result.path)).size;
      await this.#records.update(queued.id, (current) =>
        doneRecord(current, result, store.keyOf(result.path), bytes, pagesTotal, this.#options.retentionMs),
      );
    } catch (error) {
      const appError =
        error instanceof AppError ? error : new AppError('INTERNAL', 'Something went wrong on our side.');
      if (!(error instanceof AppError)) this.#options.onError('job failed', error);
      await this.#records
        .update(queued.id, (current) => ({
          ...current,
          view: {
            ...current.view,
            state: 'failed',
            progress: { stage: 'failed', pagesDone: null, pagesTotal: null },
            error: appError.toJson().error,
            expiresAt: new Date(Date.now() + this.#options.retentionMs).toISOString(),
          },
        }))
        .catch(() => false);
      await store.remove(queued.id);
    } finally {
      this.#running.delete(queued.id);
      await this.#countOut(queued);
    }
  }

  async #update(id: string, change: (view: JobView) => JobView): Promise<boolean> {
    return this.#records.update(id, (record) => ({ ...record, view: change(record.view) }));
  }

  /** The job is over: its client may have another in the cluster. */
  async #countOut(queued: QueuedJob): Promise<void> {
    await releaseClientSlot(this.#options.redis, clientKey(KEY_PREFIX, queued.client)).catch(() => undefined);
  }
}

function runWork(
  runner: JobRunner,
  work: JobWork,
  options: Parameters<JobRunner['run']>[2],
): Promise<JobResult> {
  if (work.kind === 'test') return runner.runTestOp(laneOfTest(work), work.name, work.input, options);
  return runner.run(work.toolId, work.input, options);
}

/** Test-only ops run in the PDF lane. */
function laneOfTest(_work: Extract<JobWork, { kind: 'test' }>): JobLane {
  return 'pdf';
}

function doneRecord(
  record: JobRecord,
  result: JobResult,
  path: string,
  bytes: number,
  pagesTotal: number | null,
  retentionMs: number,
): JobRecord {
  const tool = TOOLS[record.view.tool as ToolId];
  return {
    ...record,
    result: { path, report: result.report },
    view: {
      ...record.view,
      state: 'done',
      progress: { stage: 'done', pagesDone: pagesTotal, pagesTotal },
      notices: result.report.notices,
      result: { fileName: tool.output.fileName, mimeType: tool.output.mimeType, bytes },
      expiresAt: new Date(Date.now() + retentionMs).toISOString(),
    },
  };
}

/** The work with its files' keys resolved to this process's paths. */
function localWork(work: JobWork, store: JobStore): JobWork {
  if (work.kind !== 'tool') return work;
  return {
    ...work,
    input: {
      ...work.input,
      files: work.input.files.map((file) => ({ ...file, path: store.pathOf(file.path) })),
    },
  };
}
