import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProbeStore } from './probe-store.ts';

const DAY = 24 * 60 * 60 * 1000;
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('ProbeStore', () => {
  it('keeps probes in a database file across reopening, and prunes what is older than 31 days', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-store-'));
    const file = join(dir, 'nested', 'status.sqlite');
    const now = Date.now();
    const first = new ProbeStore(file);
    first.record({ tool: 'merge', checkedAt: now - 40 * DAY, outcome: 'ok', latencyMs: 10, errorCode: null });
    first.record({
      tool: 'split',
      checkedAt: now - 1000,
      outcome: 'failed',
      latencyMs: 12.6,
      errorCode: 'FILE_DAMAGED',
    });
    first.close();

    const second = new ProbeStore(file);
    expect(second.since(0)).toHaveLength(2);
    second.pruneOlderThanRetention(now);
    expect(second.since(0)).toEqual([
      { tool: 'split', checkedAt: now - 1000, outcome: 'failed', latencyMs: 13, errorCode: 'FILE_DAMAGED' },
    ]);
    second.close();
  });
});
