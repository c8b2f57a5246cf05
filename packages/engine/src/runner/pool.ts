import { Worker } from 'node:worker_threads';
import { AppError, RETRY_AFTER_SECONDS, type ToolId } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';
import type { FromWorker, ToWorker, WorkerData } from './messages.ts';

export type PoolOptions = {
  /** Jobs that run at once, one worker thread each. */
  size: number;
  /** Jobs that may wait for a worker; beyond this a job is refused with `SERVER_BUSY` at once. */
  maxQueue: number;
  /** Grace period after an abort before a worker that does not answer is terminated. */
  abortGraceMs?: number;
  /**
   * A worker whose MuPDF memory (WebAssembly memory grows to the largest document it handled and never shrinks)
   * is past this after a job is replaced by a fresh one.
   */
  maxHeapBytes?: number;
  /** Logs a failure that is our bug (the visitor sees `INTERNAL`) or a worker that died. */
  onCrash?: (toolId: ToolId | null, stack: string) => void;
};

export type RunOptions = { signal: AbortSignal; timeoutMs: number; workDir: string };

type Job = {
  id: number;
  toolId: ToolId;
  input: JobInput;
  options: RunOptions;
  resolve: (result: JobResult) => void;
  reject: (error: AppError) => void;
};

type Slot = {
  worker: Worker;
  job: Job | null;
  stopReason: AppError | null;
  /** Stops the running job (sends an abort, terminates the worker if it does not answer in time). */
  stopJob: ((reason: AppError) => void) | null;
  /** Called once when the slot next has no job, or its worker answered a shutdown. */
  onIdle: (() => void)[];
  onShutDown: (() => void) | null;
  /** Being replaced after its last job (it kept too much memory): takes no new job. */
  isRetiring: boolean;
};

/** Worker entry beside this file: `.ts` when running from source (tests, dev), `.js` in the built server. */
const IS_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(IS_SOURCE ? './job.worker.source.mjs' : './job.worker.js', import.meta.url);
/** How long a closing pool waits for a worker to stop its warm LibreOffice (which itself waits up to 3 s). */
const SHUTDOWN_WAIT_MS = 5000;
const DEFAULT_MAX_HEAP_BYTES = 512 * 1024 * 1024;

/**
 * Runs document jobs off the event loop in a fixed set of worker threads, with a bounded queue, a wall-clock
 * timeout per job and cancellation when the client goes away. A worker that does not stop when asked, or that
 * dies, is replaced; only its own job fails.
 */
export class JobPool {
  readonly #options: Required<Omit<PoolOptions, 'onCrash'>> & Pick<PoolOptions, 'onCrash'>;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextJobId = 1;
  #closed = false;
  #replaced = 0;

  constructor(options: PoolOptions) {
    this.#options = { abortGraceMs: 2000, maxHeapBytes: DEFAULT_MAX_HEAP_BYTES, ...options };
    for (let index = 0; index < options.size; index += 1) this.#slots.push(this.#startSlot());
  }

  /** `replaced`: workers replaced since the start (died, stopped for not answering, or retired for memory). */
  get stats(): { size: number; running: number; queued: number; replaced: number } {
    return {
      size: this.#slots.length,
      running: this.#slots.filter((slot) => slot.job).length,
      queued: this.#queue.length,
      replaced: this.#replaced,
    };
  }

  run<T extends ToolId>(toolId: T, input: JobInput<T>, options: RunOptions): Promise<JobResult> {
    return new Promise<JobResult>((resolve, reject) => {
      if (this.#closed) {
        reject(busy('The server is shutting down.'));
        return;
      }
      if (options.signal.aborted) {
        reject(new AppError('JOB_TIMEOUT', 'The request was cancelled.'));
        return;
      }
      const job: Job = { id: this.#nextJobId++, toolId, input, options, resolve, reject };
      const idle = this.#slots.find((slot) => !slot.job && !slot.isRetiring);
      if (idle) {
        this.#dispatch(idle, job);
        return;
      }
      if (this.#queue.length >= this.#options.maxQueue) {
        reject(busy('Too many documents are being processed right now.'));
        return;
      }
      this.#queue.push(job);
      options.signal.addEventListener(
        'abort',
        () => {
          const position = this.#queue.indexOf(job);
          if (position >= 0) {
            this.#queue.splice(position, 1);
            reject(new AppError('JOB_TIMEOUT', 'The request was cancelled.'));
          }
        },
        { once: true },
      );
    });
  }

  /**
   * Stops taking jobs and fails the queued ones; stops the running ones as an abort does (their external programs
   * are killed, their files left for the caller to remove) and fails them with `SERVER_BUSY`; lets each worker stop
   * its warm LibreOffice, which deletes that instance's directory; then terminates every worker. A caller that wants
   * running jobs to finish waits for them before closing.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(busy('The server is shutting down.'));
    await Promise.all(
      this.#slots.map(async (slot) => {
        if (slot.job) {
          const idle = this.#whenIdle(slot);
          slot.stopJob?.(busy('The server is shutting down.'));
          await idle;
        }
        await this.#shutDownWorker(slot);
        await slot.worker.terminate();
      }),
    );
  }

  #whenIdle(slot: Slot): Promise<void> {
    return new Promise((resolve) => {
      if (!slot.job) resolve();
      else slot.onIdle.push(resolve);
    });
  }

  /** Asks the worker to stop what it keeps running; gives up after a few seconds (termination follows anyway). */
  #shutDownWorker(slot: Slot): Promise<void> {
    return new Promise((resolve) => {
      // A worker that already exited (its thread id is then -1) has nothing left to stop.
      if (slot.worker.threadId < 0) {
        resolve();
        return;
      }
      const timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        slot.onShutDown = null;
        resolve();
      };
      slot.onShutDown = done;
      slot.worker.once('exit', done);
      try {
        this.#post(slot, { type: 'shutdown' });
      } catch {
        done();
      }
    });
  }

  #startSlot(): Slot {
    const worker = new Worker(WORKER_URL, {
      workerData: { maxHeapBytes: this.#options.maxHeapBytes } satisfies WorkerData,
    });
    const slot: Slot = {
      worker,
      job: null,
      stopReason: null,
      stopJob: null,
      onIdle: [],
      onShutDown: null,
      isRetiring: false,
    };
    worker.on('message', (message: FromWorker) => this.#onMessage(slot, message));
    worker.on('error', (error) =>
      this.#options.onCrash?.(slot.job?.toolId ?? null, error.stack ?? error.message),
    );
    worker.on('exit', () => this.#onExit(slot));
    worker.unref();
    return slot;
  }

  #dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.stopReason = null;
    const { signal, timeoutMs, workDir } = job.options;
    const stop = (reason: AppError) => {
      if (slot.job !== job || slot.stopReason) return;
      slot.stopReason = reason;
      this.#post(slot, { type: 'abort', jobId: job.id });
      // A worker busy in WebAssembly cannot hear the abort: terminate it after a grace period.
      setTimeout(() => {
        if (slot.job === job) void slot.worker.terminate();
      }, this.#options.abortGraceMs).unref();
    };
    const timer = setTimeout(
      () =>
        stop(
          new AppError('JOB_TIMEOUT', `The document took longer than ${Math.round(timeoutMs / 1000)} s.`, {
            retryAfterSeconds: RETRY_AFTER_SECONDS,
          }),
        ),
      timeoutMs,
    );
    slot.stopJob = stop;
    const onAbort = () => stop(new AppError('JOB_TIMEOUT', 'The request was cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = job.resolve;
    const fail = job.reject;
    const cleanup = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    job.resolve = (result) => {
      cleanup();
      settle(result);
    };
    job.reject = (error) => {
      cleanup();
      fail(error);
    };
    this.#post(slot, {
      type: 'run',
      jobId: job.id,
      toolId: job.toolId,
      input: job.input,
      workDir,
      timeoutMs,
    });
  }

  #post(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }

  #onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'shut-down') {
      slot.onShutDown?.();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.jobId) return;
    this.#release(slot);
    if (slot.stopReason) job.reject(slot.stopReason);
    else if (message.type === 'done') job.resolve(message.result);
    else if (message.type === 'failed') job.reject(AppError.fromJson({ error: message.error }));
    else {
      this.#options.onCrash?.(job.toolId, message.stack);
      job.reject(new AppError('INTERNAL', 'Something went wrong on our side.'));
    }
    if (message.retiring && !this.#closed) {
      // Its replacement takes the queue when it exits (#onExit).
      slot.isRetiring = true;
      void this.#shutDownWorker(slot).then(() => slot.worker.terminate());
      return;
    }
    this.#next(slot);
  }

  #onExit(slot: Slot): void {
    const job = slot.job;
    this.#release(slot);
    const index = this.#slots.indexOf(slot);
    if (job) {
      job.reject(
        slot.stopReason ??
          new AppError('DOCUMENT_TOO_COMPLEX', 'The document needed more resources than a job may use.'),
      );
    }
    if (this.#closed || index < 0) return;
    const replacement = this.#startSlot();
    this.#slots[index] = replacement;
    this.#replaced += 1;
    this.#next(replacement);
  }

  /** The slot's job is over: wake whoever waits for the slot to be idle. */
  #release(slot: Slot): void {
    slot.job = null;
    slot.stopJob = null;
    for (const resolve of slot.onIdle.splice(0)) resolve();
  }

  #next(slot: Slot): void {
    const job = this.#queue.shift();
    if (job) this.#dispatch(slot, job);
  }
}

function busy(message: string): AppError {
  return new AppError('SERVER_BUSY', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}
