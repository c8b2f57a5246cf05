import { describe, expect, it } from 'vitest';
import { createTestApp } from '@quire/test-kit/test-app';
import { contentSecurityPolicy } from './security-headers.ts';

/** Hashes computed apart from the code under test: `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`. */
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const RED_HASH = "'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='";

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.split(' ')[0] === name);
  return found?.split(' ').slice(1) ?? [];
}

describe('contentSecurityPolicy', () => {
  it('allows exactly the inline scripts and styles of the page, by hash', () => {
    const policy = contentSecurityPolicy(
      '<html><head><style>body{color:red}</style><script src="/assets/a.js"></script></head>' +
        '<body><script>alert(1)</script><SCRIPT type="module">alert(1)</SCRIPT></body></html>',
    );
    expect(directive(policy, 'script-src')).toEqual(["'self'", ALERT_HASH]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", RED_HASH]);
    expect(policy).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*script/);
  });

  it('forbids framing, plugins and foreign origins', () => {
    const policy = contentSecurityPolicy('<p>no scripts</p>');
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
  });
});

describe('security headers on answers', () => {
  it('gives pages and not-found pages their policy, and every answer nosniff and a referrer policy', async () => {
    const testApp = await createTestApp();
    try {
      for (const [url, status] of [
        ['/merge-pdf', 200],
        ['/es/no-such-page', 404],
      ] as const) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(status);
        expect(response.headers['content-security-policy'], url).toMatch(/^default-src 'self'; /);
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        // A page opened from any other document would start in a cold process of its own (`PAGE_HEADERS`).
        expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      }
      const api = await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['content-security-policy']).toBeUndefined();
      const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['content-security-policy']).toBeUndefined();
    } finally {
      await testApp.close();
    }
  });

  it('sends HSTS only over TLS, believing X-Forwarded-Proto only from a configured proxy', async () => {
    const direct = await createTestApp();
    const proxied = await createTestApp(undefined, { QUIRE_TRUST_PROXY: '127.0.0.1' });
    try {
      const overTls = { 'x-forwarded-proto': 'https' };
      const hsts = async (app: typeof direct, headers: Record<string, string> = {}) =>
        (await app.app.inject({ method: 'GET', url: '/', headers })).headers['strict-transport-security'];
      expect(await hsts(proxied, overTls)).toBe('max-age=31536000');
      expect(await hsts(proxied)).toBeUndefined();
      expect(await hsts(direct, overTls)).toBeUndefined();
    } finally {
      await Promise.all([direct.close(), proxied.close()]);
    }
  });
});
