import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../test/redis-server.ts';
import { ClientDiskLedger, diskKey } from './client-disk-ledger.ts';

const redis = useTestRedis();

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = 'c'.repeat(32);
const MEBIBYTE = 1024 * 1024;
const RETENTION_MS = 10 * 60_000;

describe('ClientDiskLedger', () => {
  it("counts a client's uploads, then its results, refusing what would take it past its share", async () => {
    const ledger = new ClientDiskLedger(redis.client);
    expect(await ledger.reserve('client-a', A, 3 * MEBIBYTE, 4 * MEBIBYTE)).toBe(true);
    expect(await ledger.reserve('client-a', B, 2 * MEBIBYTE, 4 * MEBIBYTE)).toBe(false);
    expect(await ledger.reserve('client-b', B, 2 * MEBIBYTE, 4 * MEBIBYTE)).toBe(true);
    expect(await ledger.heldBytes('client-a')).toBe(3 * MEBIBYTE);
    // Done, the job counts its result instead of its uploads.
    await ledger.settle('client-a', A, MEBIBYTE, RETENTION_MS);
    expect(await ledger.heldBytes('client-a')).toBe(MEBIBYTE);
    expect(await ledger.reserve('client-a', C, 2 * MEBIBYTE, 4 * MEBIBYTE)).toBe(true);
    expect(await ledger.heldBytes('client-a')).toBe(3 * MEBIBYTE);
  });

  it('gives back a job fetched or deleted, never counts it again, and drops a result that expired', async () => {
    const ledger = new ClientDiskLedger(redis.client);
    await ledger.reserve('client-a', A, MEBIBYTE, 4 * MEBIBYTE);
    await ledger.reserve('client-a', B, MEBIBYTE, 4 * MEBIBYTE);
    // Deleted while it ran: the worker's late word of its result changes nothing.
    await ledger.release('client-a', A);
    await ledger.settle('client-a', A, 3 * MEBIBYTE, RETENTION_MS);
    expect(await ledger.heldBytes('client-a')).toBe(MEBIBYTE);
    // A result kept 200 ms stops counting when its time is up, and leaves nothing behind.
    await ledger.settle('client-a', B, 3 * MEBIBYTE, 200);
    expect(await ledger.heldBytes('client-a')).toBe(3 * MEBIBYTE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ledger.heldBytes('client-a')).toBe(0);
    expect(await redis.client.exists(diskKey('client-a'))).toBe(0);
  });

  it('leaves no ledger behind once its last result expires, even when no one asks again', async () => {
    const ledger = new ClientDiskLedger(redis.client);
    await ledger.reserve('client-a', A, MEBIBYTE, 4 * MEBIBYTE);
    await ledger.settle('client-a', A, MEBIBYTE, 200);
    // Nothing reads the ledger again (its web process died, say): Redis drops it by itself.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await redis.client.exists(diskKey('client-a'))).toBe(0);
  });
});
