import { queuedJobView } from '@quire/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestRedis } from '../../test/redis-server.ts';
import {
  clientKey,
  JobRecords,
  listenToJobEvents,
  recordKey,
  type JobEvent,
  type JobRecord,
} from './job-records.ts';

const redis = useTestRedis();
/** Two web processes' subscribers: `events` (web-a) and `otherEvents` (web-b). */
let subscribers: Redis[];
const events: JobEvent[] = [];
const otherEvents: JobEvent[] = [];
beforeAll(async () => {
  subscribers = [new Redis(redis.url), new Redis(redis.url)];
  await listenToJobEvents(subscribers[0] as Redis, 'web-a', (event) => events.push(event));
  await listenToJobEvents(subscribers[1] as Redis, 'web-b', (event) => otherEvents.push(event));
});
afterAll(() => {
  for (const subscriber of subscribers) subscriber.disconnect();
});
beforeEach(() => {
  events.length = 0;
  otherEvents.length = 0;
});

const ID = '0123456789abcdef0123456789abcdef';
const RETENTION_MS = 10 * 60_000;
const records = () => new JobRecords(redis.client, RETENTION_MS);
const queued = (id = ID, client = 'client-a', waiter: string | null = null): JobRecord => ({
  view: queuedJobView(id, 'merge'),
  dir: id,
  client,
  result: null,
  waiter,
  startedAt: null,
});
const inState = (record: JobRecord, state: JobRecord['view']['state']): JobRecord => ({
  ...record,
  view: { ...record.view, state },
});
const counter = () => redis.client.get(clientKey('client-a'));
/** Pub/sub is delivered asynchronously, later on a loaded machine: waits for it (returns as soon as it comes). */
const EVENT_WAIT = { timeout: 15_000 };
const eventsArrived = (count: number) =>
  expect.poll(() => events.length, EVENT_WAIT).toBeGreaterThanOrEqual(count);

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
    expect(ttl).toBeGreaterThan(RETENTION_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(RETENTION_MS);
    await eventsArrived(2);
    expect(events.map((event) => event.record?.view.state)).toEqual(['running', 'done']);
    expect(events[1]).toEqual({ id: ID, record: inState(job, 'done') });
    // Its client has no job left in the cluster: the counter is gone.
    expect(await counter()).toBeNull();
  });

  it('tells only its waiter of a job answered in its request, and keeps its ended record a minute', async () => {
    const jobs = records();
    const job = queued(ID, 'client-a', 'web-a');
    await jobs.admit(job, 5, 60_000);
    await jobs.write(inState(job, 'running'));
    await jobs.write(inState(job, 'done'), { countOut: true });
    const ttl = await redis.client.pttl(recordKey(ID));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await eventsArrived(2);
    expect(events.map((event) => event.record?.view.state)).toEqual(['running', 'done']);
    // A job of the job API, written after, reaches both: web-b heard nothing of the first job before it.
    const api = queued('a'.repeat(32));
    await jobs.admit(api, 5, 60_000);
    await jobs.write(inState(api, 'running'));
    await expect.poll(() => otherEvents.length, EVENT_WAIT).toBe(1);
    expect(otherEvents[0]?.id).toBe('a'.repeat(32));
    await eventsArrived(3);
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
