import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { startProcess, type ServerProcess } from '../src/start-process.ts';
import { startTestRedis, type TestRedis } from './redis-server.ts';

export type TestCluster = {
  redis: TestRedis;
  /** The web processes' apps, in the order they started. */
  webs: FastifyInstance[];
  /** Stops every process (running jobs are stopped, not waited for), then Redis, and removes the files. */
  close: () => Promise<void>;
};

/**
 * A cluster in this process around a test Redis: one worker (its PDF lane only, one job at a time, test ops on) and
 * `webs` web processes. `env` adds to or changes their settings.
 */
export async function startTestCluster(
  env: Record<string, string> = {},
  { webs = 1 }: { webs?: number } = {},
): Promise<TestCluster> {
  const redis = await startTestRedis();
  const base = await mkdtemp(join(tmpdir(), 'quire-test-cluster-'));
  const webRoot = join(base, 'web');
  await mkdir(webRoot, { recursive: true });
  await writeFile(join(webRoot, 'index.html'), 'home');
  await writeFile(join(webRoot, '404.html'), 'not found');
  const common = {
    QUIRE_REDIS_URL: redis.url,
    QUIRE_JOB_ROOT: join(base, 'jobs'),
    QUIRE_WEB_ROOT: webRoot,
    QUIRE_DATA_DIR: join(base, 'data'),
    QUIRE_STATUS_PROBE_SECONDS: '0',
    QUIRE_RATE_LIMIT_PER_MINUTE: '0',
    QUIRE_METRICS_ADDRESS: 'off',
    QUIRE_TEST_OPS: '1',
    QUIRE_WORKERS: '1',
    QUIRE_LANES: 'pdf',
    QUIRE_CLIENT_MAX_RUNNING: '64',
    QUIRE_CLIENT_MAX_QUEUED: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  };
  const processes: ServerProcess[] = [];
  const close = async () => {
    for (const process of processes.reverse()) await process.stop(0);
    await redis.stop();
    await rm(base, { recursive: true, force: true });
  };
  try {
    processes.push(await startProcess(loadConfig({ ...common, QUIRE_ROLE: 'worker' })));
    for (let index = 0; index < webs; index += 1) {
      processes.push(await startProcess(loadConfig({ ...common, QUIRE_ROLE: 'web' })));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { redis, webs: processes.slice(1).map((process) => process.app), close };
}
