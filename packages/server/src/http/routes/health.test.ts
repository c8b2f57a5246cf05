import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, type TestApp } from '@quire/test-kit/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('health and readiness', () => {
  it('is alive and ready while it takes work', async () => {
    const live = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', lanes: { pdf: { size: 2 }, office: { size: 1 } } });
  });

  it('once shutting down: not ready, still alive, new tool requests refused with 503 and connections closed', async () => {
    testApp.app.beginShutdown();
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'stopping' });
    expect(ready.headers.connection).toBe('close');
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const form = new FormData();
    const pdf = await readFile(corpusPath('pdf/pdfbox_rotations-90-180-270_6p.pdf'));
    form.append('file', new File([new Uint8Array(pdf)], 'a.pdf'));
    form.append('angle', '90');
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/pdf/rotate',
      ...(await multipartOf(form)),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'SERVER_BUSY' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.connection).toBe('close');
    expect(await testApp.leftovers()).toEqual([]);
  });
});
