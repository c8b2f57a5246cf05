import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import {
  busy,
  cancelled,
  type JobInput,
  type JobResult,
  type JobWork,
  type LaneStats,
  type RunOptions,
  type TestOpInput,
  type TestOpName,
} from '@quire/engine';
import {
  AppError,
  JOB_LANES,
  RETRY_AFTER_SECONDS,
  TOOLS,
  queuedJobView,
  type JobLane,
  type ToolId,
} from '@quire/shared';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ClientShare } from '../jobs/client-shares.ts';
import type { Runner } from '../runner.ts';
import { JobRecords, listenToJobEvents, type JobEvent, type JobRecord } from './job-records.ts';
import { JOB_ID_PATTERN, type JobStore } from '../jobs/job-store.ts';
import {
  QUEUED_JOB_VERSION,
  WORKER_SILENCE_MS,
  toQueuedWork,
  workersKey,
  type QueuedJob,
} from './queued-job.ts';
import { KEY_PREFIX, redisUnavailable, withRedis } from './redis-client.ts';

export type ClusterRunnerOptions = {
  store: JobStore;
  /** Commands a request waits on (fail fast), and a subscriber for job events. */
  redis: Redis;
  subscriber: Redis;
  /** Jobs that may wait in each lane's queue; more are refused with `SERVER_BUSY`. */
  maxQueue: Record<JobLane, number>;
  /** A client's jobs in the cluster, waiting or running, beyond which it gets `TOO_MANY_JOBS`. */
  maxPerClient: number;
  maxQueuedPerClient: number;
  /** How long an ended job is kept for its client. */
  retentionMs: number;
};

type Waiter = { onEvent: (record: JobRecord | null) => void };

/** How often the lanes' figures (queues, workers, memory) are read for readiness and metrics. */
const STATS_INTERVAL_MS = 1_000;
/** A job that never hears back (an event lost while Redis was away) is looked up this often. */
const RECHECK_INTERVAL_MS = 5_000;
/** How long Redis may be gone before the requests waiting on their jobs are answered 503. */
const OUTAGE_GRACE_MS = 2_000;
/** BullMQ's highest priority number; a client's nth job in the cluster gets priority n (lower runs first). */
const MAX_PRIORITY = 2 ** 21 - 1;
const CLIENT_KEY_TTL_MS = 60 * 60_000;
/** A test-only op (tests only) has no tool: its view names the PDF lane's first. */
const TEST_OP_TOOL = 'rotate';

/**
 * The web side of cluster mode: a job runner whose jobs run in other processes. A job is admitted here (its
 * client's share and its lane's queue, counted in Redis), recorded, and added to its lane's BullMQ queue, where a
 * worker process takes it; its changes come back as events, and its result is a file in the shared job store. A
 * client's nth job in the cluster waits behind every client's earlier ones (BullMQ priorities), which shares the
 * workers round-robin between clients as the all-in-one pool does.
 */
export class ClusterRunner implements Runner {
  readonly #options: ClusterRunnerOptions;
  readonly #records: JobRecords;
  readonly #queues: Record<JobLane, Queue>;
  readonly #waiters = new Map<string, Set<Waiter>>();
  /** This process, as the waiter of the jobs its requests wait for (see `JobRecord.waiter`). */
  readonly #id = randomUUID();
  #stats: Record<JobLane, LaneStats>;
  #memory = Object.fromEntries(JOB_LANES.map((lane) => [lane, 0])) as Record<JobLane, number>;
  #statsTimer: NodeJS.Timeout | null = null;
  #outageTimer: NodeJS.Timeout | null = null;

  constructor(options: ClusterRunnerOptions) {
    this.#options = options;
    this.#records = new JobRecords(options.redis, options.retentionMs);
    // BullMQ's own event stream is not read here (job events are ours): a short one is enough.
    const queueOptions = {
      connection: options.redis,
      prefix: KEY_PREFIX,
      streams: { events: { maxLen: 100 } },
    };
    this.#queues = Object.fromEntries(
      JOB_LANES.map((lane) => [lane, new Queue(lane, queueOptions)]),
    ) as Record<JobLane, Queue>;
    for (const queue of Object.values(this.#queues)) queue.on('error', () => undefined);
    this.#stats = Object.fromEntries(
      JOB_LANES.map((lane) => [
        lane,
        {
          size: 0,
          running: 0,
          runningLong: 0,
          longSlots: 0,
          queued: 0,
          maxQueue: options.maxQueue[lane],
          replaced: 0,
          overBudget: 0,
          deferred: 0,
        },
      ]),
    ) as Record<JobLane, LaneStats>;
  }

  get records(): JobRecords {
    return this.#records;
  }

  /** Starts listening to job events and reading the lanes' figures. */
  async start(): Promise<void> {
    const { subscriber } = this.#options;
    await listenToJobEvents(subscriber, this.#id, (event) => this.#onEvent(event));
    subscriber.on('ready', () => {
      this.#endOutage();
      void this.#recheckAll();
    });
    subscriber.on('close', () => this.#beginOutage());
    await this.#readStats();
    this.#statsTimer = setInterval(() => void this.#readStats(), STATS_INTERVAL_MS);
    this.#statsTimer.unref();
  }

  /** Whether Redis answers: without it no job can be admitted. */
  get isConnected(): boolean {
    return this.#options.redis.status === 'ready';
  }

  get stats(): Record<JobLane, LaneStats> {
    return this.#stats;
  }

  get workerMemoryBytes(): Record<JobLane, number> {
    return this.#memory;
  }

  run<T extends ToolId>(toolId: T, input: JobInput<T>, options: RunOptions): Promise<JobResult> {
    return this.#runAndWait(TOOLS[toolId].lane, { kind: 'tool', toolId, input: input as JobInput }, options);
  }

  runTestOp(lane: JobLane, name: TestOpName, input: TestOpInput, options: RunOptions): Promise<JobResult> {
    return this.#runAndWait(lane, { kind: 'test', name, input }, options);
  }

  /**
   * Admits a job of the job API and adds it to its lane's queue; resolves with its record once it waits there
   * (`onAdmitted` was called), rejects with the refusal (`TOO_MANY_JOBS`, `SERVER_BUSY`, or `SERVER_BUSY` while
   * Redis is unreachable). Its id is its directory's name.
   */
  enqueue(lane: JobLane, work: JobWork, options: RunOptions): Promise<JobRecord> {
    return this.#enqueue(lane, work, options, null);
  }

  async #enqueue(
    lane: JobLane,
    work: JobWork,
    options: RunOptions,
    waiter: string | null,
  ): Promise<JobRecord> {
    const { store } = this.#options;
    const id = basename(options.workDir);
    if (!JOB_ID_PATTERN.test(id)) throw new Error(`a job directory must be named by its id, not ${id}`);
    const client = options.client ?? 'anonymous';
    const record: JobRecord = {
      view: queuedJobView(id, work.kind === 'tool' ? work.toolId : TEST_OP_TOOL),
      dir: id,
      client,
      result: null,
      waiter,
      startedAt: null,
    };
    const queued: QueuedJob = {
      version: QUEUED_JOB_VERSION,
      id,
      work: toQueuedWork(work, store),
      timeoutMs: options.timeoutMs,
      cpuLimitMs: options.cpuLimitMs ?? null,
      record,
      reportsProgress: waiter === null || options.onProgress !== undefined,
    };
    await withRedis(async () => {
      // Jobs may wait up to the lane's queue, beyond those that idle workers are about to take (the figures read
      // every second: a limit of load, not a count to the job).
      const { size, running, queued: waiting } = this.#stats[lane];
      const bound = this.#options.maxQueue[lane] + Math.max(0, size - running);
      const isFull = waiting >= bound;
      const inCluster = await this.#records.admit(record, this.#options.maxPerClient, CLIENT_KEY_TTL_MS);
      if (inCluster === null) {
        throw new AppError('TOO_MANY_JOBS', 'You already have as many documents waiting as you may.', {
          share: 'queued' satisfies ClientShare,
          retryAfterSeconds: RETRY_AFTER_SECONDS,
          maxQueued: this.#options.maxQueuedPerClient,
        });
      }
      // A full queue still takes a client's only job: however many clients fill it with their shares, a visitor
      // with nothing in the cluster gets in (each client holds at most its share). Up to twice the bound: past it,
      // however many addresses send one job each, nobody's job is taken (the queue's length has a ceiling).
      if ((isFull && inCluster > 1) || waiting >= 2 * bound) {
        await Promise.all([this.#records.forget(id), this.#records.countOut(client)]).catch(() => undefined);
        throw busy('Too many documents are being processed right now.');
      }
      try {
        await store.publish(id);
        await this.#queues[lane].add(jobName(work), queued, {
          jobId: id,
          priority: Math.min(inCluster, MAX_PRIORITY),
          removeOnComplete: true,
          removeOnFail: true,
        });
      } catch (error) {
        await Promise.all([this.#records.forget(id), this.#records.countOut(client)]).catch(() => undefined);
        throw error;
      }
    });
    options.onAdmitted?.();
    return record;
  }

  /** Cancels a job: deletes its record (a worker running it stops), and takes it out of its queue if it waits. */
  async cancel(id: string, lane?: JobLane): Promise<void> {
    const record = await this.#records.get(id);
    await this.#records.delete(id, record?.waiter ?? null);
    const lanes = lane ? [lane] : JOB_LANES;
    for (const each of lanes) {
      // A waiting job leaves its queue here, so no worker will count it out of its client's share: this does.
      if ((await this.#queues[each].remove(id)) === 1 && record) {
        await this.#records.countOut(record.client);
      }
    }
  }

  /** Hears every change of a job (until `stop`); `null`: the job was deleted. */
  watch(id: string, onEvent: (record: JobRecord | null) => void): () => void {
    const waiter = { onEvent };
    const set = this.#waiters.get(id) ?? new Set();
    set.add(waiter);
    this.#waiters.set(id, set);
    return () => {
      set.delete(waiter);
      if (set.size === 0) this.#waiters.delete(id);
    };
  }

  async whenReady(): Promise<void> {
    await Promise.all(Object.values(this.#queues).map((queue) => queue.waitUntilReady()));
  }

  async close(): Promise<void> {
    if (this.#statsTimer) clearInterval(this.#statsTimer);
    this.#endOutage();
    await Promise.all(Object.values(this.#queues).map((queue) => queue.close()));
  }

  async #runAndWait(lane: JobLane, work: JobWork, options: RunOptions): Promise<JobResult> {
    const id = basename(options.workDir);
    const enqueuedAt = Date.now();
    let stopWatching = () => {};
    let recheck: NodeJS.Timeout | undefined;
    const ended = new Promise<JobResult>((resolve, reject) => {
      let hasStarted = false;
      stopWatching = this.watch(id, (record) => {
        if (!record) {
          reject(options.signal.aborted ? cancelled(options.signal) : redisUnavailable());
          return;
        }
        const { view } = record;
        if (view.state !== 'queued' && !hasStarted) {
          hasStarted = true;
          options.onStart?.(waitedMs(record, enqueuedAt));
        }
        if (view.state === 'running' && view.progress.stage !== 'queued' && view.progress.stage !== 'done') {
          const { stage, pagesDone, pagesTotal } = view.progress;
          if (stage === 'reading' || stage === 'processing' || stage === 'writing') {
            options.onProgress?.(
              stage,
              pagesDone !== null && pagesTotal !== null ? { done: pagesDone, total: pagesTotal } : null,
            );
          }
        }
        if (view.state === 'done' && record.result) {
          resolve({ path: this.#options.store.pathOf(record.result.path), report: record.result.report });
        } else if (view.state === 'failed') {
          reject(AppError.fromJson({ error: view.error }));
        } else if (view.state === 'cancelled') {
          reject(cancelled(options.signal));
        }
      });
      recheck = setInterval(() => void this.#recheck(id), RECHECK_INTERVAL_MS);
    });
    const onAbort = () => void this.cancel(id, lane).catch(() => undefined);
    try {
      await this.#enqueue(lane, work, options, this.#id);
      options.signal.addEventListener('abort', onAbort, { once: true });
      if (options.signal.aborted) onAbort();
      const abort = new Promise<never>((_resolve, reject) => {
        options.signal.addEventListener('abort', () => reject(cancelled(options.signal)), { once: true });
        if (options.signal.aborted) reject(cancelled(options.signal));
      });
      // The ended record is not deleted here: kept briefly (see `JobRecord.waiter`), it expires by itself.
      return await Promise.race([ended, abort]);
    } finally {
      stopWatching();
      clearInterval(recheck);
      options.signal.removeEventListener('abort', onAbort);
      ended.catch(() => undefined);
    }
  }

  #onEvent(event: JobEvent): void {
    for (const waiter of this.#waiters.get(event.id) ?? []) waiter.onEvent(event.record);
  }

  async #recheck(id: string): Promise<void> {
    const record = await this.#records.get(id).catch(() => undefined);
    if (record === undefined) return;
    this.#onEvent({ id, record });
  }

  async #recheckAll(): Promise<void> {
    await Promise.all([...this.#waiters.keys()].map((id) => this.#recheck(id)));
  }

  /** Redis went away: if it stays away, the requests waiting on their jobs are answered rather than left hanging. */
  #beginOutage(): void {
    this.#outageTimer ??= setTimeout(() => {
      for (const waiters of this.#waiters.values()) for (const waiter of waiters) waiter.onEvent(null);
      this.#waiters.clear();
    }, OUTAGE_GRACE_MS);
  }

  #endOutage(): void {
    if (this.#outageTimer) clearTimeout(this.#outageTimer);
    this.#outageTimer = null;
  }

  async #readStats(): Promise<void> {
    const now = Date.now();
    try {
      for (const lane of JOB_LANES) {
        const counts = await this.#queues[lane].getJobCounts('wait', 'prioritized', 'active');
        const workers = await this.#options.redis.hgetall(workersKey(KEY_PREFIX, lane));
        let size = 0;
        let memory = 0;
        for (const [worker, raw] of Object.entries(workers)) {
          const beat = JSON.parse(raw) as { concurrency: number; memoryBytes: number; at: number };
          if (now - beat.at > WORKER_SILENCE_MS) {
            await this.#options.redis.hdel(workersKey(KEY_PREFIX, lane), worker);
            continue;
          }
          size += beat.concurrency;
          memory += beat.memoryBytes;
        }
        this.#stats[lane] = {
          ...this.#stats[lane],
          size,
          running: counts.active ?? 0,
          queued: (counts.wait ?? 0) + (counts.prioritized ?? 0),
        };
        this.#memory[lane] = memory;
      }
    } catch {
      // Redis is away: the figures stay as last read, and readiness says so through `isConnected`.
    }
  }
}

/** How long a job waited for a worker, from the worker's word (a quick job's first change is its end). */
export function waitedMs(record: JobRecord, enqueuedAt: number): number | undefined {
  return record.startedAt === null ? undefined : Math.max(0, record.startedAt - enqueuedAt);
}

function jobName(work: JobWork): string {
  return work.kind === 'tool' ? work.toolId : `test:${work.name}`;
}
