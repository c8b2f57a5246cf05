import type { ToolId, ToolOptions } from '@quire/shared';

/** One uploaded file as the engine sees it: a server-made path, never a path derived from the upload's name. */
export type InputFile = {
  path: string;
  /** The visitor's file name, already reduced to a safe last segment; used in messages and output names. */
  name: string;
  /** The password the visitor gave for this file, if any. */
  password?: string | undefined;
};

export type JobInput<T extends ToolId = ToolId> = {
  files: InputFile[];
  options: ToolOptions<T>;
};

export type JobContext = {
  /** Aborted when the client goes away or the job runs out of time. */
  signal: AbortSignal;
  /** A private directory for this job's intermediate and output files; the caller deletes it. */
  workDir: string;
  /** Time left for external programs started by this job. */
  timeoutMs: number;
};

export type JobResult = {
  /** The output file, inside `workDir`. */
  path: string;
  /** Extra response headers the tool reports (for example sizes after compression). */
  headers: Record<string, string>;
  /** Anything the visitor should know that did not stop the job, for example a repaired input. */
  warnings: string[];
};

export type EngineOp<T extends ToolId> = (input: JobInput<T>, ctx: JobContext) => Promise<JobResult>;

export type EngineOps = { [T in ToolId]: EngineOp<T> };
