import { readFileSync } from 'node:fs';
import { AppError } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJobContext } from '../../test/job-context.ts';
import { JobPool, type RunOptions } from './pool.ts';

const ctx = useJobContext();

const niceness = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);

describe('JobPool with long jobs', () => {
  const pool = new JobPool({
    size: 2,
    maxQueue: 64,
    longJobMs: 1_000,
    allowTestOps: true,
    abortGraceMs: 500,
  });
  beforeAll(() => pool.whenReady());
  afterAll(() => pool.close());

  const hold = (client: string, ms: number, workMs?: number, more: Partial<RunOptions> = {}) =>
    pool.runTestOp(
      'hold',
      { ms, ...(workMs === undefined ? {} : { workMs }) },
      { signal: new AbortController().signal, timeoutMs: ms + 60_000, workDir: ctx.workDir, client, ...more },
    );

  it('keeps a worker for short work however many clients send long jobs', async () => {
    const stop = new AbortController();
    // Eight clients, each with one long job: only one may run, and it may not take the last worker.
    const attacks = Array.from({ length: 8 }, (_, index) =>
      hold(`attacker-${index}`, 60_000, 10_000, { signal: stop.signal }).catch((error: unknown) => error),
    );
    await waitFor(() => pool.stats.runningLong === 1 && pool.stats.deferred >= 1);
    // A visitor's short job (it declares little work, or none) gets the worker that stays free, at once.
    await expect(hold('visitor', 50, 100)).resolves.toBeTruthy();
    await expect(hold('visitor', 50)).resolves.toBeTruthy();
    expect(pool.stats.runningLong).toBe(1);
    expect(pool.stats.queued).toBe(7);
    stop.abort();
    await Promise.all(attacks);
    expect(pool.stats).toMatchObject({ running: 0, queued: 0, runningLong: 0 });
  });

  it('runs a long job below the short work, and every deferred long job once there is room', async () => {
    // Held long enough that the second job is surely sent while it runs, however busy the machine.
    const first = hold('a', 8_000, 5_000);
    await waitFor(() => pool.stats.runningLong === 1);
    const longWorker = pool.workerPids.find((pid) => niceness(pid) === 19);
    expect(longWorker).toBeDefined();
    const deferredBefore = pool.stats.deferred;
    const second = hold('b', 200, 5_000);
    await waitFor(() => pool.stats.deferred > deferredBefore);
    // The deferred job waits for the running long one, then runs: neither is lost.
    await expect(first).resolves.toBeTruthy();
    await expect(second).resolves.toBeTruthy();
    // A worker back from a long job runs at the usual priority again (or was replaced by one that does).
    await waitFor(() => pool.workerPids.every((pid) => niceness(pid) === 10));
  });

  it('tells a long job sent back to wait that it started once, when it really starts', async () => {
    // Held long enough that the second job is surely sent while it runs, however busy the machine.
    const first = hold('a', 8_000, 5_000);
    await waitFor(() => pool.stats.runningLong === 1);
    const deferredBefore = pool.stats.deferred;
    const starts: (number | undefined)[] = [];
    const second = hold('b', 100, 5_000, { onStart: (waitedMs) => starts.push(waitedMs) });
    // Taken by the free worker, found long and sent back: it has not started.
    await waitFor(() => pool.stats.deferred > deferredBefore);
    expect(starts).toEqual([]);
    await expect(first).resolves.toBeTruthy();
    await expect(second).resolves.toBeTruthy();
    // Once, with its whole wait: the long job before it held the room for about a second more.
    expect(starts).toHaveLength(1);
    expect(starts[0]).toBeGreaterThan(500);
  });

  it("stops a long job whose place for long work cannot be counted, as the service's fault, not sent back", async () => {
    const deferredBefore = pool.stats.deferred;
    const claimed = (claimLong: () => Promise<boolean>) => hold('c', 100, 5_000, { claimLong });
    const unavailable = new AppError('SERVER_BUSY', 'The service is briefly unavailable.');
    await expect(claimed(() => Promise.reject(unavailable))).rejects.toBe(unavailable);
    await expect(claimed(() => Promise.reject(new Error('Connection is closed.')))).rejects.toMatchObject({
      code: 'SERVER_BUSY',
    });
    expect(pool.stats.deferred).toBe(deferredBefore);
  });

  it('takes a newcomer into a full queue in place of the newest job of whoever waits with the most', async () => {
    const small = new JobPool({ size: 1, maxQueue: 2, allowTestOps: true });
    await small.whenReady();
    try {
      const run = (client: string, ms: number) =>
        small.runTestOp(
          'hold',
          { ms },
          { signal: new AbortController().signal, timeoutMs: 60_000, workDir: ctx.workDir, client },
        );
      const running = run('flooder', 2_000);
      const waiting = [run('flooder', 10), run('flooder', 10)];
      await waitFor(() => small.stats.queued === 2);
      const visitor = run('visitor', 10);
      await expect(waiting[1]).rejects.toMatchObject({ code: 'SERVER_BUSY' });
      await expect(visitor).resolves.toBeTruthy();
      await expect(running).resolves.toBeTruthy();
      await expect(waiting[0]).resolves.toBeTruthy();
    } finally {
      await small.close();
    }
  });

  it('runs a deferred job on the worker that sent it back, without the abort of its first run killing it', async () => {
    const replacedBefore = pool.stats.replaced;
    const short = hold('s', 300);
    const first = hold('a', 1_200, 5_000);
    await waitFor(() => pool.stats.runningLong === 1);
    // Queued behind the short job, then sent back from its worker when it declares long work.
    const second = hold('b', 100, 5_000);
    await expect(short).resolves.toBeTruthy();
    await expect(first).resolves.toBeTruthy();
    await expect(second).resolves.toBeTruthy();
    expect(pool.stats.replaced).toBe(replacedBefore);
  });

  it('cancels a deferred long job whose client went away', async () => {
    const holding = hold('a', 30_000, 5_000);
    await waitFor(() => pool.stats.runningLong === 1);
    const controller = new AbortController();
    const deferredBefore = pool.stats.deferred;
    const waiting = hold('b', 30_000, 5_000, { signal: controller.signal });
    await waitFor(() => pool.stats.deferred > deferredBefore && pool.stats.queued === 1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
    expect(pool.stats.queued).toBe(0);
    void holding.catch(() => undefined);
  });
});

describe('JobPool of one worker', () => {
  const pool = new JobPool({ size: 1, maxQueue: 4, longJobMs: 1_000, allowTestOps: true });
  beforeAll(() => pool.whenReady());
  afterAll(() => pool.close());

  it('still runs long jobs (no worker can be kept for short work)', async () => {
    const result = pool.runTestOp(
      'hold',
      { ms: 50, workMs: 5_000 },
      { signal: new AbortController().signal, timeoutMs: 60_000, workDir: ctx.workDir },
    );
    await expect(result).resolves.toBeTruthy();
    expect(pool.stats.deferred).toBe(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('JobPool worker memory between jobs', () => {
  const pool = new JobPool({ size: 1, maxQueue: 4, maxHeapBytes: 160 * 1024 * 1024, allowTestOps: true });
  beforeAll(() => pool.whenReady());
  afterAll(() => pool.close());

  it('replaces a worker that ends a job holding more than its threshold, and keeps one that stays lean', async () => {
    const run = (megabytes: number) =>
      pool.runTestOp(
        'allocate',
        { megabytes },
        { signal: new AbortController().signal, timeoutMs: 60_000, workDir: ctx.workDir },
      );
    await run(16);
    expect(pool.stats.replaced).toBe(0);
    const before = pool.workerPids;
    await run(256);
    await waitFor(() => pool.stats.replaced === 1 && pool.workerPids[0] !== before[0]);
  });
});
