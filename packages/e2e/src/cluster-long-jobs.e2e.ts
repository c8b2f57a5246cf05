import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '@quire/test-kit/cluster-harness';
import { markedPdf } from './marked-files.ts';

// Issue 29, item 1, in a cluster: two worker processes of one job slot each around Redis. Eight clients (API keys)
// flood the PDF lane with long jobs (test-only holds that declare 10 minutes of work); long work may take every
// slot of the lane but one, counted in Redis, so a visitor's one-page rotate and a short job still run.

const KEYS = Array.from({ length: 8 }, () => randomBytes(24).toString('hex'));
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({
    workers: 2,
    webs: 1,
    // A queue of four: the flood fills it, and a visitor's only job still gets in.
    env: { QUIRE_API_KEYS: KEYS.join(','), QUIRE_CLIENT_MAX_QUEUED: '3', QUIRE_MAX_QUEUE: '4' },
  });
}, 120_000);

afterAll(async () => {
  await cluster?.close();
}, 60_000);

function holdLong(key: string, signal: AbortSignal) {
  return fetch(`${cluster.proxyUrl}/api/test-ops/pdf/hold?ms=600000&work=600000`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    signal,
  }).catch(() => null);
}

describe('long jobs in a cluster', () => {
  it('never take the last job slot of a lane, whatever the number of clients sending them', async () => {
    const stop = new AbortController();
    const attacks = KEYS.flatMap((key) => [holdLong(key, stop.signal), holdLong(key, stop.signal)]);
    // One long job runs (two slots in the cluster: one may run long work); the others go back to wait.
    await expect
      .poll(async () => Number(await cluster.redisCli('zcard', 'quire:long:pdf')), { timeout: 30_000 })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(Number(await cluster.redisCli('zcard', 'quire:long:pdf'))).toBe(1);

    // A visitor's one-page rotate and a short job get the slot that stays free.
    const form = new FormData();
    form.append('file', new File([new Uint8Array(markedPdf('visitor', 1))], 'one-page.pdf'));
    form.append('angle', '90');
    const rotated = await fetch(`${cluster.proxyUrl}/api/pdf/rotate`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    expect(rotated.status).toBe(200);
    const short = await fetch(`${cluster.proxyUrl}/api/test-ops/pdf/hold?ms=100`, {
      method: 'POST',
      signal: AbortSignal.timeout(60_000),
    });
    expect(short.status).toBe(200);
    expect(Number(await cluster.redisCli('zcard', 'quire:long:pdf'))).toBe(1);
    stop.abort();
    await Promise.all(attacks);
  }, 180_000);
});
