import { randomBytes } from 'node:crypto';
import { TOOL_IDS } from '@quire/shared';
import type { Redis } from 'ioredis';
import { PROBE_RETENTION_MS, type ProbeHistory } from '../status/probe-history.ts';
import type { ProbeRecord } from '../status/status-types.ts';
import { KEY_PREFIX } from './redis-client.ts';

const HISTORY_KEY = `${KEY_PREFIX}:status:probes`;
const ROUND_KEY = `${KEY_PREFIX}:status:round`;

/**
 * The status history of a cluster: one sorted set in Redis (scored by when each probe ran), read by every web
 * process for `GET /api/status`; each round is run by the first process to claim it. Nothing of a visitor's: the
 * tool, the time, the outcome, the latency and an error code.
 */
export class RedisProbeHistory implements ProbeHistory {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async record(probes: readonly ProbeRecord[]): Promise<void> {
    if (probes.length === 0) return;
    // A random tail keeps two equal results of one tool and time apart (a set member is unique).
    const members = probes.flatMap((probe) => [
      probe.checkedAt,
      `${JSON.stringify(probe)}#${randomBytes(4).toString('hex')}`,
    ]);
    await this.#redis.zadd(HISTORY_KEY, ...members);
  }

  async since(since: number): Promise<ProbeRecord[]> {
    const members = await this.#redis.zrangebyscore(HISTORY_KEY, since, '+inf');
    return members
      .map((member) => JSON.parse(member.slice(0, member.lastIndexOf('#'))) as ProbeRecord)
      .filter((probe) => (TOOL_IDS as readonly string[]).includes(probe.tool));
  }

  async pruneOlderThanRetention(now: number): Promise<void> {
    await this.#redis.zremrangebyscore(HISTORY_KEY, '-inf', now - PROBE_RETENTION_MS - 1);
  }

  async claimRound(intervalMs: number): Promise<boolean> {
    // Held a little less than one interval, so the next round is free to claim on time.
    const claimed = await this.#redis.set(ROUND_KEY, '1', 'PX', Math.max(1_000, intervalMs - 2_000), 'NX');
    return claimed === 'OK';
  }

  async close(): Promise<void> {}
}
