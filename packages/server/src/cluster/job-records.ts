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
  /**
   * The result file (relative to the job root) and the op's report, once done: the answer's headers are written from
   * it. The view carries the same figures and notices for the job's clients (`view.result.report`, `view.notices`).
   */
  readonly result: { readonly path: string; readonly report: JobReport<ToolId> } | null;
  /**
   * The web process whose request waits for the job and answers it: the job's changes go to that process alone,
   * and its ended record is kept only briefly (nobody fetches it). Null for a job of the job API, which any web
   * process may answer for: its changes go to all of them.
   */
  readonly waiter: string | null;
  /** When a worker took the job (ms since the epoch, the worker's clock); null while it waits. */
  readonly startedAt: number | null;
};

/** A change of a job, as published to the web processes listening for it. `null` record: the job was deleted. */
export type JobEvent = { readonly id: string; readonly record: JobRecord | null };

const EVENTS_CHANNEL = `${KEY_PREFIX}:events`;
/**
 * How long the ended record of a job answered in its request is kept (at most the retention time): its web process
 * may look once more, after an event lost while Redis was away.
 */
const ANSWERED_RECORD_TTL_MS = 60_000;
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

/** The channel where a job's changes are published: its waiting web process's own, or every web process's. */
function channelOf(waiter: string | null): string {
  return waiter === null ? EVENTS_CHANNEL : `${EVENTS_CHANNEL}:${waiter}`;
}

/** Options of a write: `countOut`, the job is over and leaves its client's share (see `JobRecords.write`). */
export type WriteOptions = { readonly countOut?: boolean };

/**
 * The jobs of the cluster in Redis: one JSON record per job, with an expiry (an hour while it waits or runs, then
 * the retention time after it ends), and every change published to the web processes that listen for it (see
 * `JobRecord.waiter`).
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
   * Writes a job's new record and tells the web processes listening for it, if the job still exists and has not
   * ended; false otherwise. With `countOut` the job is over and also leaves its client's share, unless its record
   * had already ended (so a final write sent again after a lost answer counts it out once).
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

  /** Forgets the record of a job whose admission failed half way: nobody is waiting for it. */
  async forget(id: string): Promise<void> {
    await this.#redis.del(recordKey(id));
  }

  /**
   * Deletes the record and tells the web processes listening for the job (`waiter`, as recorded) and every worker
   * (one running the job stops it).
   */
  async delete(id: string, waiter: string | null = null): Promise<boolean> {
    const replies = await this.#redis
      .multi()
      .del(recordKey(id))
      .publish(channelOf(waiter), eventJson(id, null))
      .publish(CANCEL_CHANNEL, id)
      .exec();
    return Number(replies?.[0]?.[1]) > 0;
  }

  async #write(id: string, next: JobRecord | null, client: string | null): Promise<boolean> {
    const json = next ? JSON.stringify(next) : '';
    const hasEnded = next !== null && isTerminalState(next.view.state);
    const ttl = !hasEnded
      ? ACTIVE_TTL_MS
      : next.waiter === null
        ? this.#retentionMs
        : Math.min(this.#retentionMs, ANSWERED_RECORD_TTL_MS);
    const keys = client === null ? [recordKey(id)] : [recordKey(id), clientKey(client)];
    const written = await this.#scripts.quireWriteJob(
      keys.length,
      ...keys,
      json,
      ttl,
      channelOf(next?.waiter ?? null),
      next ? eventJson(id, json) : '',
    );
    return written === 1;
  }
}

/** A `JobEvent` as published, from the record's JSON (not serialised twice). */
function eventJson(id: string, recordJson: string | null): string {
  return `{"id":${JSON.stringify(id)},"record":${recordJson ?? 'null'}}`;
}

/**
 * Listens, on a subscriber connection, to the changes of every job of the job API and of the jobs whose waiter is
 * `waiter` (this web process).
 */
export async function listenToJobEvents(
  subscriber: Redis,
  waiter: string,
  listener: (event: JobEvent) => void,
): Promise<void> {
  const channels = new Set([EVENTS_CHANNEL, channelOf(waiter)]);
  subscriber.on('message', (channel: string, message: string) => {
    if (channels.has(channel)) listener(JSON.parse(message) as JobEvent);
  });
  await subscriber.subscribe(...channels);
}

/** Listens for jobs to cancel (deleted by their client, or their request gone). */
export async function listenToCancels(subscriber: Redis, listener: (id: string) => void): Promise<void> {
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === CANCEL_CHANNEL) listener(message);
  });
  await subscriber.subscribe(CANCEL_CHANNEL);
}
