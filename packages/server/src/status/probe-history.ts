import type { ProbeRecord } from './status-types.ts';

/** How long probe results are kept: the status page shows 30 days. */
export const PROBE_RETENTION_MS = 31 * 24 * 60 * 60 * 1000;

/**
 * Where the status probes' results are kept: an SQLite file of this process (`ProbeStore`), or in cluster mode a
 * sorted set in Redis that every web process reads and one of them writes each round (`RedisProbeHistory`).
 */
export type ProbeHistory = {
  record(probes: readonly ProbeRecord[]): Promise<void>;
  /** Probes checked at or after `since` (ms since the epoch), oldest first. */
  since(since: number): Promise<ProbeRecord[]>;
  pruneOlderThanRetention(now: number): Promise<void>;
  /**
   * Whether this process should run the round that is due: always alone; in a cluster only the first process to
   * claim it, so the history holds one probe per tool per round.
   */
  claimRound(intervalMs: number): Promise<boolean>;
  close(): Promise<void>;
};
