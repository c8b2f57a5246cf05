import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, RETRY_AFTER_SECONDS } from '@quire/shared';

/** How often the job directories are measured while any exists. */
const MEASURE_INTERVAL_MS = 250;

type Tracked = { dir: string; bytes: number; stop: (reason: AppError) => void };

/**
 * The disk all running jobs may take together (`QUIRE_JOB_DISK_MB`): uploads, intermediate files and results in
 * their job directories, measured every 250 ms. While the total is at the budget, new jobs are refused with 503 and
 * `Retry-After`; if running jobs push it past the budget, the one holding the most is stopped with the same answer,
 * so that the disk never fills for everyone.
 */
export class DiskBudget {
  readonly #limitBytes: number;
  readonly #jobs = new Set<Tracked>();
  #timer: NodeJS.Timeout | null = null;
  #isMeasuring = false;

  constructor(limitBytes: number) {
    this.#limitBytes = limitBytes;
  }

  get usedBytes(): number {
    let total = 0;
    for (const job of this.#jobs) total += job.bytes;
    return total;
  }

  /**
   * Refuses a new job while the budget is spent; otherwise tracks its directory until `release` is called.
   * `settle` counts the job's result as all its directory now holds (a job that wrote its result between two
   * measurements, its other files removed) and throws `SERVER_BUSY` if that took the total past the budget.
   */
  admit(
    dir: string,
    stop: (reason: AppError) => void,
  ): { settle: (bytes: number) => void; release: () => void } {
    if (this.usedBytes >= this.#limitBytes) throw shortOfSpace();
    const job: Tracked = { dir, bytes: 0, stop };
    this.#jobs.add(job);
    this.#timer ??= setInterval(() => void this.#measure(), MEASURE_INTERVAL_MS).unref();
    return {
      settle: (bytes) => {
        job.bytes = bytes;
        if (this.usedBytes > this.#limitBytes) throw shortOfSpace();
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

  async #measure(): Promise<void> {
    if (this.#isMeasuring) return;
    this.#isMeasuring = true;
    try {
      for (const job of this.#jobs) job.bytes = await directoryBytes(job.dir);
      if (this.usedBytes <= this.#limitBytes) return;
      const largest = [...this.#jobs].reduce((a, b) => (b.bytes > a.bytes ? b : a));
      largest.stop(shortOfSpace());
    } finally {
      this.#isMeasuring = false;
    }
  }
}

function shortOfSpace(): AppError {
  return new AppError('SERVER_BUSY', 'The server is short of disk space for documents right now.', {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/** Bytes of the files under a directory (0 once it is gone). */
async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(entry.parentPath, entry.name)).catch(() => null);
    total += info?.blocks !== undefined ? info.blocks * 512 : (info?.size ?? 0);
  }
  return total;
}
