import type { ErrorBody, ToolId } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';

/** What a worker is started with. */
export type WorkerData = { maxHeapBytes: number };

/** What the pool sends a worker. */
export type ToWorker =
  | { type: 'run'; jobId: number; toolId: ToolId; input: JobInput; workDir: string; timeoutMs: number }
  | { type: 'abort'; jobId: number }
  /** The pool is closing: stop what the worker keeps running between jobs (a warm LibreOffice), then answer. */
  | { type: 'shutdown' };

/**
 * What a worker answers. An unexpected failure carries its stack for the log, never for the visitor. `retiring`:
 * the worker holds more memory than it should keep between jobs and is to be replaced rather than given the next.
 */
export type FromWorker = (JobOutcome & { retiring: boolean }) | { type: 'shut-down' };

/** How a job ended. */
export type JobOutcome =
  | { type: 'done'; jobId: number; result: JobResult }
  | { type: 'failed'; jobId: number; error: ErrorBody['error'] }
  | { type: 'crashed'; jobId: number; stack: string };
