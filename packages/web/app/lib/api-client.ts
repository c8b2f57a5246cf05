import {
  AppError,
  JOBS_PATH,
  TOOL_FIELD,
  fileFieldName,
  isTerminalState,
  passwordFieldName,
  type JobBody,
  type JobProgress,
  type JobView,
  type ToolDefinition,
} from '@quire/shared';
import { followJob } from './follow-job.ts';
import { sendForm, type UploadProgress } from './send-form.ts';

export type { UploadProgress } from './send-form.ts';

export type ToolRequest = {
  readonly files: readonly File[];
  /** A tool's extra file (Watermark's picture), sent in its own field after the files. */
  readonly extraFile?: File | null;
  /**
   * Files of a tool's own fields, by field name, sent after the others: Sign PDF's pictures (`image-0`, …,
   * `ToolDefinition.pictureFiles`) and certificate (`secretFile`). A field the tool has not is not sent.
   */
  readonly attachments?: Readonly<Record<string, File>>;
  /** Passwords by file index, for protected PDFs. */
  readonly passwords?: Readonly<Record<number, string>>;
  /** Option fields as the server expects them (`quality`, `mode`, …). */
  readonly options?: Readonly<Record<string, string>>;
  /** Aborting cancels the job: the upload stops, or the server stops the job and deletes it with its files. */
  readonly signal?: AbortSignal;
  /** How much of the upload has gone out. */
  readonly onUploadProgress?: (progress: UploadProgress) => void;
  /** The upload is complete; the server is working. */
  readonly onUploaded?: () => void;
  /** Where the job stands on the server: waiting, reading, pages processed, writing. */
  readonly onProgress?: (progress: JobProgress) => void;
};

/**
 * A tool's answer: the result file, and its job's last view, which says what the site shows beside it (the tool's
 * figures, `result.report`, and its notices), its name and its type.
 */
export type ToolResponse = {
  readonly blob: Blob;
  readonly job: JobView;
};

/**
 * Runs one tool on the server as a job: `POST /api/v1/jobs` with the tool's multipart fields (named by the
 * registry, `tool` first), then its progress until it ends, then its result, which the server deletes once sent.
 * Resolves to the result file and the job's last view; a refusal or a failed job rejects with its `AppError`.
 */
export async function runTool(tool: ToolDefinition, request: ToolRequest): Promise<ToolResponse> {
  const body = new FormData();
  body.append(TOOL_FIELD, tool.id);
  for (const [name, value] of Object.entries(request.options ?? {})) body.append(name, value);
  for (const [index, password] of Object.entries(request.passwords ?? {})) {
    if (password !== '') body.append(passwordFieldName(tool, Number(index)), password);
  }
  request.files.forEach((file, index) => body.append(fileFieldName(tool, index), file, file.name));
  if (tool.extraFile && request.extraFile)
    body.append(tool.extraFile.field, request.extraFile, request.extraFile.name);
  for (const [field, file] of Object.entries(request.attachments ?? {})) {
    if (takesAttachment(tool, field)) body.append(field, file, file.name);
  }

  const { signal } = request;
  const answer = await sendForm(JOBS_PATH, body, {
    signal,
    onUploadProgress: request.onUploadProgress,
    onUploaded: request.onUploaded,
  });
  if (answer.status !== 202) throw await errorOf(answer.status, answer.blob);
  const { job } = JSON.parse(await answer.blob.text()) as JobBody;
  // Cancelled from here on: the server stops the job and deletes its files at once, even as the page goes.
  const cancel = () =>
    void fetch(`${JOBS_PATH}/${job.id}`, { method: 'DELETE', keepalive: true }).catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const last = await followJob(job, {
      signal,
      // An ended job says nothing more of its work: the page keeps the last step while the result comes.
      onChange: (view) => {
        if (!isTerminalState(view.state)) request.onProgress?.(view.progress);
      },
    });
    // Done or failed, the result's address answers: the file, or the job's error with its own status.
    const response = await fetch(`${JOBS_PATH}/${job.id}/result`, { signal: signal ?? null });
    if (!response.ok) throw await errorOf(response.status, await response.blob());
    return { blob: await response.blob(), job: last };
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

async function errorOf(status: number, blob: Blob): Promise<AppError> {
  try {
    return AppError.fromJson(JSON.parse(await blob.text()));
  } catch {
    return new AppError('INTERNAL', `Unexpected ${status} answer without an error body.`);
  }
}

/** Whether `field` is one of the tool's picture fields (`image-0`, …) or its secret file's. */
function takesAttachment(tool: ToolDefinition, field: string): boolean {
  if (tool.secretFile?.field === field) return true;
  const pictures = tool.pictureFiles;
  if (!pictures) return false;
  const match = new RegExp(`^${pictures.prefix}-(\\d+)$`).exec(field);
  return match !== null && Number(match[1]) < pictures.maxFiles;
}
