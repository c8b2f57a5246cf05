import { AppError, fileFieldName, passwordFieldName, type ToolDefinition } from '@quire/shared';
import { sendForm, type FormAnswer, type UploadProgress } from './send-form.ts';

export type { UploadProgress } from './send-form.ts';

export type ToolRequest = {
  readonly files: readonly File[];
  /** Passwords by file index, for protected PDFs. */
  readonly passwords?: Readonly<Record<number, string>>;
  /** Option fields as the server expects them (`quality`, `mode`, …). */
  readonly options?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** How much of the upload has gone out. */
  readonly onUploadProgress?: (progress: UploadProgress) => void;
  /** The upload is complete; the server is working. */
  readonly onUploaded?: () => void;
};

/** A tool's answer: the result file plus the response headers some tools report in (compress: the sizes). */
export type ToolResponse = {
  readonly blob: Blob;
  readonly headers: Headers;
};

/**
 * Runs one tool on the server: `POST tool.apiPath` with multipart fields named by the registry. Resolves to the
 * result file and the response headers; a non-2xx answer rejects with the `AppError` read from its error body.
 */
export async function runTool(tool: ToolDefinition, request: ToolRequest): Promise<ToolResponse> {
  const body = new FormData();
  for (const [name, value] of Object.entries(request.options ?? {})) body.append(name, value);
  for (const [index, password] of Object.entries(request.passwords ?? {})) {
    if (password !== '') body.append(passwordFieldName(tool, Number(index)), password);
  }
  request.files.forEach((file, index) => body.append(fileFieldName(tool, index), file, file.name));

  const answer = await sendForm(tool.apiPath, body, {
    signal: request.signal,
    onUploadProgress: request.onUploadProgress,
    onUploaded: request.onUploaded,
  });
  if (answer.status < 200 || answer.status > 299) throw await readError(answer);
  return { blob: answer.blob, headers: answer.headers };
}

async function readError(answer: FormAnswer): Promise<AppError> {
  try {
    return AppError.fromJson(JSON.parse(await answer.blob.text()));
  } catch {
    return new AppError('INTERNAL', `Unexpected ${answer.status} answer without an error body.`);
  }
}
