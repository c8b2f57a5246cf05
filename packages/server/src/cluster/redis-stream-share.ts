import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { tooManyStreams } from '../jobs/client-shares.ts';
import type { StreamShare } from '../jobs/stream-share.ts';
import { clientKey } from './job-records.ts';
import { withRedis } from './redis-client.ts';

/**
 * How long a stream's place lasts unless its web process renews it (every third of this while the stream is open):
 * a process that dies with streams open leaves no place taken for longer, so no client is locked out by leftovers.
 */
const LEASE_MS = 60_000;

/**
 * Takes a place for a stream unless the client has every place taken. KEYS: the client's streams (a sorted set of
 * places, each scored by when its lease ends). ARGV: now, the lease's length, the place, the most places. Leases
 * that ended are dropped first. Returns 1 when the place was taken, 0 when none was left (nothing changed).
 */
const OPEN_STREAM = `
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1`;

/** Renews a place's lease if it is still held. KEYS: the client's streams. ARGV: now, the lease's length, the place. */
const RENEW_STREAM = `
  if redis.call('ZADD', KEYS[1], 'XX', 'CH', tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3]) == 1 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
  end
  return 0`;

type ScriptCall = (keyCount: number, ...args: (string | number)[]) => Promise<number>;

/** The key of a client's open streams in a cluster (`quire:client:<client>:streams`). */
export function streamsKey(client: string): string {
  return `${clientKey(client)}:streams`;
}

/**
 * The stream share of a cluster: each client's open streams are places in Redis, counted for every web process,
 * each with a lease its process renews while the stream is open and gives back when it closes.
 */
export class RedisStreamShare implements StreamShare {
  readonly #redis: Redis;
  readonly #maxPerClient: number;
  readonly #leaseMs: number;
  readonly #openStream: ScriptCall;
  readonly #renewStream: ScriptCall;

  constructor(redis: Redis, maxPerClient: number, leaseMs = LEASE_MS) {
    this.#redis = redis;
    this.#maxPerClient = maxPerClient;
    this.#leaseMs = leaseMs;
    this.#openStream = defineScript(redis, 'quireOpenStream', OPEN_STREAM);
    this.#renewStream = defineScript(redis, 'quireRenewStream', RENEW_STREAM);
  }

  async open(client: string): Promise<() => void> {
    const key = streamsKey(client);
    const place = randomBytes(8).toString('hex');
    const lease = this.#leaseMs;
    const isTaken = await withRedis(() =>
      this.#openStream(1, key, Date.now(), lease, place, this.#maxPerClient),
    );
    if (isTaken !== 1) throw tooManyStreams(this.#maxPerClient);
    // A renewal Redis misses only shortens the lease: the place is given back when it ends, at the latest.
    const renewal = setInterval(
      () => void this.#renewStream(1, key, Date.now(), lease, place).catch(() => undefined),
      lease / 3,
    );
    renewal.unref();
    let isOpen = true;
    return () => {
      if (!isOpen) return;
      isOpen = false;
      clearInterval(renewal);
      void this.#redis.zrem(key, place).catch(() => undefined);
    };
  }
}

/** A script defined once on the connection (ioredis then sends it by its SHA1), called with the number of keys. */
function defineScript(redis: Redis, name: string, lua: string): ScriptCall {
  const commands = redis as unknown as Record<string, ScriptCall | undefined>;
  if (!commands[name]) redis.defineCommand(name, { lua });
  return (...args) => (commands[name] as ScriptCall).apply(redis, args);
}
