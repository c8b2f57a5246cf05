/**
 * Waiting jobs of one lane, by client, served round-robin: the next job goes to the client that has waited longest
 * since it was last served and may still start a job (it has fewer than `maxRunningPerClient` running), not to
 * whoever came first. A client that floods the lane therefore delays others by at most one job of its own per
 * worker, whatever the length of its queue.
 */
export class FairQueue<T> {
  /** Clients with waiting jobs, in the order they will be offered a worker (Map keeps insertion order). */
  readonly #waiting = new Map<string, T[]>();
  readonly #running = new Map<string, number>();
  readonly #maxRunningPerClient: number;
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

  /** Removes a waiting item (its client went away); false when it was not waiting. */
  remove(client: string, item: T): boolean {
    const queue = this.#waiting.get(client);
    const index = queue?.indexOf(item) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) this.#waiting.delete(client);
    this.#size -= 1;
    return true;
  }

  /** The next job to start, counted as running for its client; null when no waiting client may start one. */
  takeNext(): { client: string; item: T } | null {
    for (const [client, queue] of this.#waiting) {
      if (!this.mayStart(client)) continue;
      const item = queue.shift() as T;
      // Served: to the back of the line, behind every other waiting client.
      this.#waiting.delete(client);
      if (queue.length > 0) this.#waiting.set(client, queue);
      this.#size -= 1;
      this.started(client);
      return { client, item };
    }
    return null;
  }

  /** Counts a job that started without waiting. */
  started(client: string): void {
    this.#running.set(client, this.runningFor(client) + 1);
  }

  finished(client: string): void {
    const running = this.runningFor(client) - 1;
    if (running > 0) this.#running.set(client, running);
    else this.#running.delete(client);
  }

  /** Every waiting item, removed. */
  drain(): T[] {
    const items = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    this.#size = 0;
    return items;
  }
}
