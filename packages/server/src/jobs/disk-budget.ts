import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, RETRY_AFTER_SECONDS } from '@quire/shared';
import { diskShareFull } from './client-shares.ts';

/** How often the job directories are measured while any exists. */
const MEASURE_INTERVAL_MS = 250;

type Tracked = {
  dir: string;
  client: string;
  bytes: number;
  /** Its work is over: what it holds is its result, waiting to be sent or fetched (stopping it frees nothing). */
  isSettled: boolean;
  stop: (reason: AppError) => void;
};

/**
 * The disk all running jobs may take together (`QUIRE_JOB_DISK_MB`): uploads, intermediate files and results in
 * their job directories, measured every 250 ms. While the total is at the budget, new jobs are refused with 503 and
 * `Retry-After`; if running jobs push it past the budget, the one holding the most is stopped with the same answer,
 * so that the disk never fills for everyone.
 *
 * Each client (`request.client`) has a share of it (`QUIRE_CLIENT_DISK_MB`): its uploads, its jobs in progress and
 * its results waiting to be sent or fetched. While it holds its share, its new jobs are refused with 429
 * `DISK_SHARE_FULL`; a job that takes it past its share is stopped with that answer (the largest of its jobs still
 * at work), so one client never takes the disk of all.
 */
export class DiskBudget {
  readonly #limitBytes: number;
  readonly #clientLimitBytes: number;
  readonly #jobs = new Set<Tracked>();
  #timer: NodeJS.Timeout | null = null;
  #isMeasuring = false;

  constructor(limitBytes: number, clientLimitBytes = Number.POSITIVE_INFINITY) {
    this.#limitBytes = limitBytes;
    this.#clientLimitBytes = clientLimitBytes;
  }

  get usedBytes(): number {
    let total = 0;
    for (const job of this.#jobs) total += job.bytes;
    return total;
  }

  /** What the client's job directories hold, as last measured. */
  heldBy(client: string): number {
    let total = 0;
    for (const job of this.#jobs) if (job.client === client) total += job.bytes;
    return total;
  }

  /**
   * Refuses a new job while the budget, or the client's share of it, is spent; otherwise tracks its directory until
   * `release` is called. `measure` counts what the directory holds now (its uploads, once stored) and throws if that
   * took the client past its share. `settle` counts the job's result as all its directory now holds (a job that
   * wrote its result between two measurements, its other files removed) and throws `SERVER_BUSY` if that took the
   * total past the budget, `DISK_SHARE_FULL` if it took the client past its share.
   */
  admit(
    dir: string,
    client: string,
    stop: (reason: AppError) => void,
  ): { measure: () => Promise<void>; settle: (bytes: number) => void; release: () => void } {
    if (this.usedBytes >= this.#limitBytes) throw shortOfSpace();
    if (this.heldBy(client) >= this.#clientLimitBytes) throw diskShareFull(this.#clientLimitBytes);
    const job: Tracked = { dir, client, bytes: 0, isSettled: false, stop };
    this.#jobs.add(job);
    this.#timer ??= setInterval(() => void this.#measure(), MEASURE_INTERVAL_MS).unref();
    return {
      measure: async () => {
        job.bytes = await directoryBytes(dir);
        this.#check(job);
      },
      settle: (bytes) => {
        job.bytes = bytes;
        job.isSettled = true;
        this.#check(job);
      },
      release: () => {
        this.#jobs.delete(job);
        if (this.#jobs.size === 0 && this.#timer) {
          clearInterval(this.#timer);
          this.#timer = null;
        }
      },
    };
  }

  #check(job: Tracked): void {
    if (this.usedBytes > this.#limitBytes) throw shortOfSpace();
    if (this.heldBy(job.client) > this.#clientLimitBytes) throw diskShareFull(this.#clientLimitBytes);
  }

  async #measure(): Promise<void> {
    if (this.#isMeasuring) return;
    this.#isMeasuring = true;
    try {
      for (const job of this.#jobs) job.bytes = await directoryBytes(job.dir);
      if (this.usedBytes > this.#limitBytes) {
        const largest = [...this.#jobs].reduce((a, b) => (b.bytes > a.bytes ? b : a));
        largest.stop(shortOfSpace());
      }
      this.#stopClientsPastShare();
    } finally {
      this.#isMeasuring = false;
    }
  }

  /** For each client past its share, stops the largest of its jobs still at work (its results wait, untouched). */
  #stopClientsPastShare(): void {
    const held = new Map<string, number>();
    const largest = new Map<string, Tracked>();
    for (const job of this.#jobs) {
      held.set(job.client, (held.get(job.client) ?? 0) + job.bytes);
      const current = largest.get(job.client);
      if (!job.isSettled && (!current || job.bytes > current.bytes)) largest.set(job.client, job);
    }
    for (const [client, bytes] of held) {
      if (bytes > this.#clientLimitBytes) largest.get(client)?.stop(diskShareFull(this.#clientLimitBytes));
    }
  }
}

function shortOfSpace(): AppError {
  return new AppError('SERVER_BUSY', 'The server is short of disk space for documents right now.', {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/** Bytes of the files under a directory (0 once it is gone). */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(entry.parentPath, entry.name)).catch(() => null);
    total += info?.blocks !== undefined ? info.blocks * 512 : (info?.size ?? 0);
  }
  return total;
}
