import type { ToolId, WorkStage } from '@quire/shared';
import type { CageFactory } from './process-cage.ts';

export type PoolOptions = {
  /** Jobs that run at once, one worker process each. */
  size: number;
  /** Jobs that may wait for a worker; beyond this a job is refused with `SERVER_BUSY` at once. */
  maxQueue: number;
  /** Names the pool's cages (`quire-<pid>-<name>-<n>`), so an operator can tell the lanes apart. */
  name?: string;
  /** Grace period after an abort before a worker that does not answer is killed. */
  abortGraceMs?: number;
  /**
   * A worker whose MuPDF memory (WebAssembly memory grows to the largest document it handled and never shrinks)
   * is past this after a job is replaced by a fresh one.
   */
  maxHeapBytes?: number;
  /** Memory one worker process and every program it starts may hold together (`QUIRE_JOB_MEMORY_MB`). */
  memoryLimitBytes?: number;
  /** The size of any one file a job may write, its result included (`QUIRE_MAX_OUTPUT_MB`). */
  maxOutputBytes?: number;
  /** How memory is capped; chosen for the machine when not given (`chooseCageFactory`). */
  cages?: CageFactory;
  /** Jobs of one client that may run at once in this pool; more wait for their turn (fair share). */
  maxRunningPerClient?: number;
  /** Whether one more job of this client may wait; `TOO_MANY_JOBS` when not. Every job may wait by default. */
  mayWait?: (client: string) => boolean;
  /** The number `mayWait` allows, for the visitor's message. */
  maxQueuedPerClient?: number;
  /**
   * A job whose declared work (`JobContext.declareWork`) is at least this many milliseconds is long: it runs at a
   * lower CPU priority, and only while fewer than `longSlots` long jobs run. None is long by default.
   */
  longJobMs?: number;
  /**
   * Long jobs that may run at once: every worker but one by default (at least one), so that however many clients
   * send long work, a short job always finds a worker free or soon free.
   */
  longSlots?: number;
  /**
   * When the workers start: `at-once` (the default: a server's first visitor finds them warm) or `on-first-job`,
   * for a pool that may never get a job (the test servers, each of which starts every lane). Jobs that wait for
   * starting workers take no room in the queue, but count as waiting in their client's fair share.
   */
  startWorkers?: 'at-once' | 'on-first-job';
  /** The test-only ops may run (`runTestOp`). */
  allowTestOps?: boolean;
  /** Logs a failure that is our bug (the visitor sees `INTERNAL`) or a worker that died. */
  onCrash?: (toolId: ToolId | null, stack: string) => void;
};

export type RunOptions = {
  signal: AbortSignal;
  /** Wall-clock limit of the job: past it `JOB_TIMEOUT`. */
  timeoutMs: number;
  /** CPU time the job's processes may use together; past it `RESOURCE_LIMIT_EXCEEDED`. The wall limit when absent. */
  cpuLimitMs?: number;
  workDir: string;
  /** The job was found long before (a cluster's job sent back to wait): it starts only where a long job may. */
  isKnownLong?: boolean;
  /**
   * Where long jobs are counted outside this pool (a cluster, in Redis): asked when the job is found long, instead of
   * this pool's own count. Refused, the job fails with `LongJobDeferred` for its caller to queue again (this pool
   * does not keep it); rejected (the count could not be read), the job is stopped with that error (`SERVER_BUSY`
   * unless it is an `AppError`).
   */
  claimLong?: () => Promise<boolean>;
  /** Who asked (the rate limit's key, or an API key's): the unit of fair share. */
  client?: string;
  /** Called once the job is accepted (given to a worker, or queued), before `onStart`; never for a refused job. */
  onAdmitted?: () => void;
  /**
   * Called once, when the job really starts (the end of its wait, for metrics and the job's state), or when the
   * caller first hears it did; `waitedMs` says how long it waited for the worker that runs it. A job that may still
   * be sent back to wait for room for long work starts once its declared work is let go on (or when it ends, if it
   * declares none): one taken, found long and sent back is not started, and is told once when it runs.
   */
  onStart?: (waitedMs?: number) => void;
  /** Hears where the running job stands, as its op reports it. */
  onProgress?: (stage: WorkStage, pages: { done: number; total: number } | null) => void;
};
