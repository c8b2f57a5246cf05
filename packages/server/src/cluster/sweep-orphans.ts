import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { recordKey } from './job-records.ts';
import { JOB_ID_PATTERN } from './queued-job.ts';

/**
 * How often every process of a cluster looks for job directories that no job owns any more: every 30 s, or more
 * often when jobs are kept less than the usual 10 minutes, so nothing outlives its time by much.
 */
export function sweepIntervalOf(retentionMs: number): number {
  return Math.max(500, Math.min(30_000, Math.floor(retentionMs / 4)));
}

/**
 * Removes the job directories of the shared store whose job is gone: deleted, expired (10 minutes after it ended),
 * or never recorded and idle. The store is shared, so a process never empties it whole, as the all-in-one server
 * does at start; each directory is judged by its job's record in Redis. Returns how many went.
 */
export async function sweepOrphans(jobRoot: string, redis: Redis, retentionMs: number): Promise<number> {
  // A directory without a record is an upload still arriving, or what a killed process left. One that nothing has
  // written to for this long is the latter (an upload that stalls for 2 minutes is cut by its request deadline).
  const idleMs = Math.min(2 * 60_000, retentionMs);
  const now = Date.now();
  const names = (await readdir(jobRoot).catch(() => [] as string[])).filter((name) =>
    JOB_ID_PATTERN.test(name),
  );
  if (names.length === 0) return 0;
  const exists = await Promise.all(names.map((name) => redis.exists(recordKey(name))));
  let removed = 0;
  for (const [index, name] of names.entries()) {
    if (exists[index] === 1) continue;
    const dir = join(jobRoot, name);
    if (now - (await newestChange(dir)) < idleMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** The latest modification time of the directory or anything in it (an upload being written counts). */
async function newestChange(dir: string): Promise<number> {
  let newest = 0;
  const visit = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => null);
    if (!info) return;
    newest = Math.max(newest, info.mtimeMs);
    if (!info.isDirectory()) return;
    for (const name of await readdir(path).catch(() => [] as string[])) await visit(join(path, name));
  };
  await visit(dir);
  return newest;
}
