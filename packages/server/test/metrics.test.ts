import { afterEach, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { serveMetrics } from '../src/metrics/serve-metrics.ts';
import { postTool } from './hardening/harness.ts';
import { createTestApp, laneStats, type TestApp } from '@quire/test-kit/test-app';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** The metrics as their own server answers them (`QUIRE_METRICS_ADDRESS`; the site's port has no /metrics). */
async function scrape(app: TestApp): Promise<string> {
  const server = await serveMetrics(app.app.serviceMetrics, { host: '127.0.0.1', port: 0 }, app.app.log);
  if (!server) throw new Error('no metrics server');
  try {
    const reply = await server.inject({ method: 'GET', url: '/metrics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return reply.body;
  } finally {
    await server.close();
  }
}

/** The value of one series of the Prometheus text, or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it("is not on the site's port: the site's own 404 answers it", async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 1 });
    for (const url of ['/metrics', '/metrics/', '/METRICS']) {
      const reply = await testApp.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).not.toContain('quire_');
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/metrics' })).body).toBe('not found en');
  });

  it('counts jobs by tool and outcome, their wait per lane, and the lanes as they are now', async () => {
    // Started with the app, as a server's workers are: their memory is counted before any job.
    testApp = await createTestApp({ size: 1, maxQueue: 1, startWorkers: 'at-once' });
    const before = await scrape(testApp);
    expect(valueOf(before, 'quire_workers{lane="pdf"}')).toBe(1);
    expect(valueOf(before, 'quire_jobs_waiting{lane="pdf"}')).toBe(0);
    expect(valueOf(before, 'quire_jobs_running{lane="office"}')).toBe(0);
    // A worker holds its engines: tens of megabytes at least.
    expect(valueOf(before, 'quire_worker_memory_bytes{lane="pdf"}')).toBeGreaterThan(20 * 1024 * 1024);
    expect(valueOf(before, 'quire_job_duration_seconds_count{tool="rotate",outcome="ok"}')).toBe(0);
    expect(valueOf(before, 'quire_refusals_total{status="429"}')).toBe(0);
    expect(before).toMatch(/^quire_server_process_resident_memory_bytes \d+/m);

    const rotated = await postTool(testApp, 'rotate', [{ name: 'a.pdf', bytes: createTextPdf('metrics') }]);
    expect(rotated.statusCode).toBe(200);
    const damaged = await postTool(testApp, 'rotate', [
      { name: 'b.pdf', bytes: new TextEncoder().encode('%PDF-1.7\nnot a PDF body at all\n') },
    ]);
    expect(damaged.statusCode).toBeGreaterThanOrEqual(400);
    const code = (JSON.parse(damaged.body) as { error: { code: string } }).error.code;

    const after = await scrape(testApp);
    expect(valueOf(after, 'quire_job_duration_seconds_count{tool="rotate",outcome="ok"}')).toBe(1);
    expect(valueOf(after, `quire_job_duration_seconds_count{tool="rotate",outcome="${code}"}`)).toBe(1);
    expect(valueOf(after, 'quire_job_wait_seconds_count{lane="pdf"}')).toBe(2);
    expect(valueOf(after, 'quire_job_duration_seconds_sum{tool="rotate",outcome="ok"}')).toBeGreaterThan(0);
  });

  it('shows the running and waiting jobs and counts a full queue as a 503 refusal', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 1 }, { QUIRE_TEST_OPS: '1' });
    const app = testApp;
    const hold = () =>
      app.app.inject({ method: 'POST', url: '/api/test-ops/pdf/hold?ms=600000', remoteAddress: '192.0.2.1' });
    // Held until the app closes: one running, one waiting, and the next finds the queue full.
    void hold();
    void hold();
    // Both counted at once: while the worker starts, the first job waits too, and the second may not be sent yet.
    await expect
      .poll(async () => {
        const { running, queued } = (await laneStats(app)).pdf;
        return { running, queued };
      })
      .toEqual({ running: 1, queued: 1 });
    expect((await hold()).statusCode).toBe(503);

    const text = await scrape(app);
    expect(valueOf(text, 'quire_jobs_running{lane="pdf"}')).toBe(1);
    expect(valueOf(text, 'quire_jobs_waiting{lane="pdf"}')).toBe(1);
    expect(valueOf(text, 'quire_refusals_total{status="503"}')).toBe(1);
  });
});
