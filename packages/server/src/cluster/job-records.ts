import { isTerminalState, type JobReport, type JobView, type ToolId } from '@quire/shared';
import type { Redis } from 'ioredis';
import { jobScripts } from './job-scripts.ts';
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

/** The key counting a client's jobs in the cluster (waiting or running), for its fair share. */
export function clientKey(client: string): string {
  return `${KEY_PREFIX}:client:${client}`;
}

/** Options of a write: `countOut`, the job is over and leaves its client's share (see `JobRecords.write`). */
export type WriteOptions = { readonly countOut?: boolean };

/**
 * The jobs of the cluster in Redis: one JSON record per job, with an expiry (an hour while it waits or runs, then
 * the retention time after it ends), and every change published on one channel that web processes listen to.
 * Only an existing record is ever updated, and an ended one never, so a deleted job never comes back. Each
 * change is one round trip (see `job-scripts.ts`).
 */
export class JobRecords {
  readonly #redis: Redis;
  readonly #retentionMs: number;
  readonly #scripts: ReturnType<typeof jobScripts>;

  constructor(redis: Redis, retentionMs: number) {
    this.#redis = redis;
    this.#retentionMs = retentionMs;
    this.#scripts = jobScripts(redis);
  }

  /** How long an ended job is kept for its client. */
  get retentionMs(): number {
    return this.#retentionMs;
  }

  /**
   * Counts a new job into its client's share and records it. Returns the client's number of jobs in the cluster
   * with this one, or null when that would be more than `maxPerClient` (nothing is changed then).
   */
  async admit(record: JobRecord, maxPerClient: number, counterTtlMs: number): Promise<number | null> {
    const count = await this.#scripts.quireAdmitJob(
      2,
      clientKey(record.client),
      recordKey(record.view.id),
      maxPerClient,
      counterTtlMs,
      JSON.stringify(record),
      ACTIVE_TTL_MS,
    );
    return count > 0 ? count : null;
  }

  async get(id: string): Promise<JobRecord | null> {
    const raw = await this.#redis.get(recordKey(id));
    return raw === null ? null : (JSON.parse(raw) as JobRecord);
  }

  /**
   * Writes a job's new record and tells every web process, if the job still exists and has not ended; false
   * otherwise. With `countOut` the job is over and also leaves its client's share, unless its record had already
   * ended (so a final write sent again after a lost answer counts it out once).
   */
  async write(next: JobRecord, { countOut = false }: WriteOptions = {}): Promise<boolean> {
    return this.#write(next.view.id, next, countOut ? next.client : null);
  }

  /** Changes a job from its record as Redis holds it now; with `countOut`, see `write` (`client`: whose job). */
  async update(
    id: string,
    change: (record: JobRecord) => JobRecord,
    countOut: { client: string } | null = null,
  ): Promise<boolean> {
    const current = await this.get(id);
    return this.#write(id, current ? change(current) : null, countOut?.client ?? null);
  }

  /** Counts a job out of its client's share without touching its record. */
  async countOut(client: string): Promise<void> {
    await this.#scripts.quireCountOut(1, clientKey(client));
  }

  /** Forgets the record of a job that has ended and been answered: nobody is left to tell. */
  async forget(id: string): Promise<void> {
    await this.#redis.del(recordKey(id));
  }

  /** Deletes the record and tells every process (a worker running the job stops it). */
  async delete(id: string): Promise<boolean> {
    const replies = await this.#redis
      .multi()
      .del(recordKey(id))
      .publish(EVENTS_CHANNEL, eventJson(id, null))
      .publish(CANCEL_CHANNEL, id)
      .exec();
    return Number(replies?.[0]?.[1]) > 0;
  }

  async #write(id: string, next: JobRecord | null, client: string | null): Promise<boolean> {
    const json = next ? JSON.stringify(next) : '';
    const ttl = next && isTerminalState(next.view.state) ? this.#retentionMs : ACTIVE_TTL_MS;
    const keys = client === null ? [recordKey(id)] : [recordKey(id), clientKey(client)];
    const written = await this.#scripts.quireWriteJob(
      keys.length,
      ...keys,
      json,
      ttl,
      EVENTS_CHANNEL,
      next ? eventJson(id, json) : '',
    );
    return written === 1;
  }
}

/** A `JobEvent` as published, from the record's JSON (not serialised twice). */
function eventJson(id: string, recordJson: string | null): string {
  return `{"id":${JSON.stringify(id)},"record":${recordJson ?? 'null'}}`;
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
