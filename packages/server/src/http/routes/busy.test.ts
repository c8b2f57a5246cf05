import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, laneStats, type TestApp } from '@quire/test-kit/test-app';

// One worker and no queue: a second job while the first runs is refused at once. The first job holds its worker
// on purpose (a test-only op), so the outcome does not depend on how fast a document is on this machine.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ size: 1, maxQueue: 0 }, { QUIRE_TEST_OPS: '1' });
});
afterAll(async () => {
  await testApp.close();
});

describe('a full server', () => {
  it('answers 503 SERVER_BUSY with Retry-After instead of piling jobs up', async () => {
    const running = testApp.app.inject({ method: 'POST', url: '/api/test-ops/pdf/hold?ms=3000' });
    await expect.poll(async () => (await laneStats(testApp)).pdf.running).toBe(1);
    const refused = await Promise.all(
      [0, 1].map(() => testApp.app.inject({ method: 'POST', url: '/api/test-ops/pdf/hold?ms=10' })),
    );
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'SERVER_BUSY' } });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await running).statusCode).toBe(200);
  });
});
