import { JOB_LANES, type JobLane } from '@quire/shared';

/** What this process is in a cluster: both parts (the default), the HTTP part only, or the job-running part only. */
export type Role = 'all' | 'web' | 'worker';

/** The cluster settings: none of them applies without `QUIRE_REDIS_URL`. */
export type ClusterConfig = Readonly<{
  /** Where the queue, job states, counters and status history live; null runs everything in this process. */
  redisUrl: string | null;
  role: Role;
  /** The lanes whose jobs a worker takes (`QUIRE_LANES`, e.g. `pdf,office`). */
  lanes: readonly JobLane[];
  /**
   * How long a job's lock lasts without renewal: a worker killed mid-job loses it after this, and its job runs
   * again on another worker.
   */
  jobLockMs: number;
}>;

const ROLES = ['all', 'web', 'worker'] as const;

export class ClusterConfigError extends Error {}

export function readClusterConfig(env: NodeJS.ProcessEnv): ClusterConfig {
  const redisUrl = env.QUIRE_REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ClusterConfigError(
      `QUIRE_REDIS_URL must be a redis:// or rediss:// address, not "${redisUrl}".`,
    );
  }
  const role = env.QUIRE_ROLE?.trim() || 'all';
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new ClusterConfigError(`QUIRE_ROLE must be one of ${ROLES.join(', ')}, not "${role}".`);
  }
  if (role !== 'all' && redisUrl === null) {
    throw new ClusterConfigError(`QUIRE_ROLE=${role} needs QUIRE_REDIS_URL: the processes meet in Redis.`);
  }
  const lanes = (env.QUIRE_LANES?.trim() || JOB_LANES.join(','))
    .split(',')
    .map((lane) => lane.trim())
    .filter((lane) => lane !== '');
  for (const lane of lanes) {
    if (!(JOB_LANES as readonly string[]).includes(lane)) {
      throw new ClusterConfigError(
        `QUIRE_LANES must list lanes among ${JOB_LANES.join(', ')}, not "${lane}".`,
      );
    }
  }
  const lockSeconds = Number(env.QUIRE_JOB_LOCK_SECONDS?.trim() || '30');
  if (!Number.isInteger(lockSeconds) || lockSeconds < 2 || lockSeconds > 600) {
    throw new ClusterConfigError('QUIRE_JOB_LOCK_SECONDS must be a whole number from 2 to 600.');
  }
  return Object.freeze({
    redisUrl,
    role: role as Role,
    lanes: Object.freeze([...new Set(lanes)] as JobLane[]),
    jobLockMs: lockSeconds * 1000,
  });
}
