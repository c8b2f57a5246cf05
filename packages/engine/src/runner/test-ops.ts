import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@quire/shared';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import type { JobContext, JobResult } from '../ops/types.ts';
import { runProcess } from '../process/run-process.ts';

/**
 * Jobs that are slow, greedy or large on purpose, for tests of the runner and the server that must not depend on
 * how fast the machine is (a document "slow enough" on one machine finishes in time on another). A worker runs them
 * only when its pool was made with `allowTestOps`, which the server does only with `QUIRE_TEST_OPS=1`.
 */
export type TestOpName = 'hold' | 'allocate' | 'spin' | 'write' | 'break-mupdf';

export type TestOpInput = {
  /** `hold`: how long to wait; `spin`: how long to keep a core busy. */
  ms?: number;
  /** `hold`: the wall-clock limit the op sets for itself first (`JobContext.setTimeLimit`). */
  timeLimitMs?: number;
  /** `hold`: the work it declares first (`JobContext.declareWork`), in estimated milliseconds: a long job on purpose. */
  workMs?: number;
  /** `allocate`: memory to take and touch; `write`: bytes of output to write. */
  megabytes?: number;
};

const MEBIBYTE = 1024 * 1024;

export const TEST_OPS: Record<TestOpName, (input: TestOpInput, ctx: JobContext) => Promise<JobResult>> = {
  /** Waits `ms` (or until stopped) with a program running beside it, as a slow engine would. */
  async hold({ ms = 1000, timeLimitMs, workMs }, ctx) {
    if (timeLimitMs !== undefined) ctx.setTimeLimit?.(timeLimitMs);
    if (workMs !== undefined) await ctx.declareWork?.(workMs);
    await runProcess(
      'sleep',
      [String(ms / 1000)],
      { timeoutMs: ms + 60_000, maxMemoryBytes: 64 * MEBIBYTE },
      ctx.signal,
    );
    return writeOutput(ctx, 1);
  },
  /** Takes and touches memory 16 MiB at a time, yielding between steps so that the job can be stopped. */
  async allocate({ megabytes = 64 }, ctx) {
    const held: Buffer[] = [];
    for (let taken = 0; taken < megabytes; taken += 16) {
      throwIfAborted(ctx.signal);
      held.push(Buffer.alloc(16 * MEBIBYTE, 1));
      await sleep(1);
    }
    return writeOutput(ctx, held.length > 0 ? 1 : 0);
  },
  /** Keeps one core busy for `ms` of wall time, hearing an abort only between slices. */
  async spin({ ms = 1000 }, ctx) {
    const end = Date.now() + ms;
    let counter = 0;
    while (Date.now() < end) {
      throwIfAborted(ctx.signal);
      const slice = Date.now() + 20;
      while (Date.now() < slice) counter += 1;
      await sleep(0);
    }
    return writeOutput(ctx, counter > 0 ? 1 : 0);
  },
  /** Writes `megabytes` of output, 1 MiB at a time. */
  async write({ megabytes = 1 }, ctx) {
    return writeOutput(ctx, megabytes);
  },
  /**
   * Breaks this worker's MuPDF for real, then fails as an op would on a damaged file: a redaction on a page drawing
   * a form that draws itself fails with a plain error and leaves MuPDF's WebAssembly stack behind it (what
   * `breakFormCycles` keeps Redact PDF from doing), so that every later MuPDF call traps.
   */
  async 'break-mupdf'() {
    const mupdf = await loadMupdf();
    const document = new mupdf.PDFDocument();
    const form = document.addStream('q /F0 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 100, 100],
    });
    const formResources = document.newDictionary();
    formResources.put('XObject', document.newDictionary());
    formResources.get('XObject').put('F0', form);
    form.put('Resources', formResources);
    const pageResources = document.newDictionary();
    pageResources.put('XObject', document.newDictionary());
    pageResources.get('XObject').put('F0', form);
    document.insertPage(-1, document.addPage([0, 0, 200, 200], 0, pageResources, 'q /F0 Do Q'));
    const page = document.loadPage(0);
    page.createAnnotation('Redact').setRect([0, 0, 50, 50]);
    try {
      page.applyRedactions();
    } catch {
      throw new AppError('FILE_DAMAGED', 'The test document broke MuPDF.');
    }
    throw new AppError(
      'INTERNAL',
      'This MuPDF no longer breaks on a form drawing itself: the test op needs another way.',
    );
  },
};

async function writeOutput(ctx: JobContext, megabytes: number): Promise<JobResult> {
  const path = join(ctx.workDir, 'test-output.bin');
  const file = await open(path, 'w');
  try {
    const chunk = Buffer.alloc(MEBIBYTE, 0x61);
    for (let written = 0; written < megabytes; written += 1) {
      throwIfAborted(ctx.signal);
      await file.write(chunk);
    }
  } finally {
    await file.close();
  }
  return { path, report: { values: {}, notices: [] } };
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) {
    throw signal.reason instanceof AppError
      ? signal.reason
      : new AppError('JOB_TIMEOUT', 'The job was stopped.');
  }
}
