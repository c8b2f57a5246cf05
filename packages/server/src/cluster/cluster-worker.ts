import { randomUUID } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LongJobDeferred, type JobResult, type JobRunner, type JobWork } from '@quire/engine';
import {
  AppError,
  RETRY_AFTER_SECONDS,
  advanceProgress,
  doneJobView,
  endedJobView,
  runningJobView,
  type JobLane,
  type JobProgress,
  type JobView,
  type WorkStage,
} from '@quire/shared';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { nameResult } from '../jobs/job-answer.ts';
import { clearEarlierRuns, JOB_ID_PATTERN, type JobStore } from '../jobs/job-store.ts';
import { ClientDiskLedger } from './client-disk-ledger.ts';
import { JobRecords, listenToCancels, type JobRecord } from './job-records.ts';
import { LongClaims } from './long-claims.ts';
import { isCurrentQueuedJob, toJobWork, workersKey, type QueuedJob, type QueuedWork } from './queued-job.ts';
import { bullConnectionOptions, KEY_PREFIX, redisUnavailable, withRedis } from './redis-client.ts';

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
  /** The resident memory of the pool's workers, by lane (sampled asynchronously), for the heartbeat. */
  workerMemory: () => Promise<Record<JobLane, number>>;
  onError: (message: string, error: unknown) => void;
};

/** A run's result (with its size), its pages, and the job's record as last written while it ran. */
type RunOutcome = {
  readonly value: JobResult & { bytes: number };
  readonly pagesTotal: number | null;
  readonly running: JobRecord;
};

/** How often a worker says it is alive (and its memory); web processes count it out after 10 s of silence. */
const HEARTBEAT_MS = 3_000;
/** A job's start, stage and pages are written to its record only once it has run this long. */
const PROGRESS_AFTER_MS = 500;
/** How soon a long job that found no place for long work is looked at again. */
const LONG_RETRY_MS = 2_000;
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
  readonly #disk: ClientDiskLedger;
  readonly #workers: Worker[] = [];
  readonly #running = new Map<string, AbortController>();
  /** Long jobs of this process holding a place in their lane (`LongClaims`), renewed with each heartbeat. */
  readonly #claimed = new Map<string, LongClaims>();
  readonly #id = randomUUID();
  #heartbeat: NodeJS.Timeout | null = null;
  #isAbandoning = false;

  constructor(options: ClusterWorkerOptions) {
    this.#options = options;
    this.#records = new JobRecords(options.redis, options.retentionMs);
    this.#disk = new ClientDiskLedger(options.redis);
  }

  async start(): Promise<void> {
    const { lanes, lockMs } = this.#options;
    await listenToCancels(this.#options.subscriber, (id) =>
      this.#running.get(id)?.abort(new AppError('JOB_TIMEOUT', 'The job was cancelled.')),
    );
    for (const lane of lanes) {
      const claims = new LongClaims(this.#options.redis, lane);
      const worker = new Worker<QueuedJob>(lane, (job, token) => this.#process(job, claims, token), {
        connection: bullConnectionOptions(this.#options.redisUrl, `worker-${lane}`),
        prefix: KEY_PREFIX,
        concurrency: this.#options.concurrency[lane],
        lockDuration: lockMs,
        stalledInterval: lockMs,
        maxStalledCount: MAX_STALLED_RUNS,
      });
      worker.on('error', (error) => this.#options.onError('queue connection', error));
      worker.on('failed', (job, reason) => {
        if (job)
          void this.#giveUp(job.data, reason).catch((error: unknown) =>
            this.#options.onError('job given up', error),
          );
      });
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

  /**
   * Stops taking jobs and waits for the running ones; `force` leaves them instead (the pool is stopped next), and
   * another worker runs them again once their locks lapse.
   */
  async close(force = false): Promise<void> {
    if (force) this.#isAbandoning = true;
    // The heartbeat goes on while running jobs finish: it renews their places for long work.
    await Promise.all(this.#workers.map((worker) => worker.close(force)));
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await Promise.all(
      this.#options.lanes.map((lane) =>
        this.#options.redis.hdel(workersKey(KEY_PREFIX, lane), this.#id).catch(() => 0),
      ),
    );
  }

  async #beat(): Promise<void> {
    const { redis, lanes, concurrency } = this.#options;
    try {
      const memory = await this.#options.workerMemory();
      await Promise.all(
        lanes.map((lane) =>
          redis.hset(
            workersKey(KEY_PREFIX, lane),
            this.#id,
            JSON.stringify({ concurrency: concurrency[lane], memoryBytes: memory[lane], at: Date.now() }),
          ),
        ),
      );
      await Promise.all([...this.#claimed].map(([jobId, claims]) => claims.renew(jobId)));
    } catch (error) {
      this.#options.onError('heartbeat', error);
    }
  }

  async #process(job: Job<QueuedJob>, claims: LongClaims, token: string | undefined): Promise<void> {
    const queued = job.data;
    const { store } = this.#options;
    if (!JOB_ID_PATTERN.test(queued.id)) return;
    if (!isCurrentQueuedJob(queued)) return this.#refuseVersion(queued);
    const run = { isOver: false };
    if (queued.isLong) {
      // Cancelled while it waited for room: nothing to run (its files go with the sweep of orphans).
      if ((await withRedis(() => retry(() => this.#records.get(queued.id)))) === null) return;
      // A job found long before starts only with a place for long work in its lane; else it waits again.
      if (!(await this.#claim(claims, queued.id, run))) return this.#waitForRoom(job, token);
    }
    const controller = new AbortController();
    this.#running.set(queued.id, controller);
    let outcome: RunOutcome | null = null;
    let failure: unknown = null;
    try {
      outcome = await this.#runOnce(job, controller, () => this.#claim(claims, queued.id, run));
    } catch (error) {
      failure = error;
    } finally {
      // A claim still on its way when the run ends is given back when it arrives (`#claim`).
      run.isOver = true;
      if (this.#claimed.delete(queued.id)) await claims.release(queued.id).catch(() => undefined);
    }
    if (failure instanceof LongJobDeferred && !this.#isAbandoning) {
      this.#running.delete(queued.id);
      return this.#waitForRoom(job, token);
    }
    if (this.#isAbandoning) {
      // A shutdown past its grace stopped the job: left unanswered, its lock lapses once this process has gone,
      // and another worker runs it again from the start.
      await new Promise<never>(() => undefined);
    }
    this.#running.delete(queued.id);
    if (!outcome) {
      await store.remove(queued.id);
      // Redis may be briefly away: the outcome is written once it is back. If it stays away, the job fails in
      // BullMQ and `#giveUp` (or its lock lapsing) settles it.
      await retry(() => this.#fail(queued, failure));
      return;
    }
    const { value, pagesTotal, running } = outcome;
    const done = doneRecord(running, queued.work, value, store.keyOf(value.path), {
      pagesTotal,
      retentionMs: this.#options.retentionMs,
    });
    const isWritten = await retry(() => this.#records.write(done, { countOut: true }));
    // Deleted meanwhile (cancelled, or its time ran out): its result has nobody to go to.
    if (!isWritten) await store.remove(queued.id);
    await this.#countDisk(queued, isWritten ? value.bytes : null);
  }

  /**
   * What a job of the job API holds of its client's share of the job disk once it has ended: its result until it is
   * fetched, deleted or expires, or nothing (`null`: it failed, or was deleted meanwhile). A request's own job is
   * not counted there (see `ClientDiskLedger`).
   */
  async #countDisk(queued: Pick<QueuedJob, 'id' | 'record'>, resultBytes: number | null): Promise<void> {
    const { client, waiter } = queued.record;
    if (waiter !== null) return;
    const disk = this.#disk;
    await retry(() =>
      resultBytes === null
        ? disk.release(client, queued.id)
        : disk.settle(client, queued.id, resultBytes, this.#options.retentionMs),
    ).catch((error: unknown) => this.#options.onError('disk share not counted', error));
  }

  /**
   * One run of a job in a fresh directory beside its uploads; resolves with its result, inputs removed, and its
   * record as last written. The record is kept here from the job's start: only this process changes it while it
   * runs (a client can only delete it), so each change is one write. A quick job's start and stages are over
   * before anyone could see them (the page shows progress after 2 s), so only a job that runs on writes them: a
   * quick one costs Redis its final write alone. The first write also finds a job deleted while it waited (its
   * record is gone) and stops it. A job starts when its pool says it really did: a long job sent back to wait for
   * room before its heavy part is never shown running meanwhile.
   */
  async #runOnce(
    job: Job<QueuedJob>,
    controller: AbortController,
    claimLong: () => Promise<boolean>,
  ): Promise<RunOutcome> {
    const queued = job.data;
    const { store, runner } = this.#options;
    const jobDir = await store.open(queued.id);
    const attemptDir = join(jobDir, `attempt-${job.attemptsStarted}`);
    // Only a job run again (its worker died in it) can have earlier runs to clear.
    if (job.attemptsStarted > 1) await clearEarlierRuns(jobDir);
    await mkdir(attemptDir, { recursive: true, mode: 0o700 });
    let running: JobRecord = withView({ ...queued.record, startedAt: Date.now() }, runningJobView);
    let isShown = false;
    // Writes go in order on one connection, and an ended record takes none, so a late one never undoes the outcome.
    const show = (progress: JobProgress) => {
      isShown = true;
      running = withView(running, (view) => ({ ...view, progress }));
      void this.#records.write(running).then(
        (written) => {
          if (!written) controller.abort(new AppError('JOB_TIMEOUT', 'The job was cancelled.'));
        },
        () => undefined,
      );
    };
    let showStart: NodeJS.Timeout | undefined;
    const onStart = () => {
      running = { ...running, startedAt: Date.now() };
      showStart = setTimeout(() => show(running.view.progress), PROGRESS_AFTER_MS);
    };
    let pagesTotal: number | null = null;
    const onProgress = (stage: WorkStage, pages: { done: number; total: number } | null) => {
      if (pages) pagesTotal = pages.total;
      const next = { stage, pagesDone: pages?.done ?? null, pagesTotal: pages?.total ?? null };
      // Never behind what this run has shown; a run after a lost worker starts again, and the page keeps its own.
      const progress = advanceProgress(running.view.progress, next);
      if (progress === running.view.progress) return;
      if (isShown) show(progress);
      else running = withView(running, (view) => ({ ...view, progress }));
    };
    try {
      const value = await runWork(runner, toJobWork(queued.work, store), {
        signal: controller.signal,
        timeoutMs: queued.timeoutMs,
        ...(queued.cpuLimitMs === null ? {} : { cpuLimitMs: queued.cpuLimitMs }),
        workDir: attemptDir,
        client: queued.record.client,
        isKnownLong: queued.isLong === true,
        claimLong,
        onStart,
        ...(queued.reportsProgress ? { onProgress } : {}),
      });
      // A request waiting for its answer deletes the whole job as soon as the result is sent: pruning it first would
      // only keep this job slot's process idle for a few more trips to the disk. A job of the job API, whose result
      // may wait 10 minutes for its download, has its inputs deleted now.
      await store.keepResult(queued.id, value.path, { dropInputs: queued.record.waiter === null });
      return { value: { ...value, bytes: (await stat(value.path)).size }, pagesTotal, running };
    } finally {
      clearTimeout(showStart);
    }
  }

  /**
   * A place for this job's long work in its lane; held until the job ends, renewed with each heartbeat. Redis briefly
   * away is ridden out; if it stays away, the claim fails with `redisUnavailable()`: the service's fault, never the
   * document's (and never a place refused, which would send the job back to wait for room that may never come).
   */
  async #claim(claims: LongClaims, jobId: string, run: { isOver: boolean }): Promise<boolean> {
    if (this.#claimed.has(jobId)) return true;
    const isClaimed = await withRedis(() => retry(() => claims.claim(jobId)));
    if (isClaimed && run.isOver) {
      await claims.release(jobId).catch(() => undefined);
      return false;
    }
    if (isClaimed) this.#claimed.set(jobId, claims);
    return isClaimed;
  }

  /**
   * A long job that found no place for long work goes back to its queue, marked long, and is looked at again in a
   * moment (by whichever worker is free): it keeps its priority, and holds no job slot meanwhile.
   */
  async #waitForRoom(job: Job<QueuedJob>, token: string | undefined): Promise<never> {
    await job.updateData({ ...job.data, isLong: true });
    await job.moveToDelayed(Date.now() + LONG_RETRY_MS, token);
    throw new DelayedError();
  }

  /**
   * A job queued by a process of another version (during an upgrade): its payload is not read as this version's. If
   * its record can be found it fails `SERVER_BUSY`, to be sent again, and its files go; else it expires.
   */
  async #refuseVersion(queued: { readonly id: string; readonly version?: unknown }): Promise<void> {
    this.#options.onError('a queued job of another version', new Error(`version ${String(queued.version)}`));
    const record = await retry(() => this.#records.get(queued.id)).catch(() => null);
    if (!record) return;
    await this.#options.store.remove(queued.id);
    const refusal = new AppError('SERVER_BUSY', 'The service was being upgraded: send the document again.', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
    await retry(() => this.#fail({ id: queued.id, record }, refusal));
  }

  /** Writes that the job failed (unless it has ended already), and counts it out of its client's shares. */
  async #fail(queued: Pick<QueuedJob, 'id' | 'record'>, error: unknown): Promise<void> {
    const appError =
      error instanceof AppError ? error : new AppError('INTERNAL', 'Something went wrong on our side.');
    if (!(error instanceof AppError)) this.#options.onError('job failed', error);
    await this.#records.update(
      queued.id,
      (current) =>
        withView(current, (view) =>
          endedJobView(
            view,
            'failed',
            appError.toJson().error,
            new Date(Date.now() + this.#options.retentionMs),
          ),
        ),
      { client: queued.record.client },
    );
    await this.#countDisk(queued, null);
  }

  /**
   * BullMQ gave the job up: its workers kept dying in it (stalled more often than allowed: the document's fault), or
   * Redis stayed away while it ran (its outcome, its record, its queue or its claim for long work could not be
   * reached: the service's). Its client hears it failed, its files go, and it leaves its client's share.
   */
  async #giveUp(queued: QueuedJob, reason: Error): Promise<void> {
    if (!JOB_ID_PATTERN.test(queued.id) || this.#running.has(queued.id)) return;
    await this.#options.store.remove(queued.id);
    await this.#fail(
      queued,
      reason instanceof UnrecoverableError
        ? new AppError('DOCUMENT_TOO_COMPLEX', 'The document needed more resources than a job may use.')
        : reason instanceof AppError
          ? reason
          : redisUnavailable(),
    );
  }
}

function withView(record: JobRecord, change: (view: JobView) => JobView): JobRecord {
  return { ...record, view: change(record.view) };
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

/** The record of a job done: its result's path and report, and its view, the result named after its first file. */
function doneRecord(
  record: JobRecord,
  work: QueuedWork,
  result: JobResult & { bytes: number },
  path: string,
  { pagesTotal, retentionMs }: { pagesTotal: number | null; retentionMs: number },
): JobRecord {
  const sourceNames = work.kind === 'tool' ? work.files.map((file) => file.name) : [];
  const { fileName, mimeType } = nameResult(record.view.tool, result.report, sourceNames);
  return {
    ...record,
    result: { path, report: result.report },
    view: doneJobView(
      record.view,
      { file: { fileName, mimeType, bytes: result.bytes }, report: result.report, pagesTotal },
      new Date(Date.now() + retentionMs),
    ),
  };
}

/** Tries a Redis operation a few times over about 5 s: a brief outage is ridden out, a long one is given up. */
async function retry<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
