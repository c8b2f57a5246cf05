import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../test/redis-server.ts';
import { LongClaims } from './long-claims.ts';
import { workersKey } from './queued-job.ts';
import { KEY_PREFIX } from './redis-client.ts';

const redis = useTestRedis();

/** A live worker of the PDF lane with `concurrency` job slots. */
const beat = (worker: string, concurrency: number, at = Date.now()) =>
  redis.client.hset(
    workersKey(KEY_PREFIX, 'pdf'),
    worker,
    JSON.stringify({ concurrency, memoryBytes: 0, at }),
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LongClaims', () => {
  it('gives long work every job slot of the lane but one, across workers', async () => {
    await beat('a', 1);
    await beat('b', 2);
    const claims = new LongClaims(redis.client, 'pdf');
    expect(await claims.claim('job-1')).toBe(true);
    expect(await claims.claim('job-2')).toBe(true);
    expect(await claims.claim('job-3')).toBe(false);
    // A claim already held is held again; a released one frees its place.
    expect(await claims.claim('job-1')).toBe(true);
    await claims.release('job-1');
    expect(await claims.claim('job-3')).toBe(true);
  });

  it('counts only live workers, and keeps one place for long work when the lane has a single slot', async () => {
    await beat('gone', 4, Date.now() - 60_000);
    await beat('a', 1);
    const claims = new LongClaims(redis.client, 'pdf');
    expect(await claims.claim('job-1')).toBe(true);
    expect(await claims.claim('job-2')).toBe(false);
  });

  it('keeps a renewed claim past its lifetime, and lets an abandoned one lapse', async () => {
    await beat('a', 2);
    const claims = new LongClaims(redis.client, 'pdf', 300);
    expect(await claims.claim('running')).toBe(true);
    for (let round = 0; round < 10; round += 1) {
      await sleep(100);
      await claims.renew('running');
      expect(await claims.claim('waiting')).toBe(false);
    }
    // Its worker died: no more renewals, and the place is free once the claim lapses.
    await sleep(400);
    expect(await claims.claim('waiting')).toBe(true);
  });

  it('keeps the set of claims as long as its newest claim, and no longer', async () => {
    await beat('a', 2);
    const claims = new LongClaims(redis.client, 'pdf', 1_000);
    expect(await claims.claim('job-1')).toBe(true);
    await sleep(500);
    // A renewal keeps the set too: it lives a whole claim's lifetime from now.
    await claims.renew('job-1');
    expect(await redis.client.pttl('quire:long:pdf')).toBeGreaterThan(800);
    // No one renews or claims again: the set goes with its last claim.
    await sleep(1_100);
    expect(await redis.client.exists('quire:long:pdf')).toBe(0);
  });
});
