import { readFileSync, readdirSync } from 'node:fs';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useJobContext, inputFile, qpdfPageCount } from '../../test/job-context.ts';
import { JobPool } from './pool.ts';

const A = corpusPath('pdf/pdfbox_rotations-90-180-270_6p.pdf');
const B = corpusPath('pdf/pdfjs_freeculture-book_352p.pdf');

const ctx = useJobContext();

describe('JobPool', () => {
  const pool = new JobPool({ size: 1, maxQueue: 1, abortGraceMs: 500 });
  beforeAll(() => pool.whenReady());
  afterAll(() => pool.close());
  const run = (timeoutMs = 30_000, signal = new AbortController().signal) =>
    pool.run(
      'merge',
      { files: [inputFile(A), inputFile(B)], options: {} },
      { signal, timeoutMs, workDir: ctx.workDir },
    );

  it('runs an engine op in a worker process', async () => {
    const result = await run();
    expect(qpdfPageCount(result.path)).toBe(358);
  });

  it('refuses at once when the queue is full, and still runs the accepted jobs', async () => {
    const running = run();
    const queued = run();
    await expect(run()).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    await expect(running).resolves.toBeTruthy();
    await expect(queued).resolves.toBeTruthy();
  });

  it('stops a job that runs out of time, then takes the next one', async () => {
    await expect(run(5)).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
    await expect(run()).resolves.toBeTruthy();
    expect(pool.stats).toMatchObject({ running: 0, queued: 0, size: 1 });
  });

  it('cancels a job whose client went away', async () => {
    const controller = new AbortController();
    const job = run(30_000, controller.signal);
    controller.abort();
    await expect(job).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
  });

  it('runs document work in worker processes at a lower CPU priority than the event loop', async () => {
    await run();
    const niceness = (pid: number | string) =>
      Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
    expect(niceness('self')).toBe(0);
    expect(pool.workerPids).toHaveLength(1);
    for (const pid of pool.workerPids) {
      expect(pid).not.toBe(process.pid);
      expect(niceness(pid)).toBe(10);
      // Every thread of the worker (V8's, libuv's) runs at the lower priority, not only its main thread.
      for (const task of readdirSync(`/proc/${pid}/task`)) expect(niceness(`${pid}/task/${task}`)).toBe(10);
    }
  });

  it('reports errors of the op with their code', async () => {
    const job = pool.run(
      'merge',
      {
        files: [inputFile(A), inputFile(corpusPath('pdf/pysamples_encrypted_user-openpassword.pdf'))],
        options: {},
      },
      { signal: new AbortController().signal, timeoutMs: 30_000, workDir: ctx.workDir },
    );
    await expect(job).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED', details: { fileIndex: 1 } });
  });
});

describe('JobPool started on its first job', () => {
  /** Merges A with itself on `pool`. */
  const mergeOn = (pool: JobPool) =>
    pool.run(
      'merge',
      { files: [inputFile(A), inputFile(A)], options: {} },
      { signal: new AbortController().signal, timeoutMs: 30_000, workDir: ctx.workDir },
    );

  it('starts no worker until a job comes, then every worker, and runs that job', async () => {
    const pool = new JobPool({ size: 2, maxQueue: 1, startWorkers: 'on-first-job' });
    try {
      await pool.whenReady();
      expect(pool.workerPids).toEqual([]);
      expect(pool.stats).toMatchObject({ size: 2, running: 0, queued: 0 });
      expect(qpdfPageCount((await mergeOn(pool)).path)).toBe(12);
      expect(pool.workerPids).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it('keeps the jobs that wait for its starting workers out of the queue’s count', async () => {
    const pool = new JobPool({ size: 1, maxQueue: 1, startWorkers: 'on-first-job' });
    try {
      // As in a pool already started: one job for the worker, one in the queue, the third refused.
      const first = mergeOn(pool);
      const second = mergeOn(pool);
      await expect(mergeOn(pool)).rejects.toMatchObject({ code: 'SERVER_BUSY' });
      await expect(first).resolves.toBeTruthy();
      await expect(second).resolves.toBeTruthy();
    } finally {
      await pool.close();
    }
  });
});

describe('JobPool.close', () => {
  it('stops the running job with SERVER_BUSY and fails the queued ones', async () => {
    const pool = new JobPool({ size: 1, maxQueue: 1, abortGraceMs: 500 });
    await pool.whenReady();
    const input = {
      files: [inputFile(corpusPath('pdf/pysamples_geotopo-lecture-notes_117p.pdf'))],
      options: { quality: 'high' as const },
    };
    const options = { signal: new AbortController().signal, timeoutMs: 120_000, workDir: ctx.workDir };
    const running = expect(pool.run('pdf-to-jpg', input, options)).rejects.toMatchObject({
      code: 'SERVER_BUSY',
    });
    const queued = expect(pool.run('pdf-to-jpg', input, options)).rejects.toMatchObject({
      code: 'SERVER_BUSY',
    });
    expect(pool.stats).toMatchObject({ running: 1, queued: 1 });
    await pool.close();
    await running;
    await queued;
    await expect(pool.run('pdf-to-jpg', input, options)).rejects.toMatchObject({ code: 'SERVER_BUSY' });
  });
});

describe('JobPool memory', () => {
  const job = (pool: JobPool) =>
    pool.run(
      'merge',
      { files: [inputFile(A), inputFile(B)], options: {} },
      { signal: new AbortController().signal, timeoutMs: 30_000, workDir: ctx.workDir },
    );

  it('replaces a worker whose MuPDF memory grew past the limit; the queued job runs on its successor', async () => {
    const pool = new JobPool({ size: 1, maxQueue: 1, maxHeapBytes: 1 });
    await pool.whenReady();
    try {
      const [first, second] = await Promise.all([job(pool), job(pool)]);
      expect(qpdfPageCount(first.path)).toBe(358);
      expect(qpdfPageCount(second.path)).toBe(358);
      await vi.waitFor(() => expect(pool.stats.replaced).toBe(2), { timeout: 10_000 });
      expect(pool.stats).toMatchObject({ size: 1, running: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it('replaces a worker whose job left MuPDF broken, and reports it; the next job runs on its successor', async () => {
    const reports: string[] = [];
    const pool = new JobPool({
      size: 1,
      maxQueue: 1,
      allowTestOps: true,
      onCrash: (_, stack) => reports.push(stack),
    });
    await pool.whenReady();
    try {
      const options = { signal: new AbortController().signal, timeoutMs: 30_000, workDir: ctx.workDir };
      await expect(pool.runTestOp('break-mupdf', {}, options)).rejects.toMatchObject({
        code: 'FILE_DAMAGED',
      });
      const next = await job(pool);
      expect(qpdfPageCount(next.path)).toBe(358);
      expect(pool.stats.replaced).toBe(1);
      expect(reports).toEqual(['MuPDF was left unusable by a job; its worker is replaced']);
    } finally {
      await pool.close();
    }
  });

  it('keeps a worker warm while its memory stays under the limit', async () => {
    const pool = new JobPool({ size: 1, maxQueue: 1 });
    await pool.whenReady();
    try {
      await job(pool);
      await job(pool);
      expect(pool.stats.replaced).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
