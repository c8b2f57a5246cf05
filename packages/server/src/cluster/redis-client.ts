import { AppError, RETRY_AFTER_SECONDS } from '@quire/shared';
import type { ConnectionOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/** Every key and channel of Quire starts with this, BullMQ's queues included (`quire:pdf:wait`, …). */
export const KEY_PREFIX = 'quire';

/** A command Redis has not answered after this fails: a request waits 2 s at most for an unreachable Redis. */
const COMMAND_TIMEOUT_MS = 1_500;
/** Reconnection attempts back off to this, so service resumes within a second or two of Redis coming back. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * A connection for commands that a request waits on: while Redis is unreachable they fail at once (no offline
 * queue) or after `COMMAND_TIMEOUT_MS`, never hang; the connection keeps trying to come back.
 */
export function createCommandClient(url: string, name: string): Redis {
  return new Redis(url, {
    ...commonOptions(name),
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  });
}

/** A connection for subscriptions (events, cancellations): it waits for Redis rather than failing. */
export function createSubscriberClient(url: string, name: string): Redis {
  return new Redis(url, { ...commonOptions(name), maxRetriesPerRequest: null });
}

/** The connection options BullMQ's workers need (blocking commands, never given up). */
export function bullConnectionOptions(url: string, name: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    ...commonOptions(name),
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.pathname.length > 1 ? { db: Number(parsed.pathname.slice(1)) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

function commonOptions(name: string) {
  return {
    connectionName: `quire-${name}`,
    retryStrategy: (times: number) => Math.min(times * 200, MAX_RECONNECT_DELAY_MS),
    lazyConnect: false,
  } satisfies RedisOptions;
}

/** What a request gets while Redis cannot be reached: 503 with Retry-After, as for a full queue. */
export function redisUnavailable(): AppError {
  return new AppError('SERVER_BUSY', 'The service is briefly unavailable. Please try again in a moment.', {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/** Runs a Redis operation for a request; any failure of Redis itself becomes `redisUnavailable()`. */
export async function withRedis<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw redisUnavailable();
  }
}

/** A Lua script's call: the number of keys, then the keys and the arguments. */
export type ScriptCall = (keyCount: number, ...args: (string | number)[]) => Promise<number>;

/**
 * A script defined once on the connection (ioredis then sends it by its SHA1, loading it again after a Redis
 * restart), called with the number of keys first.
 */
export function defineScript(redis: Redis, name: string, lua: string): ScriptCall {
  const commands = redis as unknown as Record<string, ScriptCall | undefined>;
  if (!commands[name]) redis.defineCommand(name, { lua });
  return (...args) => (commands[name] as ScriptCall).apply(redis, args);
}
