import { queuedJobView } from '@quire/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../test/redis-server.ts';
import {
  clientKey,
  JobRecords,
  listenToJobEvents,
  recordKey,
  type JobEvent,
  type JobRecord,
} from './job-records.ts';

let redis: TestRedis;
let subscriber: Redis;
const events: JobEvent[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
  subscriber = new Redis(redis.url);
  await listenToJobEvents(subscriber, (event) => events.push(event));
});
afterAll(async () => {
  subscriber.disconnect();
  await redis.stop();
});
beforeEach(async () => {
  await redis.client.flushall();
  events.length = 0;
});

const ID = '0123456789abcdef0123456789abcdef';
const records = () => new JobRecords(redis.client, 60_000);
const queued = (id = ID, client = 'client-a'): JobRecord => ({
  view: queuedJobView(id, 'merge'),
  dir: id,
  client,
  result: null,
});
const inState = (record: JobRecord, state: JobRecord['view']['state']): JobRecord => ({
  ...record,
  view: { ...record.view, state },
});
const counter = () => redis.client.get(clientKey('client-a'));
const eventsArrived = (count: number) =>
  expect.poll(() => events.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(count);

describe('JobRecords', () => {
  it("admits a client's jobs up to its limit, counting them, and changes nothing for the one refused", async () => {
    const jobs = records();
    expect(await jobs.admit(queued('a'.repeat(32)), 2, 60_000)).toBe(1);
    expect(await jobs.admit(queued('b'.repeat(32)), 2, 60_000)).toBe(2);
    expect(await jobs.admit(queued('c'.repeat(32)), 2, 60_000)).toBeNull();
    expect(await counter()).toBe('2');
    expect(await redis.client.exists(recordKey('c'.repeat(32)))).toBe(0);
    expect((await jobs.get('a'.repeat(32)))?.view.state).toBe('queued');
    expect(await redis.client.pttl(clientKey('client-a'))).toBeGreaterThan(50_000);
  });

  it('writes and publishes each change of a running job, then its end with the retention time as expiry', async () => {
    const jobs = records();
    const job = queued();
    await jobs.admit(job, 5, 60_000);
    expect(await jobs.write(inState(job, 'running'))).toBe(true);
    expect(await redis.client.pttl(recordKey(ID))).toBeGreaterThan(59 * 60_000);
    expect(await jobs.write(inState(job, 'done'), { countOut: true })).toBe(true);
    const ttl = await redis.client.pttl(recordKey(ID));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await eventsArrived(2);
    expect(events.map((event) => event.record?.view.state)).toEqual(['running', 'done']);
    expect(events[1]).toEqual({ id: ID, record: inState(job, 'done') });
    // Its client has no job left in the cluster: the counter is gone.
    expect(await counter()).toBeNull();
  });

  it('never changes an ended job: a late progress write does nothing, and a final write sent twice counts out once', async () => {
    const jobs = records();
    await jobs.admit(queued('a'.repeat(32)), 5, 60_000);
    await jobs.admit(queued(), 5, 60_000);
    expect(await counter()).toBe('2');
    expect(await jobs.write(inState(queued(), 'done'), { countOut: true })).toBe(true);
    expect(await jobs.write(inState(queued(), 'done'), { countOut: true })).toBe(false);
    expect(await jobs.write(inState(queued(), 'running'))).toBe(false);
    expect(await counter()).toBe('1');
    expect((await jobs.get(ID))?.view.state).toBe('done');
  });

  it('does not bring back a deleted job, but still counts it out of its share', async () => {
    const jobs = records();
    await jobs.admit(queued(), 5, 60_000);
    expect(await jobs.delete(ID)).toBe(true);
    expect(await jobs.write(inState(queued(), 'running'))).toBe(false);
    expect(await jobs.update(ID, (record) => inState(record, 'failed'), { client: 'client-a' })).toBe(false);
    expect(await redis.client.exists(recordKey(ID))).toBe(0);
    expect(await counter()).toBeNull();
    await eventsArrived(1);
    expect(events).toEqual([{ id: ID, record: null }]);
  });
});
