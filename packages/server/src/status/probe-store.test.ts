import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestRedis } from '../../test/redis-server.ts';
import { RedisProbeHistory } from '../cluster/redis-probe-history.ts';
import type { ProbeHistory } from './probe-history.ts';
import { ProbeStore } from './probe-store.ts';

const DAY = 24 * 60 * 60 * 1000;
let dir: string | undefined;
const redis = useTestRedis();
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Records two probes in one history, reopens it, and checks the 31-day pruning. */
async function checkHistory(open: () => Promise<ProbeHistory>) {
  const now = Date.now();
  const first = await open();
  await first.record([
    { tool: 'merge', checkedAt: now - 40 * DAY, outcome: 'ok', latencyMs: 10, errorCode: null },
    { tool: 'split', checkedAt: now - 1000, outcome: 'failed', latencyMs: 13, errorCode: 'FILE_DAMAGED' },
  ]);
  await first.close();

  const second = await open();
  expect(await second.since(0)).toHaveLength(2);
  await second.pruneOlderThanRetention(now);
  expect(await second.since(0)).toEqual([
    { tool: 'split', checkedAt: now - 1000, outcome: 'failed', latencyMs: 13, errorCode: 'FILE_DAMAGED' },
  ]);
  await second.close();
}

describe('probe history', () => {
  it('keeps probes in a database file across reopening, and prunes what is older than 31 days', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-store-'));
    const file = join(dir, 'nested', 'status.sqlite');
    await checkHistory(async () => new ProbeStore(file));
  });

  it('keeps probes in Redis for every web process of a cluster, the same way', async () => {
    await checkHistory(async () => new RedisProbeHistory(redis.client));
  });

  it('lets one process of a cluster claim each round of probes', async () => {
    const history = new RedisProbeHistory(redis.client);
    const other = new RedisProbeHistory(redis.client);
    expect(await history.claimRound(60_000)).toBe(true);
    expect(await other.claimRound(60_000)).toBe(false);
    expect(await new ProbeStore(':memory:').claimRound()).toBe(true);
  });
});
