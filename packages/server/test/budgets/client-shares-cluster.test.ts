import { request as httpRequest } from 'node:http';
import type { JobLane } from '@quire/shared';
import { JOBS_PATH } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCluster } from '../test-cluster.ts';
import {
  createHeavyPdf,
  expectShareRefusal,
  expectStreamRefused,
  jobOf,
  listenOnLoopback,
  type JobBody,
  openStream,
  submitRotate,
  waitForState,
} from './share-helpers.ts';

// Issue 29, item 4, in a cluster: two web processes and a worker (its PDF lane only, one job at a time) around a
// test Redis, all in this process. A client's shares are counted in Redis, so they hold whichever web process it
// reaches, and are given back whichever one closes the stream or sends the result. A test leaves no job running
// when it ends: a worker stopped in the middle of a job does not close (see the report of issue 29, item 4).

const KEY = 'k'.repeat(32);
const FOREVER_MS = 600_000;

type TestCluster = { webA: FastifyInstance; webB: FastifyInstance; close: () => Promise<void> };

let cluster: TestCluster | undefined;
/** Ends the holds of the test's worker slot (each cancels its job). */
const holds: (() => void)[] = [];
afterEach(async () => {
  for (const release of holds.splice(0)) release();
  await cluster?.close();
  cluster = undefined;
});

async function startCluster(env: Record<string, string>): Promise<TestCluster> {
  const started = await startTestCluster(env, { webs: 2 });
  const [webA, webB] = started.webs as [FastifyInstance, FastifyInstance];
  const close = async () => {
    await expect
      .poll(
        async () => {
          const { running, queued } = await lane(webA, 'pdf');
          return running + queued;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    await started.close();
  };
  return { webA, webB, close };
}

/** The cluster's figures of a lane, as a web process's `/readyz` reports them (read from Redis every second). */
async function lane(web: FastifyInstance, name: JobLane): Promise<{ running: number; queued: number }> {
  const reply = await web.inject({ method: 'GET', url: '/readyz' });
  return (JSON.parse(reply.body) as { lanes: Record<JobLane, { running: number; queued: number }> }).lanes[
    name
  ];
}

/**
 * Holds the worker's only PDF slot, so that jobs sent next wait, until the test ends: its request then leaves, which
 * cancels its job.
 */
async function holdPdfWorker(web: FastifyInstance, origin: string): Promise<void> {
  const request = httpRequest(`${origin}/api/test-ops/pdf/hold?ms=${FOREVER_MS}`, { method: 'POST' });
  request.on('error', () => undefined);
  request.end();
  holds.push(() => request.destroy());
  await expect.poll(async () => (await lane(web, 'pdf')).running, { timeout: 15_000 }).toBe(1);
}

describe('clients’ shares in a cluster', () => {
  it('counts a client’s open event streams across web processes, and gives places back as streams close or end', async () => {
    cluster = await startCluster({ QUIRE_CLIENT_MAX_STREAMS: '2' });
    const { webA, webB } = cluster;
    const [originA, originB] = [await listenOnLoopback(webA), await listenOnLoopback(webB)];
    await holdPdfWorker(webA, originA);
    const first = jobOf(await submitRotate(webA, createHeavyPdf(4)));

    const streams = [await openStream(originA, first.id), await openStream(originB, first.id)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    await expectStreamRefused(originA, first.id);
    await expectStreamRefused(originB, first.id);

    // Closed on one web process, its place serves a stream on the other.
    streams[0]?.close();
    await expect
      .poll(async () => {
        const stream = await openStream(originB, first.id);
        if (stream.status === 200) streams.push(stream);
        return stream.status;
      })
      .toBe(200);
    await expectStreamRefused(originA, first.id);

    // Deleted through either web process, the job ends every stream, and their places are given back.
    expect((await webB.inject({ method: 'DELETE', url: `${JOBS_PATH}/${first.id}` })).statusCode).toBe(204);
    // Polled, not awaited: a stream that never hears of the deletion fails here, saying which, instead of hanging.
    await expect
      .poll(() => streams.map((stream, index) => `stream ${index}: ${stream.isOpen() ? 'open' : 'ended'}`))
      .toEqual(streams.map((_stream, index) => `stream ${index}: ended`));
    const second = jobOf(await submitRotate(webB, createHeavyPdf(4)));
    const again = [await openStream(originA, second.id), await openStream(originB, second.id)];
    expect(again.map((stream) => stream.status)).toEqual([200, 200]);
    for (const stream of again) stream.close();
  });

  it('counts a client’s results waiting across web processes against its share of the job disk, until fetched or deleted', async () => {
    // 2 MiB: a 400 KiB result waiting leaves no room for a 1,800 KiB upload.
    cluster = await startCluster({ QUIRE_CLIENT_DISK_MB: '2', QUIRE_API_KEYS: KEY });
    const { webA, webB } = cluster;
    const small = createHeavyPdf(400);
    const large = createHeavyPdf(1800);

    const waiting = jobOf(await submitRotate(webA, small));
    await waitForState(webA, waiting.id, 'done');
    expectShareRefusal(await submitRotate(webB, large), 'DISK_SHARE_FULL', 'disk');
    // An API key is a client of its own.
    const keyed = jobOf(await submitRotate(webB, large, { headers: { authorization: `Bearer ${KEY}` } }));
    await waitForState(webB, keyed.id, 'done');

    // Fetched through the other web process: given back.
    expect((await webB.inject({ method: 'GET', url: `${JOBS_PATH}/${waiting.id}/result` })).statusCode).toBe(
      200,
    );
    await waitForState(webA, waiting.id, '404');
    const next = jobOf(await submitRotate(webB, small));
    await waitForState(webB, next.id, 'done');
    expectShareRefusal(await submitRotate(webA, large), 'DISK_SHARE_FULL', 'disk');
    // Deleted: given back.
    expect((await webA.inject({ method: 'DELETE', url: `${JOBS_PATH}/${next.id}` })).statusCode).toBe(204);
    const taken = jobOf(await submitRotate(webB, large));
    await waitForState(webA, taken.id, 'done');
  });

  it('gives back a result that expires unread', async () => {
    cluster = await startCluster({ QUIRE_CLIENT_DISK_MB: '2', QUIRE_JOB_RETENTION_SECONDS: '1' });
    const { webA, webB } = cluster;
    const waiting = jobOf(await submitRotate(webA, createHeavyPdf(400)));
    await waitForState(webA, waiting.id, 'done');
    await waitForState(webA, waiting.id, '404');
    // The result's entry ends with its record, give or take the worker's write.
    let taken: { statusCode: number; body: string } | undefined;
    await expect
      .poll(
        async () => {
          taken = await submitRotate(webB, createHeavyPdf(1800));
          return taken.statusCode;
        },
        { timeout: 5_000 },
      )
      .toBe(202);
    // It runs to its end (and may expire at once): no job is left running when the cluster stops.
    const { id } = jobOf(taken as { statusCode: number; body: string });
    await expect
      .poll(async () => {
        const reply = await webA.inject({ method: 'GET', url: `${JOBS_PATH}/${id}` });
        return reply.statusCode === 404 || (JSON.parse(reply.body) as JobBody).job.state === 'done';
      })
      .toBe(true);
  });

  it('counts a client’s jobs waiting or running in every lane of the cluster together, those of the job API among them', async () => {
    cluster = await startCluster({ QUIRE_CLIENT_MAX_RUNNING: '1', QUIRE_CLIENT_MAX_QUEUED: '2' });
    const { webA, webB } = cluster;
    // Three in the cluster: one running in the PDF lane, one of the job API waiting there, a request in the Office
    // lane (which no worker here takes).
    await holdPdfWorker(webA, await listenOnLoopback(webA));
    jobOf(await submitRotate(webB, createHeavyPdf(4)));
    void webA.inject({ method: 'POST', url: '/api/test-ops/office/hold?ms=10' }).catch(() => undefined);
    await expect.poll(async () => (await lane(webB, 'office')).queued, { timeout: 15_000 }).toBe(1);
    expectShareRefusal(await submitRotate(webA, createHeavyPdf(4)), 'TOO_MANY_JOBS', 'queued');
  });

  it('takes a client’s only job past a full queue, up to twice its bound, then nobody’s', async () => {
    cluster = await startCluster({ QUIRE_MAX_QUEUE: '2' });
    const { webA } = cluster;
    await holdPdfWorker(webA, await listenOnLoopback(webA));
    const pdf = createHeavyPdf(4);
    const answers: number[] = [];
    for (let client = 1; client <= 5; client += 1) {
      const reply = await submitRotate(webA, pdf, { remoteAddress: `10.0.0.${client}` });
      answers.push(reply.statusCode);
      if (reply.statusCode === 202) {
        // The queue's length is read every second: wait until this job counts before the next address sends.
        await expect.poll(async () => (await lane(webA, 'pdf')).queued, { timeout: 15_000 }).toBe(client);
      } else {
        expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'SERVER_BUSY' } });
        expect(reply.headers['retry-after']).toBeDefined();
      }
    }
    // Two within the bound, two first jobs past it, then the fifth address is refused.
    expect(answers).toEqual([202, 202, 202, 202, 503]);
  });
});
