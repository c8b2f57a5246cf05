import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { useTestRedis } from './redis-server.ts';

// Issue 29, items 2 and 3 in a cluster: a web process and a worker process (from source, as `npm start` runs them
// built), each with its own metrics address, and no job id in either's log.

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

type Started = {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  siteUrl: string;
  metricsUrl: string;
};

const redis = useTestRedis();
let base: string;
const processes: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'quire-cluster-secrets-'));
  await mkdir(join(base, 'web'), { recursive: true });
  await writeFile(join(base, 'web/index.html'), 'home');
  await writeFile(join(base, 'web/404.html'), 'not found');
});

afterAll(async () => {
  for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
  if (base) await rm(base, { recursive: true, force: true });
});

function spawnProcess(env: Record<string, string>): {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      QUIRE_REDIS_URL: redis.url,
      QUIRE_JOB_ROOT: join(base, 'store'),
      QUIRE_WEB_ROOT: join(base, 'web'),
      QUIRE_DATA_DIR: join(base, 'data'),
      QUIRE_STATUS_PROBE_SECONDS: '0',
      QUIRE_RATE_LIMIT_PER_MINUTE: '0',
      QUIRE_WORKERS: '1',
      QUIRE_OFFICE_WORKERS: '1',
      QUIRE_LANES: 'pdf',
      QUIRE_SHUTDOWN_GRACE_SECONDS: '1',
      LOG_LEVEL: 'debug',
      ...env,
    },
  });
  processes.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return { child, output: () => output };
}

async function start(env: Record<string, string>): Promise<Started> {
  const started = spawnProcess({ QUIRE_METRICS_ADDRESS: '127.0.0.1:0', ...env });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = started.output();
    const siteUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const metricsUrl = /Metrics listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    if (siteUrl && metricsUrl) return { ...started, siteUrl, metricsUrl };
    if (started.child.exitCode !== null || Date.now() > deadline) throw new Error(`not started: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(started: { child: ChildProcessWithoutNullStreams }): Promise<number | null> {
  const { child } = started;
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

async function submitRotate(web: Started): Promise<string> {
  const form = new FormData();
  form.append('tool', 'rotate');
  form.append('file', new File([createTextPdf('cluster ids') as Uint8Array<ArrayBuffer>], 'a.pdf'));
  form.append('angle', '90');
  const created = await fetch(`${web.siteUrl}/api/v1/jobs`, { method: 'POST', body: form });
  expect(created.status).toBe(202);
  return ((await created.json()) as { job: { id: string } }).job.id;
}

describe('a cluster of a web process and a worker', () => {
  it('serves each process its own metrics, keeps ids out of both logs, and stops a clash with a clear message', async () => {
    const web = await start({ QUIRE_ROLE: 'web' });
    const worker = await start({ QUIRE_ROLE: 'worker' });

    const fetched = await submitRotate(web);
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${web.siteUrl}/api/v1/jobs/${fetched}`)).json()) as {
              job: { state: string };
            }
          ).job.state,
        { timeout: 60_000, interval: 200 },
      )
      .toBe('done');
    expect((await fetch(`${web.siteUrl}/api/v1/jobs/${fetched}/result`)).status).toBe(200);
    const deleted = await submitRotate(web);
    expect((await fetch(`${web.siteUrl}/api/v1/jobs/${deleted}`, { method: 'DELETE' })).status).toBe(204);

    // The web process reports the cluster's lanes, the worker its own pool; neither on the site's port.
    expect((await fetch(`${web.siteUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${worker.siteUrl}/metrics`)).status).toBe(404);
    // The web process counts a job's duration when its watch of the job in Redis sees it end, which can come a moment
    // after a request reads it done (once, a fresh-clone run read the metrics first).
    const webMetrics = () => fetch(`${web.metricsUrl}/metrics`).then((answer) => answer.text());
    await expect
      .poll(webMetrics)
      .toMatch(/^quire_job_duration_seconds_count\{tool="rotate",outcome="ok"\} 1$/m);
    // Read until the worker's memory shows: the figures are samples, taken at intervals, of the workers running then
    // (on a loaded CI machine the one sample read here had no pdf worker's memory in it yet).
    const workerMetrics = () => fetch(`${worker.metricsUrl}/metrics`).then((answer) => answer.text());
    await expect.poll(workerMetrics).toMatch(/^quire_workers\{lane="pdf"\} 1$/m);
    await expect.poll(workerMetrics).toMatch(/^quire_worker_memory_bytes\{lane="pdf"\} [1-9]\d*$/m);

    // A second worker told the first one's metrics address stops at once, and says what to do.
    const clash = spawnProcess({
      QUIRE_ROLE: 'worker',
      QUIRE_METRICS_ADDRESS: worker.metricsUrl.slice('http://'.length),
    });
    const clashCode = await new Promise<number | null>((resolve) => clash.child.once('exit', resolve));
    expect(clashCode).toBe(1);
    expect(clash.output()).toMatch(
      /Configuration error: QUIRE_METRICS_ADDRESS 127\.0\.0\.1:\d+ is taken by another process/,
    );

    expect(await stop(worker)).toBe(0);
    expect(await stop(web)).toBe(0);
    // The web process logged each job's requests, under its tag.
    expect(web.output()).toMatch(/"url":"\/api\/v1\/jobs\/job:[0-9a-f]{8}\/result"/);
    for (const log of [web.output(), worker.output()]) {
      for (const id of [fetched, deleted]) expect(log).not.toContain(id);
    }
  }, 120_000);
});
