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
  try {
    return { ok: true, output: execFileSync('qpdf', ['--check', path], { encoding: 'utf8' }) };
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    return { ok: failure.status === 3, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

export function isEncrypted(path: string): boolean {
  return !execFileSync('qpdf', ['--show-encryption', path], { encoding: 'utf8' }).includes(
    'File is not encrypted',
  );
}
