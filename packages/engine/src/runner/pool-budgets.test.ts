import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJobContext } from '../../test/job-context.ts';
import { JobPool, type RunOptions } from './pool.ts';
import { chooseCageFactory, type CagePreference } from './process-cage.ts';
import { sampleProcessTree } from './process-tree.ts';

// Issue 11, isolation: every job runs in a worker process whose memory is capped (a cgroup where the machine
// allows, else the watchdog), with a CPU-time limit and a cap on any file it writes; a job over budget is stopped
// with its own code and its worker replaced, and the next job runs as if nothing happened. The jobs are test-only
// ops, greedy on purpose, so nothing here depends on the machine's speed.

const MEBIBYTE = 1024 * 1024;
const ctx = useJobContext();
const options = (extra: Partial<RunOptions> = {}): RunOptions => ({
  signal: new AbortController().signal,
  timeoutMs: 60_000,
  workDir: ctx.workDir,
  ...extra,
});

/** The cage kinds this machine can test: the watchdog always, cgroups where they can be made (as root). */
const CAGES: CagePreference[] =
  chooseCageFactory('auto').kind === 'watchdog' ? ['watchdog'] : ['cgroup', 'watchdog'];

describe.each(CAGES)('a job over budget, with memory capped by %s', (preference) => {
  let pool: JobPool;
  beforeAll(async () => {
    pool = new JobPool({
      size: 1,
      maxQueue: 4,
      allowTestOps: true,
      cages: chooseCageFactory(preference),
      memoryLimitBytes: 256 * MEBIBYTE,
      maxOutputBytes: 8 * MEBIBYTE,
    });
    await pool.whenReady();
  });
  afterAll(() => pool.close());

  it('is stopped for memory with RESOURCE_LIMIT_EXCEEDED, its worker replaced, and the next job runs', async () => {
    const [before] = pool.workerPids;
    await expect(pool.runTestOp('allocate', { megabytes: 4096 }, options())).rejects.toMatchObject({
      code: 'RESOURCE_LIMIT_EXCEEDED',
      details: { resource: 'memory', limitMegabytes: 256 },
    });
    await expect(pool.runTestOp('hold', { ms: 10 }, options())).resolves.toMatchObject({
      path: expect.stringMatching(/test-output\.bin$/),
    });
    expect(pool.workerPids).not.toContain(before);
    expect(existsSync(`/proc/${before}`)).toBe(false);
    expect(pool.stats).toMatchObject({ overBudget: 1, replaced: 1, running: 0, queued: 0 });
  });

  it('is stopped past its CPU time with RESOURCE_LIMIT_EXCEEDED', async () => {
    await expect(pool.runTestOp('spin', { ms: 120_000 }, options({ cpuLimitMs: 500 }))).rejects.toMatchObject(
      { code: 'RESOURCE_LIMIT_EXCEEDED', details: { resource: 'cpu', limitSeconds: 1 } },
    );
    await expect(pool.runTestOp('hold', { ms: 10 }, options())).resolves.toBeTruthy();
  });

  it('cannot write a file past the output budget: OUTPUT_TOO_LARGE with the limit', async () => {
    await expect(pool.runTestOp('write', { megabytes: 64 }, options())).rejects.toMatchObject({
      code: 'OUTPUT_TOO_LARGE',
      details: { limitBytes: 8 * MEBIBYTE, limitMegabytes: 8 },
    });
    await expect(pool.runTestOp('write', { megabytes: 4 }, options())).resolves.toBeTruthy();
  });

  it('kills the programs the job started along with it', async () => {
    const controller = new AbortController();
    const job = pool.runTestOp('hold', { ms: 600_000 }, options({ signal: controller.signal }));
    const [worker] = pool.workerPids;
    await expect.poll(() => sampleProcessTree(worker ?? -1).length, { timeout: 10_000 }).toBeGreaterThan(1);
    controller.abort();
    await expect(job).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
    await expect
      .poll(() => sampleProcessTree(worker ?? -1).length, { timeout: 10_000 })
      .toBeLessThanOrEqual(1);
  });
});

describe('a job that sets its own time limit', () => {
  const pool = new JobPool({ size: 1, maxQueue: 2, allowTestOps: true });
  beforeAll(() => pool.whenReady());
  afterAll(() => pool.close());

  it('is stopped at the limit it set, not the one it was given', async () => {
    await expect(
      pool.runTestOp('hold', { ms: 30_000, timeLimitMs: 300 }, options({ timeoutMs: 60_000 })),
    ).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
  });

  it('cannot go past the limit it was given', async () => {
    await expect(
      pool.runTestOp('hold', { ms: 30_000, timeLimitMs: 120_000 }, options({ timeoutMs: 300 })),
    ).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
  });

  it('runs to its end within a longer limit', async () => {
    await expect(
      pool.runTestOp('hold', { ms: 100, timeLimitMs: 30_000 }, options({ timeoutMs: 60_000 })),
    ).resolves.toMatchObject({ path: expect.stringMatching(/test-output\.bin$/) });
  });
});

describe('test-only ops', () => {
  it('are refused by a pool not made for them', async () => {
    const pool = new JobPool({ size: 1, maxQueue: 1 });
    try {
      await expect(pool.runTestOp('hold', { ms: 1 }, options())).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
      });
    } finally {
      await pool.close();
    }
  });
});
