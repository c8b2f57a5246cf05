import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { InputFile, JobContext } from '../src/ops/types.ts';

/** A job context with its own temporary directory, as the server gives each request. */
export async function createJobContext(
  timeoutMs = 60_000,
): Promise<JobContext & { dispose: () => Promise<void> }> {
  const workDir = await mkdtemp(join(tmpdir(), 'quire-engine-test-'));
  return {
    workDir,
    timeoutMs,
    signal: new AbortController().signal,
    dispose: () => rm(workDir, { recursive: true, force: true }),
  };
}

/**
 * A fresh job context for every test of the calling file: the returned object is refilled before each test and
 * its directory removed after it, so tests simply use `ctx.workDir`.
 */
export function useJobContext(timeoutMs?: number): JobContext {
  const ctx = {} as JobContext & { dispose?: () => Promise<void> };
  beforeEach(async () => {
    Object.assign(ctx, await createJobContext(timeoutMs));
  });
  afterEach(async () => {
    await ctx.dispose?.();
  });
  return ctx;
}

export function inputFile(path: string, password?: string): InputFile {
  return { path, name: basename(path), password };
}

/** Page count as qpdf reads it, independent of the code under test. */
export function qpdfPageCount(path: string, password?: string): number {
  const args = ['--show-npages', ...(password ? [`--password=${password}`] : []), path];
  return Number(execFileSync('qpdf', args, { encoding: 'utf8' }).trim());
}

/** `qpdf --check`: exit 0 (clean) or 3 (warnings only) passes; the output is returned for failure messages. */
export function qpdfCheck(path: string): { ok: boolean; output: string } {
  const { ok, output } = checkWithQpdf(path);
  return { ok, output };
}

export type QpdfFacts = {
  /** `qpdf --check` passed: exit 0 (clean) or 3 (warnings only). */
  ok: boolean;
  /** What qpdf wrote, for failure messages. */
  output: string;
  /** Page count as `qpdf --show-npages` reads it (`NaN` when qpdf could not tell). */
  pageCount: number;
  /** As `isEncrypted`: the check's account of the encryption does not say the file is not encrypted. */
  isEncrypted: boolean;
};

/**
 * `qpdfCheck`, `qpdfPageCount` and `isEncrypted` of one file from a single qpdf run (`--check --show-npages`; the
 * check begins with the `--show-encryption` account). A qpdf process costs 20–40 ms, most of it the kernel's, and
 * the corpus passes asked three of them about every file they wrote.
 */
export function checkWithQpdf(path: string, password?: string): QpdfFacts {
  const args = ['--check', '--show-npages', ...(password ? [`--password=${password}`] : []), path];
  let stdout: string;
  let output: string;
  let ok: boolean;
  try {
    stdout = execFileSync('qpdf', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    output = stdout;
    ok = true;
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    stdout = failure.stdout ?? '';
    output = `${stdout}${failure.stderr ?? ''}`;
    ok = failure.status === 3;
  }
  // The page count is the one line of the output that is a bare number.
  const pageCount = Number(/^(\d+)$/m.exec(stdout)?.[1] ?? Number.NaN);
  return { ok, output, pageCount, isEncrypted: !stdout.includes('File is not encrypted') };
}

export function isEncrypted(path: string): boolean {
  return !execFileSync('qpdf', ['--show-encryption', path], { encoding: 'utf8' }).includes(
    'File is not encrypted',
  );
}
