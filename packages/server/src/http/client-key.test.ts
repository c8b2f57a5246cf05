import { describe, expect, it } from 'vitest';
import { ClientCodes, clientNetwork } from './client-key.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('clientNetwork', () => {
  it('counts IPv6 clients by their /64 network and IPv4 clients by address', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(clientNetwork('2001:db8:1:2::9'));
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('ClientCodes', () => {
  const now = Date.UTC(2026, 10, 27, 12);

  it('gives one code per network that holds nothing of the address', () => {
    const codes = new ClientCodes();
    const code = codes.of('203.0.113.7', now);
    expect(code).toMatch(/^net:[0-9a-f]{24}$/);
    expect(code).not.toContain('203');
    expect(codes.of('::ffff:203.0.113.7', now)).toBe(code);
    expect(codes.of('203.0.113.8', now)).not.toBe(code);
    expect(codes.of('2001:db8:1:2::1', now)).toBe(codes.of('2001:db8:1:2:ffff::9', now));
    expect(codes.of('2001:db8:1:3::1', now)).not.toBe(codes.of('2001:db8:1:2::1', now));
  });

  it('changes every code at midnight UTC, and agrees between processes that share the secret', () => {
    const secret = Buffer.alloc(32, 7);
    const first = new ClientCodes(secret);
    const second = new ClientCodes();
    expect(second.of('203.0.113.7', now)).not.toBe(first.of('203.0.113.7', now));
    second.useSecret(Buffer.from(secret));
    expect(second.of('203.0.113.7', now)).toBe(first.of('203.0.113.7', now));
    const midnight = Math.ceil(now / DAY_MS) * DAY_MS;
    expect(first.of('203.0.113.7', midnight - 1)).toBe(first.of('203.0.113.7', now));
    expect(first.of('203.0.113.7', midnight)).not.toBe(first.of('203.0.113.7', now));
  });
});
