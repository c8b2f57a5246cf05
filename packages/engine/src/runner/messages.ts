import type { ErrorBody, ToolId } from '@quire/shared';
import type { JobInput, JobResult } from '../ops/types.ts';

/** What the pool sends a worker. */
export type ToWorker =
  | { type: 'run'; jobId: number; toolId: ToolId; input: JobInput; workDir: string; timeoutMs: number }
  | { type: 'abort'; jobId: number }
  /** The pool is closing: stop what the worker keeps running between jobs (a warm LibreOffice), then answer. */
  | { type: 'shutdown' };

/** What a worker answers. An unexpected failure carries its stack for the log, never for the visitor. */
export type FromWorker =
  | { type: 'done'; jobId: number; result: JobResult }
  | { type: 'failed'; jobId: number; error: ErrorBody['error'] }
  | { type: 'crashed'; jobId: number; stack: string }
  | { type: 'shut-down' };
