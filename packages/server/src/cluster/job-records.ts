import { isTerminalState, type JobReport, type JobView, type ToolId } from '@quire/shared';
import type { Redis } from 'ioredis';
import { KEY_PREFIX } from './redis-client.ts';

/** What Redis holds of one job: its view, where its files are, and its result once done. */
export type JobRecord = {
  readonly view: JobView;
  /** The job's directory, relative to the job root (every process mounts the same store). */
  readonly dir: string;
  /** The client whose fair share the job counts against. */
  readonly client: string;
  /** The result file (relative to the job root) and the op's report, once done. */
  readonly result: { readonly path: string; readonly report: JobReport<ToolId> } | null;
};

/** A change of a job, as published to every web process. `null` record: the job was deleted. */
export type JobEvent = { readonly id: string; readonly record: JobRecord | null };

const EVENTS_CHANNEL = `${KEY_PREFIX}:events`;
const CANCEL_CHANNEL = `${KEY_PREFIX}:cancel`;
/**
 * A job not yet ended expires after this unless it ends first: a queue wait and the longest run fit in it, and a
 * job whose every process died goes with its key.
 */
const ACTIVE_TTL_MS = 60 * 60_000;

export function recordKey(id: string): string {
  return `${KEY_PREFIX}:job:${id}`;
}

/**
 * The jobs of the cluster in Redis: one JSON record per job, with an expiry (an hour while it waits or runs, then
 * the retention time after it ends), and every change published on one channel that web processes listen to.
 * Only an existing record is ever updated, so a deleted job never comes back.
 */
export class JobRecords {
  readonly #redis: Redis;
  readonly #retentionMs: number;

  constructor(redis: Redis, retentionMs: number) {
    this.#redis = redis;
    this.#retentionMs = retentionMs;
  }

  /** How long an ended job is kept for its client. */
  get retentionMs(): number {
    return this.#retentionMs;
  }

  async create(record: JobRecord): Promise<void> {
    await this.#redis.set(recordKey(record.view.id), JSON.stringify(record), 'PX', ACTIVE_TTL_MS, 'NX');
  }

  async get(id: string): Promise<JobRecord | null> {
    const raw = await this.#redis.get(recordKey(id));
    return raw === null ? null : (JSON.parse(raw) as JobRecord);
  }

  /** Changes a job that still exists and tells every web process; false when it is gone (deleted, expired). */
  async update(id: string, change: (record: JobRecord) => JobRecord): Promise<boolean> {
    const current = await this.get(id);
    if (!current) return false;
    const next = change(current);
    const ttl = isTerminalState(next.view.state) ? this.#retentionMs : ACTIVE_TTL_MS;
    const written = await this.#redis.set(recordKey(id), JSON.stringify(next), 'PX', ttl, 'XX');
    if (written === null) return false;
    await this.#publish({ id, record: next });
    return true;
  }

  /** Forgets the record of a job that has ended and been answered: nobody is left to tell. */
  async forget(id: string): Promise<void> {
    await this.#redis.del(recordKey(id));
  }

  /** Deletes the record and tells every process (a worker running the job stops it). */
  async delete(id: string): Promise<boolean> {
    const removed = await this.#redis.del(recordKey(id));
    await this.#publish({ id, record: null });
    await this.#redis.publish(CANCEL_CHANNEL, id);
    return removed > 0;
  }

  async #publish(event: JobEvent): Promise<void> {
    await this.#redis.publish(EVENTS_CHANNEL, JSON.stringify(event));
  }
}

/** Listens to every job's changes on a subscriber connection. */
export async function listenToJobEvents(
  subscriber: Redis,
  listener: (event: JobEvent) => void,
): Promise<void> {
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === EVENTS_CHANNEL) listener(JSON.parse(message) as JobEvent);
  });
  await subscriber.subscribe(EVENTS_CHANNEL);
}

/** Listens for jobs to cancel (deleted by their client, or their request gone). */
export async function listenToCancels(subscriber: Redis, listener: (id: string) => void): Promise<void> {
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === CANCEL_CHANNEL) listener(message);
  });
  await subscriber.subscribe(CANCEL_CHANNEL);
}
