import type { Redis } from 'ioredis';
import { defineScript, type ScriptCall } from './redis-client.ts';

/**
 * Redis's own clock, in milliseconds: every process of the cluster reads the same one, so a machine whose clock runs
 * ahead cannot end the others' leases early. A script that reads the time may write only if its writes, not the
 * script, are replicated: Redis 7 always does that, and `replicate_commands` asks an older Redis for it.
 */
const NOW = `
  if redis.replicate_commands then redis.replicate_commands() end
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/**
 * Takes a place unless `most` live leases are held. KEYS: the set of leases (each place scored by when its lease
 * ends, on Redis's clock). ARGV: the lease's length, the place, the most places. Ended leases are dropped first; a
 * place already held has its lease renewed. Returns 1 when the place is held, 0 when none was left (nothing changed).
 */
const TAKE = `${NOW}
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if not redis.call('ZSCORE', KEYS[1], ARGV[2]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
    return 0
  end
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return 1`;

/** Renews a place's lease if it is still held. KEYS: the set of leases. ARGV: the lease's length, the place. */
const RENEW = `${NOW}
  if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2]) == 1 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
  end
  return 0`;

/**
 * Places counted across the processes of a cluster, each held by a lease in a Redis sorted set scored by when it
 * ends: its holder renews it while it needs the place and gives it back when done, and a holder that died leaves
 * no place taken once its lease ends. Each set lives as long as its newest lease, so one left behind goes too.
 */
export class SortedSetLeases {
  readonly #redis: Redis;
  readonly #leaseMs: number;
  readonly #take: ScriptCall;
  readonly #renew: ScriptCall;

  constructor(redis: Redis, leaseMs: number) {
    this.#redis = redis;
    this.#leaseMs = leaseMs;
    this.#take = defineScript(redis, 'quireTakeLease', TAKE);
    this.#renew = defineScript(redis, 'quireRenewLease', RENEW);
  }

  /** How long a lease lasts unless it is renewed. */
  get leaseMs(): number {
    return this.#leaseMs;
  }

  /** Takes (or keeps) `place` in the set at `key` unless `most` other places are held there; false when none is left. */
  async take(key: string, place: string, most: number): Promise<boolean> {
    return (await this.#take(1, key, this.#leaseMs, place, most)) === 1;
  }

  /** Keeps a place from lapsing; a place already lapsed or given back stays free. */
  async renew(key: string, place: string): Promise<void> {
    await this.#renew(1, key, this.#leaseMs, place);
  }

  async release(key: string, place: string): Promise<void> {
    await this.#redis.zrem(key, place);
  }
}
