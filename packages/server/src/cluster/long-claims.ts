import type { JobLane } from '@quire/shared';
import type { Redis } from 'ioredis';
import { WORKER_SILENCE_MS, workersKey } from './queued-job.ts';
import { KEY_PREFIX } from './redis-client.ts';
import { SortedSetLeases } from './sorted-set-leases.ts';

/** A claim lasts this long unless its worker renews it (each heartbeat): a killed worker's claims lapse. */
export const LONG_CLAIM_TTL_MS = 30_000;

/**
 * Long jobs running in a lane of the cluster, counted in Redis (`quire:long:<lane>`, a lease per job). The places
 * are every job slot of the lane's live workers but one (at least one), so that however many clients send long
 * work, one slot in the cluster stays for short work.
 */
export class LongClaims {
  readonly #redis: Redis;
  readonly #lane: JobLane;
  readonly #leases: SortedSetLeases;

  constructor(redis: Redis, lane: JobLane, ttlMs = LONG_CLAIM_TTL_MS) {
    this.#redis = redis;
    this.#lane = lane;
    this.#leases = new SortedSetLeases(redis, ttlMs);
  }

  get #key(): string {
    return `${KEY_PREFIX}:long:${this.#lane}`;
  }

  /** Claims a place for this job's long work (or keeps the one it holds); false when every place is taken. */
  async claim(jobId: string): Promise<boolean> {
    return this.#leases.take(this.#key, jobId, Math.max(1, (await this.#liveSlots()) - 1));
  }

  /** Keeps a running job's claim from lapsing. */
  async renew(jobId: string): Promise<void> {
    await this.#leases.renew(this.#key, jobId);
  }

  async release(jobId: string): Promise<void> {
    await this.#leases.release(this.#key, jobId);
  }

  /** The job slots of the lane's workers that said they are alive lately (the heartbeat hash). */
  async #liveSlots(): Promise<number> {
    const now = Date.now();
    let slots = 0;
    for (const raw of await this.#redis.hvals(workersKey(KEY_PREFIX, this.#lane))) {
      const beat = JSON.parse(raw) as { concurrency: number; at: number };
      if (now - beat.at <= WORKER_SILENCE_MS) slots += beat.concurrency;
    }
    return slots;
  }
}
