import type { JobReport, ToolId, ToolOptions, Tools, WorkStage } from '@quire/shared';

/** One uploaded file as the engine sees it: a server-made path, never a path derived from the upload's name. */
export type InputFile = {
  path: string;
  /** The visitor's file name, already reduced to a safe last segment; used in messages and output names. */
  name: string;
  /** The password the visitor gave for this file, if any. */
  password?: string | undefined;
};

/**
 * A file held in memory only (Sign PDF's certificate, `ToolDefinition.secretFile`): its bytes travel in the job's
 * input to the worker, never through a file.
 */
export type SecretInputFile = {
  bytes: Uint8Array;
  /** The visitor's file name, already reduced to a safe last segment; used in messages. */
  name: string;
};

/**
 * A job as it travels from the server to a worker: its files in the order sent, its options as read, and its file
 * kept in memory, if the tool takes one and the request sent it.
 */
export type JobInput<T extends ToolId = ToolId> = {
  files: InputFile[];
  options: ToolOptions<T>;
  secretFile?: SecretInputFile | undefined;
};

/**
 * What a tool's op receives (`opInput` builds it from the job, having checked its file count once): a tool that
 * takes one file gets it as `file`, a tool that takes several gets them in order as `files`; a tool's extra file
 * (`ToolDefinition.extraFile`), which travels after them, comes under its field's name.
 */
export type OpInput<T extends ToolId> = (Tools[T]['maxFiles'] extends 1
  ? { file: InputFile }
  : { files: InputFile[] }) &
  ExtraFileInput<Tools[T]> &
  PictureFilesInput<Tools[T]> &
  SecretFileInput<Tools[T]> & { options: ToolOptions<T> };

/** A tool's numbered pictures (Sign PDF's `image-0` …), in order, as `pictures`. */
type PictureFilesInput<D> = D extends { readonly pictureFiles: object }
  ? { readonly pictures: readonly InputFile[] }
  : unknown;

/** A tool's file kept in memory (Sign PDF's `certificate`), under its field's name, when the request sent one. */
type SecretFileInput<D> = D extends { readonly secretFile: { readonly field: infer F extends string } }
  ? { readonly [K in F]?: SecretInputFile | undefined }
  : unknown;

/** A tool's extra file (Watermark's `image`), under its field's name, when the request sent one. */
type ExtraFileInput<D> = D extends { readonly extraFile: { readonly field: infer F extends string } }
  ? { readonly [K in F]?: InputFile | undefined }
  : unknown;

export type JobContext = {
  /** Aborted when the client goes away or the job runs out of time. */
  signal: AbortSignal;
  /** A private directory for this job's intermediate and output files; the caller deletes it. */
  workDir: string;
  /** Time left for external programs started by this job. */
  timeoutMs: number;
  /**
   * Sets the job's wall-clock limit, from its start, within `timeoutMs`: an op whose work grows with its pages
   * starts short and gives a document the time of its own pages, so that a tool's ceiling is no one job's budget.
   */
  setTimeLimit?: (timeoutMs: number) => void;
  /**
   * Announces the work the op has found it must do (`estimateWork`), once it knows it and before the heavy part;
   * it may be called again when more is found (scanned pages). Resolves when the job may go on. A job estimated
   * long that would leave its lane no worker for short work is stopped instead (its signal aborts) and started
   * again once there is room: an op must not have written its result before it declares.
   */
  declareWork?: (estimateMs: number) => Promise<void>;
  /** The size of any one file the job may write, its result included; past it `OUTPUT_TOO_LARGE`. */
  maxOutputBytes?: number;
  /** Hears where the job stands (the visitor's progress bar); pages where the op works page by page. */
  onProgress?: ProgressListener;
};

export type ProgressListener = (stage: WorkStage, pages?: { done: number; total: number }) => void;

export type JobResult<T extends ToolId = ToolId> = {
  /** The output file, inside `workDir`. */
  path: string;
  /**
   * The tool's figures about the result and the coded notices (a repaired input, pages drawn smaller…). The engine
   * writes no HTTP header: the server turns the report into headers through shared's one table.
   */
  report: JobReport<T>;
};

export type EngineOp<T extends ToolId> = (input: OpInput<T>, ctx: JobContext) => Promise<JobResult<T>>;

export type EngineOps = { [T in ToolId]: EngineOp<T> };
