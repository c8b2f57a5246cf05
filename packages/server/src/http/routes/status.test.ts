import { TOOL_IDS, type StatusReport } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';

describe('GET /api/status', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // One tool request a minute per client: the probes, a round of one request per tool, must never be limited.
    testApp = await createTestApp(undefined, { QUIRE_RATE_LIMIT_PER_MINUTE: '1' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('says nothing is known before the first probe', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/status' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.json<StatusReport>();
    expect(report.overall).toBeNull();
    expect(report.history.every((day) => day.uptime === null)).toBe(true);
  });

  it('runs every tool on its tiny document through the real stack and reports them operational, never rate-limited', async () => {
    await testApp.app.statusService.probeNow(testApp.app);
    const report = (await testApp.app.inject({ method: 'GET', url: '/api/status' })).json<StatusReport>();
    expect(report.services.map((service) => [service.id, service.status])).toEqual(
      TOOL_IDS.map((id) => [id, 'operational']),
    );
    expect(report.overall).toBe('operational');
    expect(report.operationalServices).toBe(TOOL_IDS.length);
    expect(report.averageUptime).toBe(100);
    expect(report.history.at(-1)?.uptime).toBe(100);
    for (const service of report.services) {
      expect(service.averageResponseMs).toBeGreaterThan(0);
      expect(Date.parse(service.lastChecked ?? '')).toBeLessThanOrEqual(Date.now());
    }
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
    // One probe job per tool, three of them through LibreOffice: more than the default minute on a busy machine.
  }, 180_000);
});
