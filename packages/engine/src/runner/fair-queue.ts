/**
 * Waiting jobs of one lane, by client, served round-robin: the next job goes to the waiting client served least
 * recently (one never served first, in order of arrival) that may still start a job (it has fewer than
 * `maxRunningPerClient` running), not to whoever came first. A client that floods the lane therefore delays others
 * by at most one job of its own per worker, whatever the length of its queue.
 */
export class FairQueue<T> {
  /** Clients with waiting jobs, in order of arrival (Map keeps insertion order). */
  readonly #waiting = new Map<string, T[]>();
  readonly #running = new Map<string, number>();
  /** When each client with jobs waiting or running last had a job started (a counter, not a clock). */
  readonly #lastServed = new Map<string, number>();
  readonly #maxRunningPerClient: number;
  #served = 0;
  #size = 0;

  constructor(maxRunningPerClient: number) {
    this.#maxRunningPerClient = maxRunningPerClient;
  }

  get size(): number {
    return this.#size;
  }

  waitingFor(client: string): number {
    return this.#waiting.get(client)?.length ?? 0;
  }

  runningFor(client: string): number {
    return this.#running.get(client) ?? 0;
  }

  /** True when a job of this client may start now (a worker being free). */
  mayStart(client: string): boolean {
    return this.runningFor(client) < this.#maxRunningPerClient;
  }

  push(client: string, item: T): void {
    const queue = this.#waiting.get(client);
    if (queue) queue.push(item);
    else this.#waiting.set(client, [item]);
    this.#size += 1;
  }

  /** Puts an item back at the head of its client's queue (a job sent back to wait for room of its kind). */
  pushFront(client: string, item: T): void {
    const queue = this.#waiting.get(client);
    if (queue) queue.unshift(item);
    else this.#waiting.set(client, [item]);
    this.#size += 1;
  }

  /**
   * Makes room in a full queue for a job of `client`: takes the newest waiting item of the client with the most
   * waiting, if that client has more than `client` would with this job; null when no client has (the queue is full
   * of equals). So however many clients fill the queue, a client with nothing waiting always gets in, at the cost of
   * the one holding most.
   */
  evictFor(client: string): { client: string; item: T } | null {
    let largest: string | null = null;
    let largestCount = this.waitingFor(client) + 1;
    for (const [other, queue] of this.#waiting) {
      if (queue.length > largestCount) {
        largest = other;
        largestCount = queue.length;
      }
    }
    const queue = largest === null ? undefined : this.#waiting.get(largest);
    if (largest === null || !queue) return null;
    const item = queue.pop() as T;
    this.#size -= 1;
    if (queue.length === 0) this.#waiting.delete(largest);
    this.#forgetIfIdle(largest);
    return { client: largest, item };
  }

  /** Removes a waiting item (its client went away); false when it was not waiting. */
  remove(client: string, item: T): boolean {
    const queue = this.#waiting.get(client);
    const index = queue?.indexOf(item) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    this.#size -= 1;
    if (queue.length === 0) this.#waiting.delete(client);
    this.#forgetIfIdle(client);
    return true;
  }

  /**
   * The next job to start, counted as running for its client; null when no waiting client may start one. With
   * `canStart`, only items it accepts are taken: each client's first such item (a long job waiting for room of its
   * kind does not hold up its client's short ones).
   */
  takeNext(canStart: (item: T) => boolean = () => true): { client: string; item: T } | null {
    let chosen: string | null = null;
    let chosenIndex = -1;
    let chosenServed = Number.POSITIVE_INFINITY;
    for (const [client, queue] of this.#waiting) {
      const served = this.#lastServed.get(client) ?? Number.NEGATIVE_INFINITY;
      if (!this.mayStart(client) || served >= chosenServed) continue;
      const index = queue.findIndex(canStart);
      if (index < 0) continue;
      chosen = client;
      chosenIndex = index;
      chosenServed = served;
    }
    const queue = chosen === null ? undefined : this.#waiting.get(chosen);
    if (chosen === null || !queue) return null;
    const [item] = queue.splice(chosenIndex, 1) as [T];
    if (queue.length === 0) this.#waiting.delete(chosen);
    this.#size -= 1;
    this.started(chosen);
    return { client: chosen, item };
  }

  /** Counts a job that starts (from the queue or without waiting): its client goes to the back of the line. */
  started(client: string): void {
    this.#running.set(client, this.runningFor(client) + 1);
    this.#lastServed.set(client, this.#served++);
  }

  finished(client: string): void {
    const running = this.runningFor(client) - 1;
    if (running > 0) this.#running.set(client, running);
    else this.#running.delete(client);
    this.#forgetIfIdle(client);
  }

  /** Every waiting item, removed. */
  drain(): T[] {
    const items = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    this.#size = 0;
    for (const client of [...this.#lastServed.keys()]) this.#forgetIfIdle(client);
    return items;
  }

  /** A client with nothing waiting or running is forgotten: memory holds only clients with work. */
  #forgetIfIdle(client: string): void {
    if (!this.#waiting.has(client) && !this.#running.has(client)) this.#lastServed.delete(client);
  }
}
