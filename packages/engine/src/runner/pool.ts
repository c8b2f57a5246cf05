import { AppError, type ToolId } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';
import { FairQueue } from './fair-queue.ts';
import type { PoolOptions, RunOptions } from './pool-options.ts';
import type { FromWorker, JobWork, ToWorker } from './messages.ts';
import { chooseCageFactory, enterCage, type CageFactory, type ProcessCage } from './process-cage.ts';
import type { TestOpInput, TestOpName } from './test-ops.ts';
import {
  LongJobDeferred,
  busy,
  cancelled,
  resourceLimitError,
  tooManyJobs,
  withLimits,
} from './job-errors.ts';
import {
  createJob,
  isBloated,
  killSlot,
  shutDownWorker,
  watchSlotBudget,
  markLong,
  markStarted,
  mayRaisePriority,
  nextCageName,
  hasRoomForLong,
  idleSlot,
  runningLong,
  startingWorkers,
  toolOf,
  renice,
  settleable,
  whenIdle,
  type Job,
  type PoolStats,
  type Slot,
} from './pool-slot.ts';
import { startWallClock } from './wall-clock.ts';
import { JOB_NICENESS, startWorkerProcess } from './worker-process.ts';

const MEBIBYTE = 1024 * 1024;

export type { PoolOptions, PoolStats, RunOptions };

const DEFAULT_MAX_HEAP_BYTES = 512 * MEBIBYTE;
const DEFAULT_MEMORY_LIMIT_BYTES = 1024 * MEBIBYTE;
const DEFAULT_MAX_OUTPUT_BYTES = 512 * MEBIBYTE;
const ANONYMOUS = 'anonymous';

/**
 * Runs document jobs in a fixed set of warm worker processes, each in a memory cage of its own (a cgroup where the
 * machine allows, else a watchdog), with a bounded queue served round-robin by client, a wall-clock timeout and a
 * CPU-time limit per job, and cancellation when the client goes away. A job over its memory or CPU budget is
 * stopped with `RESOURCE_LIMIT_EXCEEDED` and its worker replaced; a worker that does not stop when asked, or that
 * dies, is replaced; only its own job fails.
 */
export class JobPool {
  readonly #options: Required<Omit<PoolOptions, 'onCrash' | 'cages' | 'longSlots'>> &
    Pick<PoolOptions, 'onCrash'>;
  /** Long jobs that may run at once: every worker but one, so that short work always finds one free. */
  readonly #longSlots: number;
  #cages: CageFactory;
  readonly #slots: Slot[] = [];
  readonly #queue: FairQueue<Job>;
  #nextJobId = 1;
  #closed = false;
  #replaced = 0;
  #overBudget = 0;
  #deferred = 0;
  /**
   * Whether this process may give a worker its usual priority back after a long job ran lower (root, or
   * CAP_SYS_NICE): if not, long jobs are not reniced (a reniced worker would have to be replaced after each).
   */
  #mayRenice: boolean | null = null;

  constructor(options: PoolOptions) {
    this.#options = {
      name: 'jobs',
      abortGraceMs: 2000,
      maxHeapBytes: DEFAULT_MAX_HEAP_BYTES,
      memoryLimitBytes: DEFAULT_MEMORY_LIMIT_BYTES,
      maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
      maxRunningPerClient: 1,
      mayWait: () => true,
      maxQueuedPerClient: Number.POSITIVE_INFINITY,
      allowTestOps: false,
      longJobMs: Number.POSITIVE_INFINITY,
      startWorkers: 'at-once',
      ...options,
    };
    this.#longSlots = options.longSlots ?? Math.max(1, options.size - 1);
    this.#cages = options.cages ?? chooseCageFactory();
    this.#queue = new FairQueue(this.#options.maxRunningPerClient);
    if (this.#options.startWorkers === 'at-once') this.#startWorkers();
  }

  /** How worker memory is capped on this machine. */
  get cageKind(): CageFactory['kind'] {
    return this.#cages.kind;
  }

  /**
   * `replaced`: workers replaced since the start (died, stopped for not answering, over budget, or retired after a
   * crash, for memory, or with MuPDF broken); `overBudget`: jobs stopped for memory or CPU time.
   */
  get stats(): PoolStats {
    return {
      size: this.#options.size,
      running: this.#slots.filter((slot) => slot.job).length,
      runningLong: runningLong(this.#slots),
      longSlots: this.#longSlots,
      queued: this.#queue.size,
      replaced: this.#replaced,
      overBudget: this.#overBudget,
      deferred: this.#deferred,
    };
  }

  /**
   * Settles once every worker has started and loaded its engines (jobs sent earlier wait in the queue), or after
   * `timeoutMs` whatever the workers do: a caller waiting to serve is never held forever. A pool whose workers start
   * on its first job is ready at once (that job waits for them).
   */
  async whenReady(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#closed && Date.now() < deadline && this.#slots.some((slot) => !slot.isReady)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Jobs of this client waiting in this pool. */
  waitingFor(client: string): number {
    return this.#queue.waitingFor(client);
  }

  /** The process ids of the workers (tests, and the load bench's memory figures). */
  get workerPids(): number[] {
    return this.#slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }

  run<T extends ToolId>(toolId: T, input: JobInput<T>, options: RunOptions): Promise<JobResult> {
    return this.#submit({ kind: 'tool', toolId, input: input as JobInput }, options);
  }

  /** Runs a test-only op (a pool made with `allowTestOps`): a job slow, greedy or large on purpose. */
  runTestOp(name: TestOpName, input: TestOpInput, options: RunOptions): Promise<JobResult> {
    if (!this.#options.allowTestOps) {
      return Promise.reject(new AppError('INVALID_REQUEST', 'Test operations are not enabled.'));
    }
    return this.#submit({ kind: 'test', name, input }, options);
  }

  #submit(work: JobWork, options: RunOptions): Promise<JobResult> {
    return new Promise<JobResult>((resolve, reject) => {
      if (this.#closed) return reject(busy('The server is shutting down.'));
      if (options.signal.aborted) return reject(cancelled(options.signal));
      if (this.#slots.length === 0) this.#startWorkers();
      const client = options.client ?? ANONYMOUS;
      const job = createJob(this.#nextJobId++, work, options, client, { resolve, reject });
      // A job sent back to wait (`#defer`) is in the queue again: its client's leaving removes it from there too.
      options.signal.addEventListener(
        'abort',
        () => {
          if (this.#queue.remove(client, job)) reject(cancelled(options.signal));
        },
        { once: true },
      );
      const idle = this.#queue.mayStart(client) && this.#mayStartNow(job) ? idleSlot(this.#slots) : undefined;
      if (idle) {
        this.#queue.started(client);
        options.onAdmitted?.();
        this.#dispatch(idle, job);
        this.#holdProcessOpen();
        return;
      }
      if (!this.#options.mayWait(client)) return reject(tooManyJobs(this.#options.maxQueuedPerClient));
      if (this.#queue.size >= this.#options.maxQueue + startingWorkers(this.#slots)) {
        // A full queue takes a newcomer's job in place of the newest of whoever waits with the most.
        const evicted = this.#queue.evictFor(client);
        const refusal = busy('Too many documents are being processed right now.');
        if (!evicted) return reject(refusal);
        evicted.item.reject(refusal);
      }
      this.#queue.push(client, job);
      options.onAdmitted?.();
      this.#holdProcessOpen();
    });
  }

  /** A short job (or one not yet estimated) may start on any worker; a long one only below `longSlots`. */
  #mayStartNow(job: Job): boolean {
    return !job.isLong || job.options.claimLong !== undefined || hasRoomForLong(this.#slots, this.#longSlots);
  }

  /**
   * Stops taking jobs and fails the queued ones; stops the running ones as an abort does (their external programs
   * are killed, their files left for the caller to remove) and fails them with `SERVER_BUSY`; lets each worker stop
   * its warm LibreOffice, which deletes that instance's directory; then kills every worker's cage. A caller that
   * wants running jobs to finish waits for them before closing.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.drain()) job.reject(busy('The server is shutting down.'));
    // Until every worker has exited and its cage is gone, the pool keeps this process alive.
    for (const slot of this.#slots) slot.child.ref();
    await Promise.all(
      this.#slots.map(async (slot) => {
        if (slot.job) {
          const idle = whenIdle(slot);
          slot.stopJob?.(busy('The server is shutting down.'));
          await idle;
        }
        await shutDownWorker(slot, (message) => this.#post(slot, message));
        await killSlot(slot);
        await slot.disposed;
      }),
    );
  }

  #startWorkers(): void {
    for (let index = 0; index < this.#options.size; index += 1) this.#slots.push(this.#startSlot(index));
  }

  #startSlot(index: number): Slot {
    const child = startWorkerProcess({
      maxHeapBytes: this.#options.maxHeapBytes,
      allowTestOps: this.#options.allowTestOps,
      maxFileBytes: this.#options.maxOutputBytes,
    });
    const slot: Slot = {
      index,
      child,
      cage: this.#cageFor(child.pid ?? -1),
      isReady: false,
      hasExited: false,
      job: null,
      stopReason: null,
      stopJob: null,
      setTimeLimit: null,
      onIdle: [],
      onShutDown: null,
      isRetiring: false,
      oomAtStart: 0,
      isLong: false,
      isDeferring: false,
      cleanup: null,
      ...settleable(),
    };
    child.on('message', (message: FromWorker) => this.#onMessage(slot, message));
    child.on('error', (error) => this.#options.onCrash?.(toolOf(slot.job), error.stack ?? error.message));
    child.once('exit', (code, signal) => this.#onExit(slot, code, signal));
    // An idle pool does not keep its process alive; a server that exits takes its workers along (pdeathsig).
    child.unref();
    child.channel?.unref();
    return slot;
  }

  /** Puts a new worker in a cage of its own; a machine that refuses a cgroup after all gets the watchdog. */
  #cageFor(pid: number): ProcessCage {
    const name = nextCageName(this.#options.name);
    try {
      return enterCage(this.#cages, name, pid, this.#options.memoryLimitBytes);
    } catch (error) {
      this.#options.onCrash?.(null, `memory cage not made, using the watchdog: ${String(error)}`);
      this.#cages = chooseCageFactory('watchdog');
      return enterCage(this.#cages, name, pid, this.#options.memoryLimitBytes);
    }
  }

  #dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.stopReason = null;
    slot.isDeferring = false;
    if (job.isLong) markLong(slot, this.#mayRenice === true);
    job.takenAt = performance.now();
    // A job that may still be sent back to wait for room for long work starts once it is let go on (`#onWorkDeclared`).
    if (job.isLong || !Number.isFinite(this.#options.longJobMs)) markStarted(job);
    const { signal, timeoutMs, workDir } = job.options;
    let graceKill: NodeJS.Timeout | null = null;
    const stop = (reason: AppError) => {
      if (slot.job !== job || slot.stopReason) return;
      slot.stopReason = reason;
      this.#post(slot, { type: 'abort', jobId: job.id });
      // A worker busy in WebAssembly cannot hear the abort: kill it after a grace period (unless this run is
      // over by then: a deferred job may be back on the same worker).
      graceKill = setTimeout(() => void killSlot(slot), this.#options.abortGraceMs).unref();
    };
    const clock = startWallClock(timeoutMs, stop);
    slot.setTimeLimit = clock.setLimit;
    const stopWatching = watchSlotBudget(
      slot,
      job,
      this.#options.memoryLimitBytes,
      () => (this.#overBudget += 1),
    );
    slot.stopJob = stop;
    const onAbort = () => stop(cancelled(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    slot.cleanup = () => {
      if (graceKill) clearTimeout(graceKill);
      clock.stop();
      slot.setTimeLimit = null;
      stopWatching();
      signal.removeEventListener('abort', onAbort);
    };
    const reportsProgress = job.options.onProgress !== undefined;
    this.#post(slot, { type: 'run', jobId: job.id, work: job.work, workDir, timeoutMs, reportsProgress });
  }

  #post(slot: Slot, message: ToWorker): void {
    if (slot.hasExited || !slot.child.connected) return;
    slot.child.send(message, (error) => {
      // The worker died while the message was on its way: its exit is handled by #onExit.
      if (error) void killSlot(slot);
    });
  }

  #onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') {
      slot.isReady = true;
      this.#mayRenice ??= mayRaisePriority(slot.child.pid);
      this.#fill();
      return;
    }
    if (message.type === 'shut-down') {
      slot.onShutDown?.();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.jobId) return;
    if (message.type === 'progress') {
      if (!slot.stopReason) job.options.onProgress?.(message.stage, message.pages);
      return;
    }
    if (message.type === 'time-limit') return slot.setTimeLimit?.(message.timeoutMs);
    if (message.type === 'work') return this.#onWorkDeclared(slot, job, message.estimateMs);
    // The kernel killed one of the job's programs for memory: the worker answered before the watch saw it.
    const wasKilledForMemory = slot.cage.oomKills() > slot.oomAtStart;
    if (wasKilledForMemory && !slot.stopReason) {
      this.#overBudget += 1;
      slot.stopReason = resourceLimitError('memory', this.#options);
    }
    const wasLong = slot.isLong;
    this.#release(slot);
    // A job that ends without having declared its work (a failure, or an op that declares none) started all the same.
    if (!slot.isDeferring) markStarted(job);
    if (slot.isDeferring) this.#defer(job);
    else if (slot.stopReason) job.reject(slot.stopReason);
    else if (message.type === 'done') job.resolve(message.result);
    else if (message.type === 'failed')
      job.reject(withLimits(AppError.fromJson({ error: message.error }), this.#options.maxOutputBytes));
    else {
      this.#options.onCrash?.(toolOf(job), message.stack);
      job.reject(new AppError('INTERNAL', 'Something went wrong on our side.'));
    }
    if (message.isEngineBroken) {
      this.#options.onCrash?.(toolOf(job), 'MuPDF was left unusable by a job; its worker is replaced');
    }
    const mustRetire =
      message.retiring ||
      (wasLong && this.#mayRenice === true && !renice(slot, JOB_NICENESS)) ||
      isBloated(slot, this.#options.maxHeapBytes);
    if (wasKilledForMemory || (mustRetire && !this.#closed)) {
      // Its replacement takes the queue once it is ready (#onExit, then 'ready').
      slot.isRetiring = true;
      void shutDownWorker(slot, (message) => this.#post(slot, message)).then(() => killSlot(slot));
      this.#fill();
      return;
    }
    this.#fill();
  }

  #onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    slot.hasExited = true;
    const job = slot.job;
    const wasKilledForMemory = job !== null && slot.cage.oomKills() > slot.oomAtStart;
    slot.cage.killAll();
    void slot.cage.dispose().then(slot.markDisposed);
    this.#release(slot);
    if (job && slot.isDeferring) {
      this.#defer(job);
    } else if (job) {
      markStarted(job);
      if (!slot.stopReason && !wasKilledForMemory) {
        this.#options.onCrash?.(toolOf(job), `worker exited during a job (code ${code}, signal ${signal})`);
      }
      if (wasKilledForMemory && !slot.stopReason) this.#overBudget += 1;
      job.reject(
        slot.stopReason ??
          (wasKilledForMemory
            ? resourceLimitError('memory', this.#options)
            : new AppError('DOCUMENT_TOO_COMPLEX', 'The document needed more resources than a job may use.')),
      );
    } else if (!slot.isRetiring && !this.#closed) {
      this.#options.onCrash?.(null, `idle worker exited (code ${code}, signal ${signal})`);
    }
    if (this.#closed || this.#slots[slot.index] !== slot) return;
    this.#slots[slot.index] = this.#startSlot(slot.index);
    this.#replaced += 1;
    // Another idle worker may take what waits (a long job that waited for this one's long work to end).
    this.#fill();
  }

  /**
   * A running job told its work. A long one that would take the last worker a short job could have is stopped and
   * sent back to wait for room (`#defer`); any other goes on, a long one at a lower CPU priority than short work.
   */
  #onWorkDeclared(slot: Slot, job: Job, estimateMs: number): void {
    if (slot.stopReason) return;
    const isLong = estimateMs >= this.#options.longJobMs;
    if (!isLong || slot.isLong) {
      markStarted(job);
      this.#post(slot, { type: 'proceed', jobId: job.id });
      return;
    }
    job.isLong = true;
    const decide = (mayRun: boolean) => {
      if (slot.job !== job || slot.stopReason) return;
      if (!mayRun) {
        slot.isDeferring = true;
        this.#deferred += 1;
        slot.stopJob?.(new LongJobDeferred());
        return;
      }
      markLong(slot, this.#mayRenice === true);
      markStarted(job);
      this.#post(slot, { type: 'proceed', jobId: job.id });
    };
    const { claimLong } = job.options;
    // A count that could not be read stops the job as the service's fault: neither room refused nor the document's.
    const fail = (error: unknown) => {
      if (slot.job === job)
        slot.stopJob?.(error instanceof AppError ? error : busy('Long work could not be counted.'));
    };
    if (claimLong) void claimLong().then(decide, fail);
    else decide(hasRoomForLong(this.#slots, this.#longSlots));
  }

  /** A long job stopped before its heavy part waits again, first of its client's, for a worker that may run it. */
  #defer(job: Job): void {
    // Counted elsewhere (a cluster): its caller queues it again there.
    const refusal = job.options.signal.aborted
      ? cancelled(job.options.signal)
      : job.options.claimLong
        ? new LongJobDeferred()
        : this.#closed
          ? busy('The server is shutting down.')
          : null;
    if (refusal) job.reject(refusal);
    else this.#queue.pushFront(job.client, job);
  }

  /** The slot's job is over: its client may start another, and whoever waits for the slot to be idle wakes. */
  #release(slot: Slot): void {
    slot.cleanup?.();
    slot.cleanup = null;
    if (slot.job) this.#queue.finished(slot.job.client);
    slot.job = null;
    slot.isLong = false;
    slot.stopJob = null;
    for (const resolve of slot.onIdle.splice(0)) resolve();
  }

  /** Gives waiting jobs to idle workers, round-robin by client. */
  #fill(): void {
    for (let slot = idleSlot(this.#slots); slot; slot = idleSlot(this.#slots)) {
      const next = this.#queue.takeNext((job) => this.#mayStartNow(job));
      if (!next) break;
      this.#dispatch(slot, next.item);
    }
    this.#holdProcessOpen();
  }

  /** Jobs running or waiting keep this process alive until they are answered; an idle pool does not. */
  #holdProcessOpen(): void {
    const isBusy = this.#queue.size > 0 || this.#slots.some((slot) => slot.job);
    for (const slot of this.#slots) {
      if (isBusy) slot.child.channel?.ref();
      else slot.child.channel?.unref();
    }
  }
}
