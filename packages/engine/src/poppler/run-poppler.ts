import { runProcess, type ProcessResult, type StdoutReader } from '../process/run-process.ts';

/**
 * Address-space cap of a poppler process. A page within `MAX_PAGE_PIXELS` needs 120 MB of raster plus the
 * libraries; the cap stops what the page budget cannot see, such as an image XObject that claims 100,000² pixels
 * (poppler then reports "Out of memory" and leaves the image out).
 */
const POPPLER_MAX_MEMORY_BYTES = 1024 * 1024 * 1024;

export type PopplerCommand = 'pdfinfo' | 'pdftoppm' | 'pdftocairo' | 'pdftotext';

/**
 * Runs a poppler-utils program with a memory cap, a timeout and a process-group kill. Never pass a password:
 * poppler only takes it on the command line (`-upw`), visible to every local user in `ps`; encrypted inputs are
 * decrypted by qpdf first (see `prepareRenderSource`).
 */
export function runPoppler(
  command: PopplerCommand,
  args: readonly string[],
  limits: { signal: AbortSignal; timeoutMs: number },
  readStdout?: StdoutReader,
): Promise<ProcessResult> {
  return runProcess(
    command,
    args,
    { timeoutMs: limits.timeoutMs, maxMemoryBytes: POPPLER_MAX_MEMORY_BYTES },
    limits.signal,
    undefined,
    readStdout,
  );
}
