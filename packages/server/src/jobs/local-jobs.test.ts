import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobResult } from '@quire/engine';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Runner } from '../runner.ts';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import { DiskBudget } from './disk-budget.ts';
import { DirectoryJobStore } from './job-store.ts';
import { LocalJobs } from './local-jobs.ts';
import type { JobRequest } from './run-job.ts';

let base: string | undefined;
afterEach(async () => {
  if (base) await rm(base, { recursive: true, force: true });
  base = undefined;
});

const silentLog = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const metrics = { jobStarted: () => {}, jobFinished: () => {} } as unknown as ServiceMetrics;

/**
 * A runner whose one job is admitted at once and ends, writing its result, when the test says (`finish` settles once
 * the result is written).
 */
function heldRunner(): { runner: Runner; finish: () => Promise<void> } {
  let finish = async () => {};
  const runner = {
    run: (_toolId, _input, options) => {
      options.onAdmitted?.();
      return new Promise<JobResult>((resolve) => {
        finish = async () => {
          // A worker that ignored the cancel writes its result anyway, its directory made again.
          const dir = join(options.workDir, 'out');
          const path = join(dir, 'result.pdf');
          await mkdir(dir, { recursive: true });
          await writeFile(path, '%PDF-1.7\n');
          resolve({ path, report: { values: { rotatedPages: 1 }, notices: [] } });
        };
      });
    },
  } as Pick<Runner, 'run'> as Runner;
  return { runner, finish: () => finish() };
}

describe('LocalJobs', () => {
  it('removes what a job deleted while it ran still wrote, once its work ends', async () => {
    base = await mkdtemp(join(tmpdir(), 'quire-local-jobs-'));
    const jobRoot = join(base, 'jobs');
    const { runner, finish } = heldRunner();
    const store = new DirectoryJobStore(jobRoot);
    const jobs = new LocalJobs({ runner, metrics }, store);
    const id = await store.create();
    const budget = new DiskBudget(Number.MAX_SAFE_INTEGER).admit(store.dirOf(id), 'client', () => {});
    const request: JobRequest = {
      toolId: 'rotate',
      input: { files: [], options: { angle: '90', pages: '' } },
      timeoutMs: 60_000,
      cpuLimitMs: 60_000,
      client: 'client',
    };
    const view = await jobs.start(request, { id, budget, stop: new AbortController().signal }, silentLog);
    expect(await jobs.delete(view.id)).toBe(true);
    expect(await readdir(jobRoot)).toEqual([]);
    await finish();
    await expect.poll(() => readdir(jobRoot), { timeout: 1_000 }).toEqual([]);
    // It was not kept as a result either.
    expect(await jobs.view(view.id)).toBeNull();
  });
});
