import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** Debian's redis-server on a free loopback port, without persistence, for one test file. */
export type TestRedis = { url: string; client: Redis; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; !(await isListening(port)); attempt += 1) {
    if (attempt > 100) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const client = new Redis(url, { maxRetriesPerRequest: null });
  return {
    url,
    client,
    stop: async () => {
      client.disconnect();
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        });
      }
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

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
