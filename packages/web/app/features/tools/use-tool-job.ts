import { isAppError, type AppError, type ToolDefinition } from '@quire/shared';
import { useCallback, useRef, useState } from 'react';
import { runTool } from '../../lib/api-client.ts';

export type JobResult = {
  readonly blob: Blob;
  readonly fileName: string;
  /** The response headers, for tools that report details in them (compress). */
  readonly headers: Headers;
};

/** A protected file the server asked a password for (spec A.3). */
export type PasswordRequest = { readonly fileIndex: number; readonly isRetry: boolean };

export type JobState =
  | { readonly status: 'idle' }
  | { readonly status: 'processing' }
  | { readonly status: 'done'; readonly result: JobResult }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'needs-password'; readonly request: PasswordRequest };

type JobCallbacks = {
  readonly onSuccess: (result: JobResult) => void;
  readonly onError: (error: unknown) => void;
};

/** A password can only be asked for where the tool takes one (PDF readers); elsewhere the error is shown. */
function passwordRequestOf(error: AppError, tool: ToolDefinition, fileCount: number): PasswordRequest | null {
  const index = error.details.fileIndex;
  if (!tool.readsPdf) return null;
  if (error.code !== 'PASSWORD_REQUIRED' && error.code !== 'PASSWORD_INCORRECT') return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= fileCount) return null;
  return { fileIndex: index, isRetry: error.code === 'PASSWORD_INCORRECT' };
}

/** The tool-page cycle of spec section 4: idle, processing, then done or error; passwords asked on the way. */
export function useToolJob(tool: ToolDefinition, callbacks: JobCallbacks) {
  const [state, setState] = useState<JobState>({ status: 'idle' });
  const passwords = useRef<Record<number, string>>({});
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (files: readonly File[], options: Record<string, string>) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'processing' });
      try {
        const { blob, headers } = await runTool(tool, {
          files,
          options,
          passwords: passwords.current,
          signal: current.signal,
        });
        if (current.signal.aborted) return;
        const result = { blob, headers, fileName: tool.output.fileName };
        setState({ status: 'done', result });
        callbacks.onSuccess(result);
      } catch (error) {
        if (current.signal.aborted) return;
        const request = isAppError(error) ? passwordRequestOf(error, tool, files.length) : null;
        if (request) {
          setState({ status: 'needs-password', request });
          return;
        }
        setState({ status: 'error', error });
        callbacks.onError(error);
      }
    },
    [tool, callbacks],
  );

  /** Forgets the result and any passwords, e.g. when the visitor picks new files. */
  const reset = useCallback(() => {
    controller.current?.abort();
    passwords.current = {};
    setState({ status: 'idle' });
  }, []);

  const setPassword = useCallback((fileIndex: number, password: string) => {
    passwords.current = { ...passwords.current, [fileIndex]: password };
  }, []);

  const cancelPassword = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, reset, setPassword, cancelPassword };
}
