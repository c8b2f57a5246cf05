import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CageFactory } from '@quire/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { startTestRedis, type TestRedis } from '../test/redis-server.ts';
import { multipartOf } from '@quire/test-kit/test-app';
import { loadConfig } from './config.ts';
import { startProcess, type ServerProcess } from './start-process.ts';

/** A machine that offered a cgroup and then refused to make one: every cage fails as its worker starts. */
const refusingCgroups: CageFactory = {
  kind: 'cgroup-v2',
  create: () => {
    throw new Error('EACCES: permission denied, mkdir /sys/fs/cgroup/quire');
  },
};

describe('a process whose memory cages cannot be made at start', () => {
  let base: string;
  let server: ServerProcess;
  const lines: { msg?: string; memoryCap?: string; stack?: string }[] = [];

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'quire-start-test-'));
    const config = loadConfig({
      QUIRE_JOB_ROOT: join(base, 'jobs'),
      QUIRE_WEB_ROOT: join(base, 'web'),
      QUIRE_DATA_DIR: join(base, 'data'),
      QUIRE_STATUS_PROBE_SECONDS: '0',
      QUIRE_METRICS_ADDRESS: 'off',
      QUIRE_WORKERS: '1',
      QUIRE_OFFICE_WORKERS: '1',
      QUIRE_OCR_WORKERS: '1',
      LOG_LEVEL: 'info',
    });
    // Each worker's cage is made in the pool's constructor: the logger must exist before it (it did not, once).
    server = await startProcess(config, {
      cages: refusingCgroups,
      logStream: { write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    });
  });
  afterAll(async () => {
    await server?.stop(0);
    await rm(base, { recursive: true, force: true });
  });

  it('starts with the watchdog in their place, says so, and runs jobs', async () => {
    const failures = lines.filter((line) => line.msg === 'engine failure');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]?.stack).toContain('memory cage not made, using the watchdog');
    expect(lines.find((line) => line.msg === 'job workers started')?.memoryCap).toBe('watchdog');

    const form = new FormData();
    form.append('file', new File([createTextPdf('caged by the watchdog')], 'a.pdf'));
    form.append('angle', '90');
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/pdf/rotate',
      ...(await multipartOf(form)),
    });
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
    expect(reply.body.startsWith('%PDF-')).toBe(true);
  });
});

describe('a cluster worker process whose memory cages cannot be made at start', () => {
  let base: string;
  let redis: TestRedis;
  let server: ServerProcess;
  const lines: { msg?: string; stack?: string }[] = [];

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'quire-start-test-'));
    redis = await startTestRedis();
    const config = loadConfig({
      QUIRE_REDIS_URL: redis.url,
      QUIRE_ROLE: 'worker',
      QUIRE_LANES: 'pdf',
      QUIRE_WORKERS: '1',
      QUIRE_JOB_ROOT: join(base, 'jobs'),
      QUIRE_DATA_DIR: join(base, 'data'),
      QUIRE_METRICS_ADDRESS: 'off',
      LOG_LEVEL: 'info',
    });
    server = await startProcess(config, {
      cages: refusingCgroups,
      logStream: { write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    });
  });
  afterAll(async () => {
    await server?.stop(0);
    await redis?.stop();
    await rm(base, { recursive: true, force: true });
  });

  it('starts with the watchdog in their place, says so, and is ready for jobs', async () => {
    const failure = lines.find((line) => line.msg === 'engine failure');
    expect(failure?.stack).toContain('memory cage not made, using the watchdog');
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', lanes: { pdf: { size: 1 } } });
  });
});
