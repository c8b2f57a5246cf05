import type { ErrorBody, ToolId, WorkStage } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';
import type { TestOpInput, TestOpName } from './test-ops.ts';

/** What a worker process is started with (as JSON, its one argument). */
export type WorkerData = {
  /** Past this much MuPDF memory after a job, the worker asks to be replaced (`PoolOptions.maxHeapBytes`). */
  maxHeapBytes: number;
  /** The test-only ops may run (tests that need a job slow, greedy or large on purpose). */
  allowTestOps: boolean;
  /** The size of any one file a job may write (`PoolOptions.maxOutputBytes`), told to ops that can foresee it. */
  maxOutputBytes: number;
};

/** What a job runs: a tool's engine op, or a test-only op. */
export type JobWork =
  { kind: 'tool'; toolId: ToolId; input: JobInput } | { kind: 'test'; name: TestOpName; input: TestOpInput };

/** What the pool sends a worker. */
export type ToWorker =
  | {
      type: 'run';
      jobId: number;
      work: JobWork;
      workDir: string;
      timeoutMs: number;
      /** Someone listens to the job's progress: the worker sends it (else it spares the messages). */
      reportsProgress: boolean;
    }
  | { type: 'abort'; jobId: number }
  /** The job may go on with the work it announced (`JobWorkMessage`). */
  | { type: 'proceed'; jobId: number }
  /** The pool is closing: stop what the worker keeps running between jobs (a warm LibreOffice), then answer. */
  | { type: 'shutdown' };

/**
 * What a worker answers. An unexpected failure carries its stack for the log, never for the visitor. `retiring`:
 * the worker is to be replaced rather than given the next job: it holds more memory than it should keep between
 * jobs, the job crashed, or the job left MuPDF unusable (`isEngineBroken`).
 */
export type FromWorker =
  | (JobOutcome & { retiring: boolean; isEngineBroken: boolean })
  | JobProgressMessage
  | JobTimeLimitMessage
  | JobWorkMessage
  | { type: 'shut-down' }
  | { type: 'ready' };

/**
 * The running job's wall-clock limit, from its start, as its op sets it once it knows its work (`JobContext.
 * setTimeLimit`): the pool applies it within the limit it gave the job.
 */
export type JobTimeLimitMessage = { type: 'time-limit'; jobId: number; timeoutMs: number };

/**
 * The work the running job has found it must do, in estimated milliseconds of one core (`JobContext.declareWork`):
 * the op waits for `proceed`. A long job that would leave its lane no worker for short work is stopped instead and
 * waits for room (the pool runs it again from the start).
 */
export type JobWorkMessage = { type: 'work'; jobId: number; estimateMs: number };

/** Where a running job stands (sent when its stage changes, and at most a few times a second within one). */
export type JobProgressMessage = {
  type: 'progress';
  jobId: number;
  stage: WorkStage;
  pages: { done: number; total: number } | null;
};

/** How a job ended. */
export type JobOutcome =
  | { type: 'done'; jobId: number; result: JobResult }
  | { type: 'failed'; jobId: number; error: ErrorBody['error'] }
  | { type: 'crashed'; jobId: number; stack: string };
