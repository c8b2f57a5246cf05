import type { Redis } from 'ioredis';
import type { JobStore } from '../jobs/job-store.ts';
import { recordKey } from './job-records.ts';

/**
 * How often every process of a cluster looks for jobs in the store that no record owns any more: every 30 s, or
 * more often when jobs are kept less than the usual 10 minutes, so nothing outlives its time by much.
 */
export function sweepIntervalOf(retentionMs: number): number {
  return Math.max(500, Math.min(30_000, Math.floor(retentionMs / 4)));
}

/**
 * Removes the jobs of the shared store whose record is gone: deleted, expired (the retention time after it ended),
 * or never recorded and idle. The store is shared, so a process never empties it whole, as the all-in-one server
 * does at start; each job is judged by its record in Redis. Returns how many went.
 */
export async function sweepOrphans(store: JobStore, redis: Redis, retentionMs: number): Promise<number> {
  // A job without a record is an upload still arriving, or what a killed process left. One that nothing has
  // written to for this long is the latter (an upload that stalls for 2 minutes is cut by its request deadline).
  const idleMs = Math.min(2 * 60_000, retentionMs);
  const jobs = await store.list();
  if (jobs.length === 0) return 0;
  const exists = await Promise.all(jobs.map(({ id }) => redis.exists(recordKey(id))));
  const now = Date.now();
  const orphans = jobs.filter(({ changedAt }, index) => exists[index] === 0 && now - changedAt >= idleMs);
  await Promise.all(orphans.map(({ id }) => store.remove(id)));
  return orphans.length;
}
