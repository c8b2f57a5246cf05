import { afterEach, describe, expect, it } from 'vitest';
import { createNoiseTiledPdf, createTextOperatorBomb } from '@quire/test-kit/costly-pdfs';
import { expectNoLeaks, expectStillServing, postTool } from '../hardening/harness.ts';
import { createTestApp, laneStats, type TestApp } from '@quire/test-kit/test-app';

// Issue 11, findings 2 and 3: a small document that needs too much memory, CPU time or output is stopped with its
// own code, answered 422 with a message, its worker replaced, its files removed; the next visitor is served.

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('a job over its budget, through the HTTP route', () => {
  it('memory: a 250 KB PDF of 4 million text operators to PDF to Word, with 512 MB a job', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 4 }, { QUIRE_JOB_MEMORY_MB: '512' });
    const reply = await postTool(testApp, 'pdf-to-word', [
      { name: 'operators.pdf', bytes: createTextOperatorBomb(4_000_000) },
    ]);
    expect(reply.statusCode).toBe(422);
    const { error } = JSON.parse(reply.body) as { error: { code: string; message: string; details: object } };
    expect(error).toMatchObject({
      code: 'RESOURCE_LIMIT_EXCEEDED',
      details: { resource: 'memory', limitMegabytes: 512 },
    });
    expect(error.message).toMatch(/too complex to process here/);
    expectNoLeaks(reply.body, testApp.jobRoot);
    expect((await laneStats(testApp)).pdf).toMatchObject({ overBudget: 1, replaced: 1, size: 1 });
    await expectStillServing(testApp, ['rotate', 'pdf-to-word']);
    // Filling 512 MB with text runs takes its CPU: 62 s, past the default minute, in a fresh-clone run beside a build.
  }, 180_000);

  it('output: ten noise-tiled pages (200 KB) to PDF to JPG, with a 16 MB output budget', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 4 }, { QUIRE_MAX_OUTPUT_MB: '16' });
    const reply = await postTool(
      testApp,
      'pdf-to-jpg',
      [{ name: 'noise.pdf', bytes: createNoiseTiledPdf(10) }],
      {
        quality: 'high',
      },
    );
    expect(reply.statusCode).toBe(422);
    expect(JSON.parse(reply.body)).toMatchObject({
      error: { code: 'OUTPUT_TOO_LARGE', details: { limitBytes: 16 * 1024 * 1024, limitMegabytes: 16 } },
    });
    await expectStillServing(testApp, ['pdf-to-jpg']);
  });

  it('CPU time: a job past QUIRE_JOB_CPU_SECONDS is stopped with 422, not left to the wall clock', async () => {
    testApp = await createTestApp(
      { size: 1, maxQueue: 4 },
      { QUIRE_JOB_CPU_SECONDS: '1', QUIRE_TEST_OPS: '1' },
    );
    const reply = await testApp.app.inject({ method: 'POST', url: '/api/test-ops/pdf/spin?ms=120000' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({
      error: { code: 'RESOURCE_LIMIT_EXCEEDED', details: { resource: 'cpu', limitSeconds: 1 } },
    });
    await expectStillServing(testApp, ['merge']);
  });
});
