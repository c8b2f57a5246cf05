import { Job } from 'bullmq';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../src/cluster/job-records.ts';
import { LongClaims } from '../src/cluster/long-claims.ts';
import { SortedSetLeases } from '../src/cluster/sorted-set-leases.ts';
import { startTestCluster, type TestCluster } from './test-cluster.ts';

// Long jobs in a cluster, all in this process: a worker of one job slot (so one place for long work in the lane)
// and a web process around a test Redis. The jobs are test-only holds that declare ten minutes of work.

let cluster: TestCluster | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await cluster?.close();
  cluster = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const claim = LongClaims.prototype.claim;
/** What ioredis rejects a command with while Redis is away. */
const redisAway = () => Promise.reject(new Error('Connection is closed.'));

function holdLong(cluster: TestCluster, ms: number) {
  const [web] = cluster.webs;
  if (!web) throw new Error('no web process');
  return web.inject({ method: 'POST', url: `/api/test-ops/pdf/hold?ms=${ms}&work=600000` });
}

/** The one job recorded in the cluster's Redis (its id is the test's to find). */
async function onlyRecord(cluster: TestCluster): Promise<JobRecord | null> {
  const [key] = await cluster.redis.client.keys('quire:job:*');
  const json = key ? await cluster.redis.client.get(key) : null;
  return json ? (JSON.parse(json) as JobRecord) : null;
}

/** Jobs of the PDF lane sent back to wait a moment (BullMQ's delayed jobs). */
const delayed = (cluster: TestCluster) => cluster.redis.client.zcard('quire:pdf:delayed');

describe('long jobs in a cluster', () => {
  it('shows a long job sent back to wait for room as queued, and starts it once, when it runs', async () => {
    cluster = await startTestCluster();
    const running = cluster;
    // Another worker's long job holds the lane's only place; Redis is slow to answer each claim of this one.
    const elsewhere = new LongClaims(running.redis.client, 'pdf');
    expect(await elsewhere.claim('elsewhere')).toBe(true);
    vi.spyOn(LongClaims.prototype, 'claim').mockImplementation(async function (this: LongClaims, id) {
      await sleep(800);
      return claim.call(this, id);
    });
    const answer = holdLong(running, 200);

    // Taken, found long, sent back, taken again and sent back: never shown running meanwhile.
    await expect.poll(() => delayed(running), { timeout: 15_000 }).toBe(1);
    const states = new Set<string>();
    for (let sample = 0; sample < 40; sample += 1) {
      const record = await onlyRecord(running);
      states.add(`${record?.view.state} ${record?.startedAt ?? 'waiting'}`);
      await sleep(100);
    }
    expect([...states]).toEqual(['queued waiting']);

    const released = Date.now();
    await elsewhere.release('elsewhere');
    expect((await answer).statusCode).toBe(200);
    const done = await onlyRecord(running);
    expect(done?.view.state).toBe('done');
    // Started when it really ran, not when it was first taken.
    expect(done?.startedAt).toBeGreaterThanOrEqual(released);
  }, 60_000);

  it('rides out a Redis blip while a long job claims its place', async () => {
    cluster = await startTestCluster();
    vi.spyOn(SortedSetLeases.prototype, 'take').mockImplementationOnce(redisAway);
    expect((await holdLong(cluster, 100)).statusCode).toBe(200);
    expect((await onlyRecord(cluster))?.view.state).toBe('done');
  }, 60_000);

  it("fails a long job as the service's fault, never the document's, when Redis stays away from its claim", async () => {
    cluster = await startTestCluster();
    vi.spyOn(SortedSetLeases.prototype, 'take').mockImplementation(redisAway);
    const answer = await holdLong(cluster, 100);
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'SERVER_BUSY' } });
    expect((await onlyRecord(cluster))?.view.error?.code).toBe('SERVER_BUSY');
  }, 60_000);

  it("fails a long job sent back to wait as the service's fault when Redis stays away from its next claim", async () => {
    cluster = await startTestCluster();
    // Refused a place at first (every place taken), it waits; then Redis is away whenever it claims again.
    vi.spyOn(SortedSetLeases.prototype, 'take')
      .mockImplementationOnce(() => Promise.resolve(false))
      .mockImplementation(redisAway);
    const answer = await holdLong(cluster, 100);
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'SERVER_BUSY' } });
  }, 60_000);

  it("fails a long job as the service's fault when Redis is away as it goes back to wait", async () => {
    cluster = await startTestCluster();
    // Refused a place, it cannot be put back in its queue: BullMQ gives it up.
    vi.spyOn(SortedSetLeases.prototype, 'take').mockImplementationOnce(() => Promise.resolve(false));
    vi.spyOn(Job.prototype, 'updateData').mockImplementation(redisAway);
    const answer = await holdLong(cluster, 100);
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'SERVER_BUSY' } });
  }, 60_000);
});
