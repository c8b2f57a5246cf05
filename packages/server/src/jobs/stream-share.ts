import { tooManyStreams } from './client-shares.ts';

/**
 * A client's share of open job event streams (`QUIRE_CLIENT_MAX_STREAMS`): each stream holds a place from when it
 * opens until it closes, and a client with every place taken is refused with 429 `TOO_MANY_STREAMS`. In this
 * process's memory (`LocalStreamShare`), or in Redis for every web process of a cluster (`RedisStreamShare`).
 */
export type StreamShare = {
  /**
   * Takes a place of the client's share for one stream, or throws `TOO_MANY_STREAMS` when none is left; resolves
   * with the function that gives it back (once, however often it is called).
   */
  open(client: string): Promise<() => void>;
};

/** The all-in-one server's stream share: a count per client, in memory (clients with no stream open are forgotten). */
export class LocalStreamShare implements StreamShare {
  readonly #maxPerClient: number;
  readonly #open = new Map<string, number>();

  constructor(maxPerClient: number) {
    this.#maxPerClient = maxPerClient;
  }

  /** Streams the client has open now. */
  openFor(client: string): number {
    return this.#open.get(client) ?? 0;
  }

  async open(client: string): Promise<() => void> {
    const count = this.openFor(client);
    if (count >= this.#maxPerClient) throw tooManyStreams(this.#maxPerClient);
    this.#open.set(client, count + 1);
    let isOpen = true;
    return () => {
      if (!isOpen) return;
      isOpen = false;
      const left = this.openFor(client) - 1;
      if (left > 0) this.#open.set(client, left);
      else this.#open.delete(client);
    };
  }
}
