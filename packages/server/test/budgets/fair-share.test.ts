import { afterEach, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { postTool } from '../hardening/harness.ts';
import { createTestApp, laneStats, type TestApp } from '@quire/test-kit/test-app';

// Issue 11, finding 4: one client cannot hold a whole lane. Per client (its address, or its API key): one job
// running per lane, three waiting in all; waiting clients are served round-robin. The slow jobs are test-only
// ops that hold a worker for a set time, so the order does not depend on the machine's speed.

const FLOODER = '203.0.113.10';
const OTHER = '198.51.100.20';
const KEY = 'k'.repeat(32);
const FOREVER_MS = 600_000;

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

function hold(app: TestApp, remoteAddress: string, ms: number, headers: Record<string, string> = {}) {
  const startedAt = Date.now();
  return app.app
    .inject({ method: 'POST', url: `/api/test-ops/pdf/hold?ms=${ms}`, remoteAddress, headers })
    .then((reply) => ({
      status: reply.statusCode,
      body: reply.body,
      endedAt: Date.now(),
      startedAt,
      retryAfter: reply.headers['retry-after'],
    }));
}

/** Workers started with the app, as a server's are: jobs sent at once find one running and the rest waiting. */
const STARTED = { startWorkers: 'at-once' } as const;
const fairShare = {
  QUIRE_TEST_OPS: '1',
  QUIRE_CLIENT_MAX_RUNNING: '1',
  QUIRE_CLIENT_MAX_QUEUED: '3',
  QUIRE_API_KEYS: KEY,
};

describe('fair share', () => {
  it("serves another visitor's one-page rotate at once while a client's slow jobs hold and fill the queue", async () => {
    testApp = await createTestApp({ ...STARTED, size: 2, maxQueue: 32 }, fairShare);
    // Jobs that would hold their worker for 10 minutes: the test ends them by closing the app.
    const flood = [1, 2, 3, 4].map(() => hold(testApp as TestApp, FLOODER, FOREVER_MS));
    // One running, three waiting: a fifth is refused at once, for this client only.
    await expect.poll(async () => (await laneStats(testApp as TestApp)).pdf.queued).toBe(3);
    const fifth = await hold(testApp, FLOODER, 10);
    expect(fifth.status).toBe(429);
    expect(JSON.parse(fifth.body)).toMatchObject({
      error: { code: 'TOO_MANY_JOBS', details: { maxQueued: 3 } },
    });
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);

    // The second worker is free for someone else: the victim's job runs while the flooder's first still holds.
    const victim = postTool(testApp, 'rotate', [{ name: 'one-page.pdf', bytes: createTextPdf('victim') }]);
    expect((await victim).statusCode).toBe(200);
    expect((await laneStats(testApp)).pdf).toMatchObject({ running: 1, queued: 3 });
    await testApp.close();
    testApp = undefined;
    // Stopped by the shutdown, not finished: they held their worker all along.
    for (const job of await Promise.all(flood)) expect(job.status).toBe(503);
  });

  it('serves waiting clients round-robin: a newcomer goes before the second job of a client already served', async () => {
    testApp = await createTestApp({ ...STARTED, size: 1, maxQueue: 32 }, fairShare);
    const app = testApp;
    const lane = async () => (await laneStats(app)).pdf;
    // Each job is sent once the one before it is in the pool: requests sent together may reach it in any order.
    const first = hold(app, FLOODER, 3000);
    await expect.poll(async () => (await lane()).running).toBe(1);
    // The later jobs hold their worker long enough that the order of their answers is the order they ran in,
    // whatever the delay between a job's end and its answer.
    const second = hold(app, FLOODER, 400);
    await expect.poll(async () => (await lane()).queued).toBe(1);
    const third = hold(app, FLOODER, 400);
    await expect.poll(async () => (await lane()).queued).toBe(2);
    const newcomer = hold(app, OTHER, 400);
    const ends = await Promise.all([first, second, third, newcomer]);
    for (const end of ends) expect(end.status).toBe(200);
    const [, secondEnd, thirdEnd, newcomerEnd] = ends.map((end) => end.endedAt);
    expect(newcomerEnd).toBeLessThanOrEqual(secondEnd ?? 0);
    expect(secondEnd).toBeLessThanOrEqual(thirdEnd ?? 0);
  });

  it('counts an API key as a client of its own, apart from its address', async () => {
    testApp = await createTestApp({ ...STARTED, size: 2, maxQueue: 32 }, fairShare);
    const flood = [1, 2, 3, 4].map(() => hold(testApp as TestApp, FLOODER, FOREVER_MS));
    await expect.poll(async () => (await laneStats(testApp as TestApp)).pdf.queued).toBe(3);
    const withKey = await hold(testApp, FLOODER, 10, { authorization: `Bearer ${KEY}` });
    expect(withKey.status).toBe(200);
    await testApp.close();
    testApp = undefined;
    for (const job of await Promise.all(flood)) expect(job.status).toBe(503);
  });
});
