import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { tooManyStreams } from '../jobs/client-shares.ts';
import type { StreamShare } from '../jobs/stream-share.ts';
import { clientKey } from './job-records.ts';
import { withRedis } from './redis-client.ts';
import { SortedSetLeases } from './sorted-set-leases.ts';

/**
 * How long a stream's place lasts unless its web process renews it (every third of this while the stream is open):
 * a process that dies with streams open leaves no place taken for longer, so no client is locked out by leftovers.
 */
const LEASE_MS = 60_000;

/** The key of a client's open streams in a cluster (`quire:client:<client>:streams`). */
export function streamsKey(client: string): string {
  return `${clientKey(client)}:streams`;
}

/**
 * The stream share of a cluster: each client's open streams are places in Redis, counted for every web process,
 * each with a lease its process renews while the stream is open and gives back when it closes.
 */
export class RedisStreamShare implements StreamShare {
  readonly #maxPerClient: number;
  readonly #leases: SortedSetLeases;

  constructor(redis: Redis, maxPerClient: number, leaseMs = LEASE_MS) {
    this.#maxPerClient = maxPerClient;
    this.#leases = new SortedSetLeases(redis, leaseMs);
  }

  async open(client: string): Promise<() => void> {
    const key = streamsKey(client);
    const place = randomBytes(8).toString('hex');
    const leases = this.#leases;
    const isTaken = await withRedis(() => leases.take(key, place, this.#maxPerClient));
    if (!isTaken) throw tooManyStreams(this.#maxPerClient);
    // A renewal Redis misses only shortens the lease: the place is given back when it ends, at the latest.
    const renewal = setInterval(
      () => void leases.renew(key, place).catch(() => undefined),
      leases.leaseMs / 3,
    );
    renewal.unref();
    let isOpen = true;
    return () => {
      if (!isOpen) return;
      isOpen = false;
      clearInterval(renewal);
      void leases.release(key, place).catch(() => undefined);
    };
  }
}
