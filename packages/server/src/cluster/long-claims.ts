import type { JobLane } from '@quire/shared';
import type { Redis } from 'ioredis';
import { workersKey } from './queued-job.ts';
import { KEY_PREFIX } from './redis-client.ts';

/** A claim lasts this long unless its worker renews it (each heartbeat): a killed worker's claims lapse. */
export const LONG_CLAIM_TTL_MS = 30_000;
/** A worker silent this long no longer counts among the lane's workers (as the web processes count them). */
const WORKER_SILENCE_MS = 10_000;

/**
 * Claims a place for a long job in a lane of the cluster. KEYS: the lane's claims (a sorted set of job ids, scored
 * by when each lapses), the lane's workers (the heartbeat hash). ARGV: now, the job id, the claim's lifetime, how
 * long a worker may be silent. The places are every job slot of the lane's live workers but one (at least one),
 * so that however many clients send long work, one slot in the cluster stays for short work. Returns 1 when
 * claimed (or already held), 0 when every place is taken. The set has no lifetime of its own: each claim lapses by
 * its score, and a set emptied that way is gone.
 */
const CLAIM = `
  local now = tonumber(ARGV[1])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if redis.call('ZSCORE', KEYS[1], ARGV[2]) then
    redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
    return 1
  end
  local slots = 0
  for _, raw in ipairs(redis.call('HVALS', KEYS[2])) do
    local beat = cjson.decode(raw)
    if now - tonumber(beat.at) <= tonumber(ARGV[4]) then slots = slots + tonumber(beat.concurrency) end
  end
  if redis.call('ZCARD', KEYS[1]) >= math.max(1, slots - 1) then return 0 end
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
  return 1`;

/** Long jobs running in a lane of the cluster, counted in Redis (`quire:long:<lane>`). */
export class LongClaims {
  readonly #redis: Redis;
  readonly #lane: JobLane;
  readonly #ttlMs: number;

  constructor(redis: Redis, lane: JobLane, ttlMs = LONG_CLAIM_TTL_MS) {
    this.#redis = redis;
    this.#lane = lane;
    this.#ttlMs = ttlMs;
  }

  get #key(): string {
    return `${KEY_PREFIX}:long:${this.#lane}`;
  }

  /** Claims a place for this job's long work; false when every place of the lane is taken. */
  async claim(jobId: string): Promise<boolean> {
    const answer = await this.#redis.eval(
      CLAIM,
      2,
      this.#key,
      workersKey(KEY_PREFIX, this.#lane),
      Date.now(),
      jobId,
      this.#ttlMs,
      WORKER_SILENCE_MS,
    );
    return answer === 1;
  }

  /** Keeps a running job's claim from lapsing. */
  async renew(jobId: string): Promise<void> {
    await this.#redis.zadd(this.#key, 'XX', Date.now() + this.#ttlMs, jobId);
  }

  async release(jobId: string): Promise<void> {
    await this.#redis.zrem(this.#key, jobId);
  }
}
