import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startRedis } from '@quire/test-kit/redis-process';

/** Debian's redis-server on a free loopback port, without persistence, for one test file. */
export type TestRedis = { url: string; client: Redis; stop: () => Promise<void> };

export async function startTestRedis(): Promise<TestRedis> {
  const redis = await startRedis();
  const url = `redis://127.0.0.1:${redis.port}`;
  const client = new Redis(url, { maxRetriesPerRequest: null });
  return {
    url,
    client,
    stop: async () => {
      client.disconnect();
      await redis.stop();
    },
  };
}

/**
 * A test Redis for every test of the calling file: started before the first test, emptied before each (unless
 * `flushEachTest` is false), stopped after the last. The returned object reads the running server, so tests and
 * hooks simply use `redis.client` and `redis.url`.
 */
export function useTestRedis({ flushEachTest = true } = {}): TestRedis {
  let started: TestRedis | undefined;
  beforeAll(async () => {
    started = await startTestRedis();
  });
  afterAll(async () => {
    await started?.stop();
  });
  if (flushEachTest) {
    beforeEach(async () => {
      await started?.client.flushall();
    });
  }
  const running = (): TestRedis => {
    if (!started) throw new Error('the test Redis is used before it started (only in tests and hooks)');
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get client() {
      return running().client;
    },
    stop: () => running().stop(),
  };
}
