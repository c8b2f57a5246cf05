import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobInput, JobResult, JobRunner, RunOptions } from '@quire/engine';
import { AppError, queuedJobView, type ToolId } from '@quire/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestRedis } from '../../test/redis-server.ts';
import { DiskBudget } from '../jobs/disk-budget.ts';
import { DirectoryJobStore } from '../jobs/job-store.ts';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import { ClusterJobs } from './cluster-jobs.ts';
import { ClusterRunner } from './cluster-runner.ts';
import { ClusterWorker } from './cluster-worker.ts';
import { clientKey, recordKey, type JobRecord } from './job-records.ts';
import { KEY_PREFIX } from './redis-client.ts';

// Issue 31, item 1: the web side (`ClusterRunner`) and the worker side (`ClusterWorker`) of a cluster against a
// real Redis and BullMQ, the worker's pool a stand-in that runs what each test tells it (no worker processes).

const redis = useTestRedis({ flushEachTest: false });
const RETENTION_MS = 60_000;

/** What the stand-in pool was asked to run, and how it answers (set by each test). */
type Call = { toolId: ToolId; input: JobInput; options: RunOptions };
let calls: Call[] = [];
let answer: (call: Call) => Promise<JobResult> = async () => {
  throw new Error('no answer set');
};
const pool = {
  run: (toolId: ToolId, input: JobInput, options: RunOptions) => {
    const call = { toolId, input, options };
    calls.push(call);
    options.onStart?.(0);
    return answer(call);
  },
} as unknown as JobRunner;

let base: string;
let store: DirectoryJobStore;
let runner: ClusterRunner;
let worker: ClusterWorker;
const connections: Redis[] = [];
const connect = () => {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  connections.push(connection);
  return connection;
};

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'quire-cluster-runner-'));
  store = new DirectoryJobStore(base);
  runner = new ClusterRunner({
    store,
    redis: connect(),
    subscriber: connect(),
    maxQueue: { pdf: 4, office: 4, ocr: 4 },
    maxPerClient: 2,
    maxQueuedPerClient: 1,
    retentionMs: RETENTION_MS,
  });
  await runner.start();
  worker = new ClusterWorker({
    redisUrl: redis.url,
    redis: connect(),
    subscriber: connect(),
    store,
    lanes: ['pdf'],
    runner: pool,
    concurrency: { pdf: 2, office: 0, ocr: 0 },
    lockMs: 30_000,
    retentionMs: RETENTION_MS,
    workerMemory: async () => ({ pdf: 0, office: 0, ocr: 0 }),
    onError: () => undefined,
  });
  await worker.start();
});
afterAll(async () => {
  await worker?.close(true);
  await runner?.close();
  for (const connection of connections) connection.disconnect();
  await rm(base, { recursive: true, force: true });
});
beforeEach(() => {
  calls = [];
});

/** A job's directory in the store with one upload in it, and its input as the web process reads it. */
async function uploaded(name = 'scan.pdf'): Promise<{ id: string; dir: string; input: JobInput<'rotate'> }> {
  const id = await store.create();
  const dir = store.dirOf(id);
  await writeFile(join(dir, 'upload-0'), '%PDF-1.7\n');
  return {
    id,
    dir,
    input: { files: [{ path: join(dir, 'upload-0'), name }], options: { angle: '90', pages: '' } },
  };
}

/** The stand-in pool's answer: a result written in the run's own directory. */
async function writeResult({ options }: Call): Promise<JobResult> {
  const path = join(options.workDir, 'rotated.pdf');
  await writeFile(path, '%PDF-1.7 rotated\n');
  return { path, report: { values: { rotatedPages: 1 }, notices: [] } };
}

const runOptions = (dir: string, signal = new AbortController().signal, client = 'client-a') => ({
  signal,
  timeoutMs: 60_000,
  cpuLimitMs: 60_000,
  workDir: dir,
  client,
});

describe('ClusterRunner and ClusterWorker', () => {
  it('runs a tool request on a worker, its files as keys of the store, and answers with its result', async () => {
    answer = writeResult;
    const { dir, input } = await uploaded();
    const result = await runner.run('rotate', input, runOptions(dir));

    expect(calls).toHaveLength(1);
    const [call] = calls;
    // The worker reads the upload where the store puts it, and runs in a fresh directory of its own beside it.
    expect(call?.input.files[0]?.path).toBe(join(dir, 'upload-0'));
    expect(call?.options.workDir).toBe(join(dir, 'attempt-1'));
    expect(result).toEqual({
      path: join(dir, 'attempt-1', 'rotated.pdf'),
      report: { values: { rotatedPages: 1 }, notices: [] },
    });
    // Its client's job is counted out once it ended (a client with none left is forgotten).
    await expect.poll(() => redis.client.get(clientKey('client-a'))).toBeNull();
  });

  it('keeps a job of the job API in its record: done, named after its file, its inputs dropped', async () => {
    answer = writeResult;
    const { id, dir, input } = await uploaded('Quarterly report.pdf');
    const record = await runner.enqueue(
      'pdf',
      { kind: 'tool', toolId: 'rotate', input: input as JobInput },
      runOptions(dir),
    );
    expect(record.view).toMatchObject({ id, state: 'queued', tool: 'rotate' });
    await expect
      .poll(async () => (await runner.records.get(id))?.view.state, { timeout: 15_000 })
      .toBe('done');
    const done = await runner.records.get(id);
    expect(done?.view.result).toEqual({
      fileName: 'Quarterly report-rotated.pdf',
      mimeType: 'application/pdf',
      bytes: '%PDF-1.7 rotated\n'.length,
      report: { rotatedPages: 1 },
    });
    expect(done?.result?.path).toBe(join(id, 'attempt-1', 'rotated.pdf'));
    expect(await readdir(dir)).toEqual(['attempt-1']);
  });

  it('answers the failure of a job with its error, and removes its files', async () => {
    answer = async () => {
      throw new AppError('FILE_DAMAGED', 'The file is damaged.');
    };
    const { id, dir, input } = await uploaded();
    await expect(runner.run('rotate', input, runOptions(dir))).rejects.toMatchObject({
      code: 'FILE_DAMAGED',
    });
    expect(await store.list()).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('stops a running job whose request went away, on the worker, and forgets it', async () => {
    let heardAbort = false;
    answer = ({ options }) =>
      new Promise<JobResult>((_resolve, reject) => {
        options.signal.addEventListener('abort', () => {
          heardAbort = true;
          reject(new AppError('JOB_TIMEOUT', 'stopped'));
        });
      });
    const { id, dir, input } = await uploaded();
    const request = new AbortController();
    const run = runner.run('rotate', input, runOptions(dir, request.signal, 'client-b'));
    await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(1);
    request.abort(new AppError('JOB_TIMEOUT', 'The request was cancelled.'));
    await expect(run).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
    await expect.poll(() => heardAbort, { timeout: 15_000 }).toBe(true);
    expect(await runner.records.get(id)).toBeNull();
    await expect.poll(() => redis.client.get(clientKey('client-b')), { timeout: 15_000 }).toBeNull();
  });

  it("refuses a client's job past its share, and records nothing of it", async () => {
    answer = ({ options }) =>
      new Promise<JobResult>((resolve) =>
        options.signal.addEventListener('abort', () => resolve(writeResult({ options } as Call))),
      );
    const held = new AbortController();
    const first = await uploaded();
    const second = await uploaded();
    const third = await uploaded();
    const running = [
      runner.run('rotate', first.input, runOptions(first.dir, held.signal, 'client-c')),
      runner.run('rotate', second.input, runOptions(second.dir, held.signal, 'client-c')),
    ];
    await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(2);
    await expect(
      runner.run('rotate', third.input, runOptions(third.dir, undefined, 'client-c')),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_JOBS',
    });
    expect(await runner.records.get(third.id)).toBeNull();
    held.abort();
    await Promise.allSettled(running);
  });

  it('fails a job queued by another version of the service SERVER_BUSY, and never runs it', async () => {
    answer = writeResult;
    const queue = new Queue('pdf', { connection: connect(), prefix: KEY_PREFIX });
    // The payloads of the versions before this one: the engine's own work type, paths and all (no version); then
    // version 1's, whose record's view had no report in its result (`QUEUED_JOB_VERSION`).
    const payloads = [
      ({ id, input }: Awaited<ReturnType<typeof uploaded>>) => ({
        id,
        work: { kind: 'tool', toolId: 'rotate', input },
        timeoutMs: 60_000,
        cpuLimitMs: null,
      }),
      ({ id, input }: Awaited<ReturnType<typeof uploaded>>) => ({
        version: 1,
        id,
        work: {
          kind: 'tool',
          toolId: 'rotate',
          files: input.files.map((file) => ({ key: store.keyOf(file.path), name: file.name })),
          options: input.options,
        },
        timeoutMs: 60_000,
        cpuLimitMs: null,
      }),
    ];
    for (const payloadOf of payloads) {
      const upload = await uploaded();
      const { id } = upload;
      const record: JobRecord = {
        view: queuedJobView(id, 'rotate'),
        dir: id,
        client: 'client-d',
        result: null,
        waiter: null,
        startedAt: null,
      };
      await runner.records.admit(record, 5, 60_000);
      await queue.add('rotate', { ...payloadOf(upload), record, reportsProgress: true }, { jobId: id });
      await expect
        .poll(async () => (await runner.records.get(id))?.view.error?.code, { timeout: 15_000 })
        .toBe('SERVER_BUSY');
      expect(await store.list()).not.toContainEqual(expect.objectContaining({ id }));
      expect(await redis.client.get(clientKey('client-d'))).toBeNull();
    }
    expect(calls).toEqual([]);
    await queue.close();
  });
});

describe('ClusterJobs', () => {
  it('starts a job of the job API, answers its result from any process, and deletes it with its files', async () => {
    // A result with a notice beside its figures: both reach the job's view, in Redis, and the answer's headers.
    answer = async (call) => ({
      ...(await writeResult(call)),
      report: { values: { rotatedPages: 1 }, notices: [{ code: 'FILE_REPAIRED', fileIndex: 0 }] },
    });
    const jobs = new ClusterJobs(runner, store);
    const { id, dir, input } = await uploaded('Minutes.pdf');
    const budget = new DiskBudget(Number.MAX_SAFE_INTEGER).admit(dir, 'client-e', () => {});
    const request = {
      toolId: 'rotate' as const,
      input,
      timeoutMs: 60_000,
      cpuLimitMs: 60_000,
      client: 'client-e',
    };
    const view = await jobs.start(request, { id, budget, stop: new AbortController().signal });
    expect(view).toMatchObject({ id, state: 'queued' });
    await expect.poll(async () => (await jobs.view(id))?.state, { timeout: 15_000 }).toBe('done');
    // The view carries the tool's figures and the notices, as the worker wrote them into the job's record in Redis.
    const done = await jobs.view(id);
    expect(done?.result).toEqual({
      fileName: 'Minutes-rotated.pdf',
      mimeType: 'application/pdf',
      bytes: '%PDF-1.7 rotated\n'.length,
      report: { rotatedPages: 1 },
    });
    expect(done?.notices).toEqual([{ code: 'FILE_REPAIRED', fileIndex: 0 }]);
    const stored = JSON.parse((await redis.client.get(recordKey(id))) ?? 'null') as JobRecord | null;
    expect(stored?.view).toEqual(done);

    // Another web process, with its own connections, answers for it as well.
    const other = new ClusterRunner({
      store,
      redis: connect(),
      subscriber: connect(),
      maxQueue: { pdf: 4, office: 4, ocr: 4 },
      maxPerClient: 2,
      maxQueuedPerClient: 1,
      retentionMs: RETENTION_MS,
    });
    const otherJobs = new ClusterJobs(other, store);
    expect(await otherJobs.view(id)).toEqual(done);
    const found = await otherJobs.answerOf(id);
    expect('answer' in found && found.answer).toMatchObject({
      result: { path: join(dir, 'attempt-1', 'rotated.pdf') },
      headers: { 'X-Pages-Rotated': '1', 'X-Notices': 'FILE_REPAIRED;file=0' },
      fileName: 'Minutes-rotated.pdf',
      mimeType: 'application/pdf',
    });
    await other.close();

    expect(await jobs.delete(id)).toBe(true);
    expect(await jobs.view(id)).toBeNull();
    expect(await store.list()).not.toContainEqual(expect.objectContaining({ id }));
    expect(await jobs.delete(id)).toBe(false);
  });

  it("counts a job's duration when a worker ends it before the answer to its queueing reaches the web process", async () => {
    answer = writeResult;
    // The web process hears the queueing answered only once the job has ended (a busy event loop, a slow link).
    const lateAnswers = {
      enqueue: async (...args: Parameters<ClusterRunner['enqueue']>) => {
        const record = await runner.enqueue(...args);
        await expect.poll(async () => (await runner.records.get(record.view.id))?.view.state).toBe('done');
        return record;
      },
      watch: runner.watch.bind(runner),
      cancel: runner.cancel.bind(runner),
      records: runner.records,
    } as unknown as ClusterRunner;
    const finished: string[] = [];
    const metrics = {
      jobStarted: () => undefined,
      jobFinished: (tool: string, outcome: string) => finished.push(`${tool} ${outcome}`),
    } as unknown as ServiceMetrics;
    const jobs = new ClusterJobs(lateAnswers, store, metrics);
    const { id, dir, input } = await uploaded();
    const budget = new DiskBudget(Number.MAX_SAFE_INTEGER).admit(dir, 'client-f', () => {});
    const request = {
      toolId: 'rotate' as const,
      input,
      timeoutMs: 60_000,
      cpuLimitMs: 60_000,
      client: 'client-f',
    };
    await jobs.start(request, { id, budget, stop: new AbortController().signal });
    expect(finished).toEqual(['rotate ok']);
    expect(await jobs.delete(id)).toBe(true);
  });
});
