import {
  advanceProgress,
  isAppError,
  type AppError,
  type JobProgress,
  type JobView,
  type ToolDefinition,
} from '@quire/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { runTool, type UploadProgress } from '../../lib/api-client.ts';
import { resultDownloadOf } from './result-download.ts';

export type JobResult = {
  readonly blob: Blob;
  /** The name it is saved under, after the visitor's first file, as the server names it (`resultDownloadOf`). */
  readonly fileName: string;
  /** Its type as the server answered it: PDF to JPG of one page gives the JPG itself. */
  readonly mimeType: string;
  /** An object URL of `blob`, revoked when the result is forgotten (start over, new files, leaving the page). */
  readonly url: string;
  /** The job's last view, done: its notices and its tool's figures (`result.report`: compress's sizes, OCR's pages). */
  readonly job: JobView;
};

/** A protected file the server asked a password for (spec A.3). */
export type PasswordRequest = { readonly fileIndex: number; readonly isRetry: boolean };

export type JobState =
  | { readonly status: 'idle' }
  /** The files are going out; `percent` is null while the browser cannot tell how much is sent. */
  | { readonly status: 'uploading'; readonly percent: number | null }
  /**
   * Everything is sent; the server is working. `progress`: where the job stands, once the server has said;
   * `isLong`: the job has run for more than `LONG_JOB_MS`, so its progress is worth showing in detail.
   */
  | { readonly status: 'processing'; readonly progress: JobProgress | null; readonly isLong: boolean }
  | { readonly status: 'done'; readonly result: JobResult }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'needs-password'; readonly request: PasswordRequest };

type JobCallbacks = {
  readonly onSuccess: (result: JobResult) => void;
  readonly onError: (error: unknown) => void;
};

/** Past this much processing time, a job shows where it stands (stage, pages) rather than only that it works. */
export const LONG_JOB_MS = 2_000;

/** Whole percent of an upload, or null when the total is unknown. */
export function uploadPercentOf({ loaded, total }: UploadProgress): number | null {
  if (!(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/**
 * The state once the server says where the job stands: only a processing job takes it, and never to show less done
 * than it shows (`advanceProgress`), so that the bar and its line only move forward.
 */
export function withProgress(state: JobState, progress: JobProgress): JobState {
  if (state.status !== 'processing') return state;
  const shown = state.progress ? advanceProgress(state.progress, progress) : progress;
  return shown === state.progress ? state : { ...state, progress: shown };
}

/** A password can only be asked for where the tool takes one (PDF readers); elsewhere the error is shown. */
function passwordRequestOf(error: AppError, tool: ToolDefinition, fileCount: number): PasswordRequest | null {
  const index = error.details.fileIndex;
  if (!tool.readsPdf) return null;
  if (error.code !== 'PASSWORD_REQUIRED' && error.code !== 'PASSWORD_INCORRECT') return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= fileCount) return null;
  return { fileIndex: index, isRetry: error.code === 'PASSWORD_INCORRECT' };
}

/**
 * The tool-page cycle of spec section 4: idle, uploading, processing, then done or error; passwords asked on the
 * way. The result lives in memory only, as a blob and its object URL, and both go when the job is reset, cancelled
 * or unmounted.
 */
export function useToolJob(tool: ToolDefinition, callbacks: JobCallbacks) {
  const [state, setState] = useState<JobState>({ status: 'idle' });
  const passwords = useRef<Record<number, string>>({});
  const controller = useRef<AbortController | null>(null);
  const resultUrl = useRef<string | null>(null);

  const forgetResult = useCallback(() => {
    if (resultUrl.current) URL.revokeObjectURL(resultUrl.current);
    resultUrl.current = null;
  }, []);

  const start = useCallback(
    async (
      files: readonly File[],
      options: Record<string, string>,
      extraFile: File | null = null,
      attachments: Readonly<Record<string, File>> = {},
    ) => {
      controller.current?.abort();
      forgetResult();
      const current = new AbortController();
      controller.current = current;
      const isCurrent = () => controller.current === current && !current.signal.aborted;
      setState({ status: 'uploading', percent: 0 });
      try {
        const { blob, job } = await runTool(tool, {
          files,
          extraFile,
          attachments,
          options,
          passwords: passwords.current,
          signal: current.signal,
          onUploadProgress: (progress) => {
            const percent = uploadPercentOf(progress);
            // One render per whole percent, not one per progress event.
            setState((previous) =>
              isCurrent() && previous.status === 'uploading' && previous.percent !== percent
                ? { status: 'uploading', percent }
                : previous,
            );
          },
          onUploaded: () => {
            if (!isCurrent()) return;
            setState({ status: 'processing', progress: null, isLong: false });
            const timer = setTimeout(() => {
              setState((previous) =>
                isCurrent() && previous.status === 'processing' ? { ...previous, isLong: true } : previous,
              );
            }, LONG_JOB_MS);
            current.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
          },
          onProgress: (progress) => {
            setState((previous) => (isCurrent() ? withProgress(previous, progress) : previous));
          },
        });
        if (!isCurrent()) return;
        const url = URL.createObjectURL(blob);
        resultUrl.current = url;
        const download = resultDownloadOf(
          tool,
          files.map((file) => file.name),
          job.result?.mimeType ?? null,
        );
        const result = { blob, job, url, ...download };
        setState({ status: 'done', result });
        callbacks.onSuccess(result);
      } catch (error) {
        if (!isCurrent()) return;
        const request = isAppError(error) ? passwordRequestOf(error, tool, files.length) : null;
        if (request) {
          setState({ status: 'needs-password', request });
          return;
        }
        setState({ status: 'error', error });
        callbacks.onError(error);
      }
    },
    [tool, callbacks, forgetResult],
  );

  /** Stops a running job: the upload is aborted, or the server is told to stop the job and delete its files. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  /** Forgets the result and any passwords, e.g. when the visitor picks new files or starts over. */
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    forgetResult();
    passwords.current = {};
    setState({ status: 'idle' });
  }, [forgetResult]);

  useEffect(
    () => () => {
      controller.current?.abort();
      forgetResult();
    },
    [forgetResult],
  );

  const setPassword = useCallback((fileIndex: number, password: string) => {
    passwords.current = { ...passwords.current, [fileIndex]: password };
  }, []);

  const cancelPassword = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset, setPassword, cancelPassword };
}
