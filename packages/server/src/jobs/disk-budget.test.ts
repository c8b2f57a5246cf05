import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppError } from '@quire/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskBudget } from './disk-budget.ts';

const MEBIBYTE = 1024 * 1024;
const GIBIBYTE = 1024 * MEBIBYTE;

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A job directory holding `megabytes` of incompressible-looking bytes. */
async function jobDir(name: string, megabytes: number): Promise<string> {
  root ??= await mkdtemp(join(tmpdir(), 'quire-disk-budget-test-'));
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  if (megabytes > 0) await writeFile(join(dir, 'file.bin'), Buffer.alloc(megabytes * MEBIBYTE, 0x61));
  return dir;
}

const errorOf = (action: () => unknown): AppError | null => {
  try {
    action();
    return null;
  } catch (error) {
    return error as AppError;
  }
};

describe("DiskBudget's share per client", () => {
  it("refuses a client's new job while its jobs and results hold its share, and not another client's", async () => {
    const budget = new DiskBudget(GIBIBYTE, 4 * MEBIBYTE);
    const held = budget.admit(await jobDir('a', 0), 'client-a', () => undefined);
    // Its result, settled: 4 MiB, all of its share.
    held.settle(4 * MEBIBYTE);
    const refused = errorOf(() => budget.admit(join(root ?? '', 'b'), 'client-a', () => undefined));
    expect(refused).toMatchObject({
      code: 'DISK_SHARE_FULL',
      details: { share: 'disk', limitBytes: 4 * MEBIBYTE, retryAfterSeconds: expect.any(Number) },
    });
    expect(refused?.httpStatus).toBe(429);
    expect(errorOf(() => budget.admit(join(root ?? '', 'c'), 'client-b', () => undefined))).toBeNull();
    // Fetched or expired, the result goes: the client may send work again.
    held.release();
    expect(budget.heldBy('client-a')).toBe(0);
    expect(errorOf(() => budget.admit(join(root ?? '', 'd'), 'client-a', () => undefined))).toBeNull();
  });

  it('counts uploads as soon as they are stored, and a result that takes its client past its share is refused', async () => {
    const budget = new DiskBudget(GIBIBYTE, 4 * MEBIBYTE);
    budget.admit(await jobDir('waiting', 0), 'client-a', () => undefined).settle(3 * MEBIBYTE);
    const upload = budget.admit(await jobDir('upload', 2), 'client-a', () => undefined);
    await expect(upload.measure()).rejects.toMatchObject({ code: 'DISK_SHARE_FULL' });
    const other = budget.admit(await jobDir('other', 2), 'client-b', () => undefined);
    await expect(other.measure()).resolves.toBeUndefined();
    expect(errorOf(() => other.settle(5 * MEBIBYTE))).toMatchObject({ code: 'DISK_SHARE_FULL' });
  });

  it("stops the largest of a client's jobs at work once its files take it past its share, never its waiting results", async () => {
    const budget = new DiskBudget(GIBIBYTE, 4 * MEBIBYTE);
    const stopped: string[] = [];
    const admit = async (name: string, client: string, megabytes: number) =>
      budget.admit(await jobDir(name, megabytes), client, (reason) => stopped.push(`${name} ${reason.code}`));
    // A result of 3 MiB waits to be fetched; two jobs at work write 1 and 2 MiB; another client's job writes 3.
    (await admit('result', 'client-a', 3)).settle(3 * MEBIBYTE);
    await admit('small', 'client-a', 1);
    await admit('large', 'client-a', 2);
    await admit('neighbour', 'client-b', 3);
    await expect.poll(() => stopped, { timeout: 5_000 }).toContain('large DISK_SHARE_FULL');
    expect(stopped.every((entry) => entry === 'large DISK_SHARE_FULL')).toBe(true);
  });
});
