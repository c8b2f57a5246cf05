import type { JobContext } from '../ops/types.ts';
import { runProcess, type ProcessResult } from '../process/run-process.ts';

/** Ghostscript's pdfwrite keeps a page's display list and fonts; a hostile file must not take the machine. */
const GS_MAX_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * Runs Ghostscript in its safe mode (`-dSAFER`: no file is read or written but those named here), quietly and
 * without pausing, under the job's time limit and a memory cap. Arguments are paths the server made and values it
 * validated; no shell is involved and no password is ever passed (inputs are decrypted first).
 */
export function runGhostscript(
  args: readonly string[],
  ctx: JobContext,
  readable: readonly string[] = [],
): Promise<ProcessResult> {
  return runProcess(
    'gs',
    [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      ...readable.map((path) => `--permit-file-read=${path}`),
      ...args,
    ],
    { timeoutMs: ctx.timeoutMs, maxMemoryBytes: GS_MAX_MEMORY_BYTES },
    ctx.signal,
  );
}
