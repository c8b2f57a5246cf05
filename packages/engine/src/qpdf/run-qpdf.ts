import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessResult } from '../process/run-process.ts';
import { runProcess } from '../process/run-process.ts';
import type { JobContext } from '../ops/types.ts';

/** qpdf rarely needs more than a few tens of megabytes; a hostile file must not take the machine. */
const QPDF_MAX_MEMORY_BYTES = 1024 * 1024 * 1024;

/** qpdf's exit codes: 0 success, 2 error, 3 success with warnings (a repaired file, for example). */
export const QPDF_EXIT = { ok: 0, error: 2, warnings: 3 } as const;

/**
 * Runs qpdf with its arguments read from a private file (`qpdf @file`), so that passwords never appear in a
 * process listing. Arguments are paths the server made and values it validated; no shell is involved. Warnings are
 * not written (`--no-warn`; the exit code still tells of them) unless `withWarnings`.
 */
export async function runQpdf(
  args: readonly string[],
  ctx: JobContext,
  { withWarnings = false }: { withWarnings?: boolean } = {},
): Promise<ProcessResult> {
  if (args.some((arg) => /[\r\n]/.test(arg))) throw new Error('qpdf arguments cannot contain line breaks');
  const argsFile = join(ctx.workDir, `qpdf-args-${randomUUID()}`);
  const lines = [...(withWarnings ? [] : ['--no-warn']), ...args];
  await writeFile(argsFile, `${lines.join('\n')}\n`, { mode: 0o600 });
  try {
    return await runProcess(
      'qpdf',
      [`@${argsFile}`],
      { timeoutMs: ctx.timeoutMs, maxMemoryBytes: QPDF_MAX_MEMORY_BYTES },
      ctx.signal,
    );
  } finally {
    await rm(argsFile, { force: true });
  }
}

export function isQpdfSuccess(result: ProcessResult): boolean {
  return result.exitCode === QPDF_EXIT.ok || result.exitCode === QPDF_EXIT.warnings;
}
