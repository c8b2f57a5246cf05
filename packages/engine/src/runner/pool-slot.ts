import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { AppError, ToolId } from '@quire/shared';
import type { JobResult } from '../ops/types.ts';
import type { JobWork, ToWorker } from './messages.ts';
import type { RunOptions } from './pool-options.ts';
import type { ProcessCage } from './process-cage.ts';
import { totalResidentBytes } from './process-tree.ts';
import { JOB_NICENESS, LONG_JOB_NICENESS } from './worker-process.ts';
import { resourceLimitError } from './job-errors.ts';
import { watchBudget } from './watch-budget.ts';

/** How long a closing pool waits for a worker to stop its warm LibreOffice (which itself waits up to 3 s). */
const SHUTDOWN_WAIT_MS = 5000;

/** A job of the pool: what it runs, for whom, and how its caller hears the outcome. */
export type Job = {
  id: number;
  work: JobWork;
  options: RunOptions;
  client: string;
  /** Its work was estimated long (`JobContext.declareWork`): it starts only where a long job may run. */
  isLong: boolean;
  /** When it was sent, and when a worker last took it (`performance.now()`). */
  submittedAt: number;
  takenAt: number;
  /** Its caller was told it started (`RunOptions.onStart`). */
  hasStarted: boolean;
  resolve: (result: JobResult) => void;
  reject: (error: AppError) => void;
};

/** A job sent to the pool, not yet taken by a worker. */
export function createJob(
  id: number,
  work: JobWork,
  options: RunOptions,
  client: string,
  { resolve, reject }: Pick<Job, 'resolve' | 'reject'>,
): Job {
  return {
    id,
    work,
    options,
    client,
    isLong: options.isKnownLong ?? false,
    submittedAt: performance.now(),
    takenAt: 0,
    hasStarted: false,
    resolve,
    reject,
  };
}

/**
 * The job really started: its caller hears it once (`RunOptions.onStart`), with how long it waited for the worker
 * that runs it, however often it was taken and sent back to wait for room for long work before.
 */
export function markStarted(job: Job): void {
  if (job.hasStarted) return;
  job.hasStarted = true;
  job.options.onStart?.(Math.max(0, job.takenAt - job.submittedAt));
}

/** One worker process of the pool, its cage, and the job it runs. */
export type Slot = {
  index: number;
  child: ChildProcess;
  cage: ProcessCage;
  isReady: boolean;
  hasExited: boolean;
  job: Job | null;
  stopReason: AppError | null;
  /** Stops the running job (sends an abort, kills the worker if it does not answer in time). */
  stopJob: ((reason: AppError) => void) | null;
  /** Moves the running job's wall-clock limit (from its start, within the limit it was given). */
  setTimeLimit: ((timeoutMs: number) => void) | null;
  /** Called once when the slot next has no job, or its worker answered a shutdown. */
  onIdle: (() => void)[];
  onShutDown: (() => void) | null;
  /** Being replaced after its last job (it kept too much memory): takes no new job. */
  isRetiring: boolean;
  /** The cage's count of kernel memory kills when the current job started. */
  oomAtStart: number;
  /** The running job is long: its processes run at `LONG_JOB_NICENESS`, and it counts against `longSlots`. */
  isLong: boolean;
  /** The running job is being stopped to wait for room for long jobs: it goes back to the queue, not to its caller. */
  isDeferring: boolean;
  /** Ends the running job's clock, budget watch and abort listener. */
  cleanup: (() => void) | null;
  /** Settles once the worker has exited and its cage is removed. */
  disposed: Promise<void>;
  markDisposed: () => void;
};

/**
 * Sets the CPU priority of every thread of every process in the slot's cage (Linux keeps a niceness per thread);
 * false when one could not be set.
 */
export function renice(slot: Slot, niceness: number): boolean {
  let isSet = true;
  for (const { pid } of slot.cage.sample()) {
    let threads: number[];
    try {
      threads = readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        setPriority(thread, niceness);
      } catch {
        // Gone meanwhile, or a priority this process may not raise again without privilege.
        isSet = false;
      }
    }
  }
  return isSet;
}

export type PoolStats = {
  size: number;
  running: number;
  /** Long jobs running, and how many may run at once. */
  runningLong: number;
  longSlots: number;
  queued: number;
  replaced: number;
  overBudget: number;
  /** Long jobs stopped before their heavy part to wait for room since the start. */
  deferred: number;
};

export function settleable(): { disposed: Promise<void>; markDisposed: () => void } {
  let markDisposed = () => {};
  const disposed = new Promise<void>((resolve) => {
    markDisposed = resolve;
  });
  return { disposed, markDisposed };
}

/** Kills the worker and everything in its cage; resolves once the worker has exited. */
export function killSlot(slot: Slot): Promise<void> {
  return new Promise((resolve) => {
    if (slot.hasExited) {
      slot.cage.killAll();
      resolve();
      return;
    }
    slot.child.once('exit', () => resolve());
    slot.cage.killAll();
    slot.child.kill('SIGKILL');
  });
}

export function whenIdle(slot: Slot): Promise<void> {
  return new Promise((resolve) => {
    if (!slot.job) resolve();
    else slot.onIdle.push(resolve);
  });
}

/**
 * The worker holds more memory than it should keep between jobs: itself and the programs it keeps (a warm
 * LibreOffice) together, as resident memory, whatever grew (V8's heap, MuPDF's WebAssembly memory, LibreOffice).
 */
export function isBloated(slot: Slot, maxBytes: number): boolean {
  return totalResidentBytes(slot.cage.sample()) > maxBytes;
}

/**
 * Counts the slot's job as long, and lowers the priority of every process of its cage when `mayRenice` (short work
 * on the other workers goes first).
 */
export function markLong(slot: Slot, mayRenice: boolean): void {
  slot.isLong = true;
  if (mayRenice) renice(slot, LONG_JOB_NICENESS);
}

/**
 * Whether this process may raise a worker's priority again once lowered (root or CAP_SYS_NICE), tried on a new
 * worker's main thread: one step up from its niceness, then back.
 */
export function mayRaisePriority(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    setPriority(pid, JOB_NICENESS - 1);
    setPriority(pid, JOB_NICENESS);
    return true;
  } catch {
    return false;
  }
}

/** Asks the worker to stop what it keeps running; gives up after a few seconds (the kill follows anyway). */
export function shutDownWorker(slot: Slot, post: (message: ToWorker) => void): Promise<void> {
  return new Promise((resolve) => {
    if (slot.hasExited || !slot.child.connected) {
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
    slot.child.once('exit', done);
    post({ type: 'shutdown' });
  });
}

/** Numbers the cages of every pool of this module; a random part keeps apart the pools of reloaded modules. */
let cagesMade = 0;

/** A new cage's name (`<server pid>-<pool>-<n>-<random>`), so that leftovers of a dead server can be recognised. */
export function nextCageName(poolName: string): string {
  cagesMade += 1;
  return `${process.pid}-${poolName}-${cagesMade}-${randomBytes(4).toString('hex')}`;
}

export function toolOf(job: Job | null): ToolId | null {
  return job?.work.kind === 'tool' ? job.work.toolId : null;
}

/** Long jobs running in these slots. */
export function runningLong(slots: readonly Slot[]): number {
  return slots.filter((slot) => slot.job && slot.isLong).length;
}

/**
 * Another long job may run: fewer than `longSlots` run, and a worker that is not being replaced stays free of long
 * work (a retiring worker is no help to the next short job). A pool of one worker has no room to keep.
 */
export function hasRoomForLong(slots: readonly Slot[], longSlots: number): boolean {
  if (slots.length === 1) return runningLong(slots) < 1;
  const usable = slots.filter((slot) => !slot.isRetiring && !slot.hasExited).length;
  return runningLong(slots) < Math.min(longSlots, usable - 1);
}

/** A worker ready for a job: started, free, and neither being replaced nor gone. */
export function idleSlot(slots: readonly Slot[]): Slot | undefined {
  return slots.find((slot) => slot.isReady && !slot.job && !slot.isRetiring && !slot.hasExited);
}

/**
 * Workers still starting (a pool's first, or replacements): a job that waits for one waits as if it had it, and
 * takes no room in the queue.
 */
export function startingWorkers(slots: readonly Slot[]): number {
  return slots.filter((slot) => !slot.isReady && !slot.hasExited).length;
}

/** Watches the job's CPU time and memory (`watchBudget`); over budget, the cage is killed and the job fails. */
export function watchSlotBudget(
  slot: Slot,
  job: Job,
  memoryLimitBytes: number,
  onOverBudget: () => void,
): () => void {
  const cpuLimitMs = job.options.cpuLimitMs ?? job.options.timeoutMs;
  const watch = watchBudget(slot.cage, { cpuLimitMs, memoryLimitBytes }, (resource) => {
    if (slot.job !== job || slot.stopReason) return;
    onOverBudget();
    slot.stopReason = resourceLimitError(resource, { cpuLimitMs, memoryLimitBytes });
    void killSlot(slot);
  });
  slot.oomAtStart = watch.oomAtStart;
  return watch.stop;
}
