import { JOBS_PATH } from '@quire/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, laneStats, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';
import {
  createHeavyPdf,
  expectShareRefusal,
  expectStreamRefused,
  jobOf,
  listenOnLoopback,
  openStream,
  submitRotate,
  waitForState,
} from './share-helpers.ts';

// Issue 29, item 4, in the all-in-one server: a client's share of everything it can hold. Open event streams
// (QUIRE_CLIENT_MAX_STREAMS), the job disk its uploads, jobs at work and results waiting to be fetched take
// (QUIRE_CLIENT_DISK_MB), and its jobs waiting in all lanes (the fair share). Past a share: 429 with Retry-After and
// `details.share`; a share is given back when a stream closes, a result is fetched, deleted or expires, a job ends.
// Slow jobs are test-only ops that hold a worker, so nothing depends on the machine's speed.

const KEY = 'k'.repeat(32);
const WITH_KEY = { authorization: `Bearer ${KEY}` };
const FOREVER_MS = 600_000;
const MEBIBYTE = 1024 * 1024;

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** Holds the PDF lane's only worker (until the app closes), so that jobs sent next wait. */
async function holdPdfWorker(app: TestApp): Promise<void> {
  void app.app
    .inject({ method: 'POST', url: `/api/test-ops/pdf/hold?ms=${FOREVER_MS}` })
    .catch(() => undefined);
  await expect.poll(async () => (await laneStats(app)).pdf.running).toBe(1);
}

describe('a client’s share of open event streams', () => {
  it('refuses a stream past the share with 429, counts an API key apart, and gives places back as streams close or end', async () => {
    testApp = await createTestApp(
      { size: 1, maxQueue: 8 },
      { QUIRE_TEST_OPS: '1', QUIRE_CLIENT_MAX_STREAMS: '2', QUIRE_API_KEYS: KEY },
    );
    const app = testApp;
    await holdPdfWorker(app);
    const origin = await listenOnLoopback(app.app);
    const first = jobOf(await submitRotate(app.app, createHeavyPdf(4)));
    expect(first.state).toBe('queued');

    const streams = [await openStream(origin, first.id), await openStream(origin, first.id)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    await expectStreamRefused(origin, first.id);
    // An API key is a client of its own, with a share of its own.
    const keyed = await openStream(origin, first.id, WITH_KEY);
    expect(keyed.status).toBe(200);
    keyed.close();

    // A client that closes a stream gets its place back.
    streams[0]?.close();
    await expect
      .poll(async () => {
        const stream = await openStream(origin, first.id);
        if (stream.status === 200) streams.push(stream);
        return stream.status;
      })
      .toBe(200);
    await expectStreamRefused(origin, first.id);

    // A job that ends (here: deleted) ends its streams, and their places are given back.
    expect((await app.app.inject({ method: 'DELETE', url: `${JOBS_PATH}/${first.id}` })).statusCode).toBe(
      204,
    );
    await Promise.all(streams.map((stream) => stream.ended));
    const second = jobOf(await submitRotate(app.app, createHeavyPdf(4)));
    const again = [await openStream(origin, second.id), await openStream(origin, second.id)];
    expect(again.map((stream) => stream.status)).toEqual([200, 200]);
    for (const stream of again) stream.close();
  });
});

describe('a client’s share of the job disk', () => {
  // 2 MiB each: a 400 KiB rotate fits while it runs (its upload and its result, 800 KiB) and leaves its result
  // waiting; a 1,800 KiB upload fits alone, but not beside that result.
  const share = { QUIRE_CLIENT_DISK_MB: '2', QUIRE_API_KEYS: KEY };

  it('refuses an upload that would take the client past its share beside its results waiting, until they are fetched or deleted', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 8 }, share);
    const app = testApp.app;
    const small = createHeavyPdf(400);
    const large = createHeavyPdf(1800);

    const waiting = jobOf(await submitRotate(app, small));
    await waitForState(app, waiting.id, 'done');
    const refused = expectShareRefusal(await submitRotate(app, large), 'DISK_SHARE_FULL', 'disk');
    expect(refused.details).toMatchObject({ limitBytes: 2 * MEBIBYTE });
    // Another client (an API key) has a share of its own.
    const keyed = jobOf(await submitRotate(app, small, { headers: WITH_KEY }));
    await waitForState(app, keyed.id, 'done');

    // Fetched, the result is given back: the same upload is taken.
    const fetched = await app.inject({ method: 'GET', url: `${JOBS_PATH}/${waiting.id}/result` });
    expect(fetched.statusCode).toBe(200);
    await waitForState(app, waiting.id, '404');
    const next = jobOf(await submitRotate(app, small));
    await waitForState(app, next.id, 'done');
    expectShareRefusal(await submitRotate(app, large), 'DISK_SHARE_FULL', 'disk');
    // Deleted, likewise.
    expect((await app.inject({ method: 'DELETE', url: `${JOBS_PATH}/${next.id}` })).statusCode).toBe(204);
    jobOf(await submitRotate(app, large));
  });

  it('gives back a result that expires unread', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 8 }, { ...share, QUIRE_JOB_RETENTION_SECONDS: '1' });
    const app = testApp.app;
    const waiting = jobOf(await submitRotate(app, createHeavyPdf(400)));
    await waitForState(app, waiting.id, 'done');
    await waitForState(app, waiting.id, '404');
    jobOf(await submitRotate(app, createHeavyPdf(1800)));
  });

  it('stops a tool request whose output takes its client past its share, with nothing left behind', async () => {
    testApp = await createTestApp(
      { size: 1, maxQueue: 4 },
      { QUIRE_CLIENT_DISK_MB: '8', QUIRE_TEST_OPS: '1' },
    );
    const app = testApp;
    const over = await app.app.inject({ method: 'POST', url: '/api/test-ops/pdf/write?megabytes=64' });
    expectShareRefusal(over, 'DISK_SHARE_FULL', 'disk');
    expect(await waitForNoLeftovers(app)).toEqual([]);
    // Within the share, and once the files are gone, work goes on.
    const within = await app.app.inject({ method: 'POST', url: '/api/test-ops/pdf/write?megabytes=4' });
    expect(within.statusCode).toBe(200);
  });
});

describe('a client’s share of waiting jobs', () => {
  it('counts its jobs waiting in every lane together, those of the job API among them', async () => {
    testApp = await createTestApp(
      { size: 1, maxQueue: 8 },
      { QUIRE_TEST_OPS: '1', QUIRE_CLIENT_MAX_RUNNING: '1', QUIRE_CLIENT_MAX_QUEUED: '2' },
    );
    const app = testApp;
    await holdPdfWorker(app);
    void app.app
      .inject({ method: 'POST', url: `/api/test-ops/office/hold?ms=${FOREVER_MS}` })
      .catch(() => undefined);
    await expect.poll(async () => (await laneStats(app)).office.running).toBe(1);
    // One job of the job API waits in the PDF lane, one tool request in the Office lane: two in all.
    jobOf(await submitRotate(app.app, createHeavyPdf(4)));
    void app.app.inject({ method: 'POST', url: '/api/test-ops/office/hold?ms=10' }).catch(() => undefined);
    await expect.poll(async () => (await laneStats(app)).office.queued).toBe(1);
    const refused = expectShareRefusal(
      await submitRotate(app.app, createHeavyPdf(4)),
      'TOO_MANY_JOBS',
      'queued',
    );
    expect(refused.details).toMatchObject({ maxQueued: 2 });
  });
});
