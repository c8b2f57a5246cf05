import { afterEach, describe, expect, it } from 'vitest';
import { postTool, validUpload } from '../hardening/harness.ts';
import { createTestApp, laneStats, type TestApp } from '@quire/test-kit/test-app';

// Issue 29, item 1: no set of clients can hold a lane. Eight addresses each flood a lane with long jobs (test-only
// holds that declare ten minutes of work, so nothing depends on the machine's speed); long work may take every
// worker of the lane but one, so a visitor's one-page rotate, compress and OCR are answered meanwhile.

const ATTACKERS = Array.from({ length: 8 }, (_, index) => `203.0.113.${10 + index}`);
const FOREVER_MS = 600_000;

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

function holdLong(app: TestApp, lane: 'pdf' | 'ocr', remoteAddress: string) {
  return app.app.inject({
    method: 'POST',
    url: `/api/test-ops/${lane}/hold?ms=${FOREVER_MS}&work=${FOREVER_MS}`,
    remoteAddress,
  });
}

describe('long jobs from many clients', () => {
  it('never take the last worker of the PDF or the OCR lane: visitors’ one-page jobs are answered', async () => {
    testApp = await createTestApp(
      { size: 2, maxQueue: 32 },
      {
        QUIRE_TEST_OPS: '1',
        QUIRE_CLIENT_MAX_RUNNING: '1',
        QUIRE_CLIENT_MAX_QUEUED: '3',
        // Two OCR workers, as two PDF workers: the one a long job may take, and the one kept for short work.
        QUIRE_OCR_WORKERS: '2',
      },
    );
    const app = testApp;
    const floods = ATTACKERS.flatMap((address) =>
      [1, 2, 3].flatMap(() => [holdLong(app, 'pdf', address), holdLong(app, 'ocr', address)]),
    );
    await expect.poll(async () => (await laneStats(app)).pdf.runningLong, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await laneStats(app)).ocr.runningLong, { timeout: 30_000 }).toBe(1);
    // Each lane's other worker took a long job too, found it long, and sent it back to wait.
    await expect
      .poll(async () => (await laneStats(app)).pdf.deferred, { timeout: 30_000 })
      .toBeGreaterThan(0);

    for (const toolId of ['rotate', 'compress', 'ocr'] as const) {
      const reply = await postTool(app, toolId, [await validUpload(toolId)]);
      expect(reply.statusCode, `${toolId}: ${reply.body.slice(0, 200)}`).toBe(200);
    }
    const lanes = await laneStats(app);
    expect(lanes.pdf.runningLong).toBe(1);
    expect(lanes.ocr.runningLong).toBe(1);
    await app.close();
    testApp = undefined;
    // Stopped by the shutdown, never finished: they held their worker all along.
    for (const reply of await Promise.all(floods)) expect([429, 503]).toContain(reply.statusCode);
  }, 180_000);
});
