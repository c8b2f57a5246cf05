import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { AppError } from '@quire/shared';
import { confinedArgs } from './confined-command.ts';

export type ProcessLimits = {
  /** Wall-clock limit; the whole process group is killed when it passes. */
  timeoutMs: number;
  /** Address-space cap of the child, enforced by the kernel through `prlimit`. */
  maxMemoryBytes: number;
};

export type ProcessResult = {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

/**
 * Reads the program's standard output as it is written (a stream of page images, say), instead of keeping its
 * start as text. The program waits while the reader does (the pipe fills), so its output never piles up in memory.
 */
export type StdoutReader = (stdout: Readable) => Promise<void>;

/** Output kept from each stream: enough for a page count or an error line, never a flood. */
const MAX_CAPTURE_CHARS = 64 * 1024;

/**
 * Runs an external program without a shell, in its own process group, with a memory cap, no core dumps and a
 * timeout. An abort or timeout kills the whole group, so nothing the program started outlives the job; the program
 * also dies with the thread that started it.
 * Resolves with the exit status; rejects only on abort (`JOB_TIMEOUT`), a file written past the job's output budget
 * (`OUTPUT_TOO_LARGE`), when the program cannot start, or with `readStdout`'s error when it fails on the output of
 * a program that exits 0 (a program that fails is told by its exit status; the reader's error then says no more).
 */
export function runProcess(
  command: string,
  args: readonly string[],
  limits: ProcessLimits,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
  readStdout?: StdoutReader,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(toAbortError(signal));
      return;
    }
    const child = spawn('prlimit', confinedArgs({ maxMemoryBytes: limits.maxMemoryBytes }, command, args), {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stdout = '';
    let stderr = '';
    let readError: unknown = null;
    let reading: Promise<void> = Promise.resolve();
    if (readStdout) {
      reading = readStdout(child.stdout).catch((error: unknown) => {
        // Nothing reads the pipe any more: the program is stopped rather than left blocked on it.
        readError = error;
        killGroup();
        child.stdout.resume();
      });
    } else {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        if (stdout.length < MAX_CAPTURE_CHARS) stdout += chunk;
      });
    }
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_CAPTURE_CHARS) stderr += chunk;
    });

    const killGroup = () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    };
    let abortReason: AppError | null = null;
    const onAbort = () => {
      abortReason = toAbortError(signal);
      killGroup();
    };
    const timer = setTimeout(() => {
      // The visitor's message names the document, never the program or its internals.
      abortReason = new AppError(
        'JOB_TIMEOUT',
        `The document took longer than ${Math.max(1, Math.round(limits.timeoutMs / 1000))} s.`,
      );
      killGroup();
    }, limits.timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });

    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      finish();
      reject(new AppError('INTERNAL', `Could not start ${command}.`, {}, { cause: error }));
    });
    child.once('close', (exitCode, exitSignal) => {
      finish();
      void reading.then(() => {
        if (abortReason) reject(abortReason);
        // The kernel stopped a write past the size cap of one file (the job's output budget, `RLIMIT_FSIZE`).
        else if (exitSignal === 'SIGXFSZ')
          reject(new AppError('OUTPUT_TOO_LARGE', 'The result is larger than one job may produce.'));
        else if (readError !== null && exitCode === 0) reject(readError);
        else resolve({ exitCode, signal: exitSignal, stdout, stderr });
      });
    });
  });
}

function toAbortError(signal: AbortSignal): AppError {
  return signal.reason instanceof AppError
    ? signal.reason
    : new AppError('JOB_TIMEOUT', 'The job was stopped before it finished.');
}
