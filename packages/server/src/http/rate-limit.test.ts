import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis } from '../../test/redis-server.ts';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { shareClientSecret } from '../cluster/client-secret.ts';
import { ClientCodes } from './client-key.ts';
import { registerErrorHandler } from './error-handler.ts';
import { createToolGuards } from './rate-limit.ts';

const KEY = 'k'.repeat(32);
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** A tool request refused cheaply (not multipart), which the limit counts all the same. */
function send(app: TestApp, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/pdf/rotate',
    payload: 'x',
    headers: { 'content-type': 'text/plain', ...headers },
  });
}

describe('rate limit and API keys', () => {
  describe('with a limit of 3 and a key', () => {
    // One server for both (starting one costs seconds): the wrong keys are sent once the address is over its limit,
    // and are refused as wrong keys all the same.
    let keyed: TestApp;
    beforeAll(async () => {
      keyed = await createTestApp(undefined, { QUIRE_RATE_LIMIT_PER_MINUTE: '3', QUIRE_API_KEYS: KEY });
    });
    afterAll(async () => {
      await keyed.close();
    });

    it('answers 429 RATE_LIMITED with Retry-After once a client passes the limit, and a valid key lifts it', async () => {
      const testApp = keyed;
      for (let index = 0; index < 3; index += 1) expect((await send(testApp)).statusCode).toBe(415);
      const limited = await send(testApp);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.json()).toMatchObject({
        success: false,
        error: { code: 'RATE_LIMITED', details: { limitPerMinute: 3 } },
      });
      expect((await send(testApp, { authorization: `Bearer ${KEY}` })).statusCode).toBe(415);
      // Pages and the status stay reachable.
      expect((await testApp.app.inject({ method: 'GET', url: '/api/status' })).statusCode).toBe(200);
    });

    it('refuses a wrong key with 401 instead of treating it as anonymous', async () => {
      const response = await send(keyed, { authorization: `Bearer ${'x'.repeat(32)}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'INVALID_API_KEY' } });
      expect((await send(keyed, { authorization: 'Basic abc' })).statusCode).toBe(401);
    });
  });

  it('counts an IPv6 /64 as one client, believing X-Forwarded-For only from the configured proxy', async () => {
    testApp = await createTestApp(undefined, {
      QUIRE_RATE_LIMIT_PER_MINUTE: '2',
      QUIRE_TRUST_PROXY: '127.0.0.1',
    });
    const from = (ip: string) => send(testApp as TestApp, { 'x-forwarded-for': ip });
    expect((await from('2001:db8:0:1::a')).statusCode).toBe(415);
    expect((await from('2001:db8:0:1::b')).statusCode).toBe(415);
    expect((await from('2001:db8:0:1:ffff::1')).statusCode).toBe(429);
    expect((await from('2001:db8:0:2::a')).statusCode).toBe(415);
  });

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    testApp = await createTestApp(undefined, { QUIRE_RATE_LIMIT_PER_MINUTE: '2' });
    const from = (ip: string) => send(testApp as TestApp, { 'x-forwarded-for': ip });
    expect((await from('198.51.100.1')).statusCode).toBe(415);
    expect((await from('198.51.100.2')).statusCode).toBe(415);
    expect((await from('198.51.100.3')).statusCode).toBe(429);
  });

  // That the status probes are never limited is checked by routes/status.test.ts, whose app allows one request a
  // minute: a round of probes (one job per tool) is costly, and one round shows it.
});

describe('rate limit in a cluster', () => {
  it('counts a client once across web processes, in Redis', async () => {
    const redis = await startTestRedis();
    const apps = await Promise.all(
      [1, 2].map(async () => {
        const app = Fastify();
        registerErrorHandler(app);
        // Each web process has its own codes, made alike by the secret they share through Redis.
        const codes = new ClientCodes();
        await shareClientSecret(redis.client, codes);
        const guards = await createToolGuards(app, {
          perMinute: 3,
          apiKeys: [],
          isProbe: () => false,
          codes,
          redis: redis.client,
        });
        app.post('/work', { onRequest: guards }, async () => ({ ok: true }));
        return app;
      }),
    );
    try {
      const statuses = [];
      for (const app of [...apps, ...apps])
        statuses.push((await app.inject({ method: 'POST', url: '/work' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const keys = await redis.client.keys('quire:rate:*');
      expect(keys).toHaveLength(1);
      // The requests came from 127.0.0.1: the key holds its code, not the address.
      expect(keys[0]).toMatch(/net:[0-9a-f]{24}$/);
      expect(keys[0]).not.toContain('127.0.0.1');
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await redis.stop();
    }
  });
});
