import type { Redis } from 'ioredis';
import { clientKey } from './job-records.ts';
import { defineScript, type ScriptCall } from './redis-client.ts';

/**
 * How long a job waiting or running counts at most, as its record lasts while it waits or runs: a job whose every
 * process died stops counting with it.
 */
const ACTIVE_ENTRY_MS = 60 * 60_000;

/**
 * Sums a client's entries (each `<bytes> <ends at, ms since the epoch>`) that have not ended at `now`, removing
 * those that have. Lua, shared by the scripts below.
 */
const HELD = `
  local function held(key, now)
    local total = 0
    local entries = redis.call('HGETALL', key)
    for index = 1, #entries, 2 do
      local bytes, ends = string.match(entries[index + 1], '^(%d+) (%d+)$')
      if bytes == nil or tonumber(ends) <= now then
        redis.call('HDEL', key, entries[index])
      else
        total = total + tonumber(bytes)
      end
    end
    return total
  end`;

/**
 * Makes the ledger expire when its last entry ends, no later: a client's ledger outlives none of its jobs' counts
 * (a done job's result counted for the retention time leaves nothing behind it once that is over).
 */
const EXPIRE_WITH_ENTRIES = `
  local latest = 0
  local entries = redis.call('HGETALL', KEYS[1])
  for index = 2, #entries, 2 do
    local ends = tonumber(string.match(entries[index], ' (%d+)$') or '0')
    if ends > latest then latest = ends end
  end
  if latest > 0 then redis.call('PEXPIREAT', KEYS[1], latest) end`;

const SCRIPTS = {
  /** KEYS: the client's ledger. ARGV: now. Returns the bytes the client holds. */
  quireHeldBytes: `${HELD} return held(KEYS[1], tonumber(ARGV[1]))`,
  /**
   * KEYS: the client's ledger. ARGV: now, the job, its bytes, the client's share, when its entry ends, the entry's
   * lifetime. Returns 1 when the job was counted, 0 when it would take the client past its share (nothing changed).
   */
  quireReserveDisk: `${HELD}
    if held(KEYS[1], tonumber(ARGV[1])) + tonumber(ARGV[3]) > tonumber(ARGV[4]) then return 0 end
    redis.call('HSET', KEYS[1], ARGV[2], ARGV[3] .. ' ' .. ARGV[5])
    ${EXPIRE_WITH_ENTRIES}
    return 1`,
  /**
   * KEYS: the client's ledger. ARGV: the job, its result's bytes, when its entry ends, the entry's lifetime.
   * Changes only a job still counted: one deleted meanwhile never comes back.
   */
  quireSettleDisk: `
    if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
    redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. ARGV[3])
    ${EXPIRE_WITH_ENTRIES}
    return 1`,
} as const;

type ScriptName = keyof typeof SCRIPTS;

/** The key of a client's ledger of the job disk in a cluster (`quire:client:<client>:disk`). */
export function diskKey(client: string): string {
  return `${clientKey(client)}:disk`;
}

/**
 * Each client's share of the job disk in a cluster (`QUIRE_CLIENT_DISK_MB`), in Redis for every web and worker
 * process: a hash per client whose entries are its jobs of the job API, each with its bytes and when it stops
 * counting. A job counts its uploads from its admission (an hour at most while it waits or runs), then its result
 * until it is fetched, deleted or expires (the retention time); a failed job counts nothing. Every change is one
 * script, and an entry that has ended is dropped by the next one, so no client is locked out by leftovers. A tool
 * request's job is not counted here: it lives only while its request does, in the disk budget of the web process
 * that answers it.
 */
export class ClientDiskLedger {
  readonly #redis: Redis;
  readonly #scripts: Record<ScriptName, ScriptCall>;

  constructor(redis: Redis) {
    this.#redis = redis;
    this.#scripts = {
      quireHeldBytes: defineScript(redis, 'quireHeldBytes', SCRIPTS.quireHeldBytes),
      quireReserveDisk: defineScript(redis, 'quireReserveDisk', SCRIPTS.quireReserveDisk),
      quireSettleDisk: defineScript(redis, 'quireSettleDisk', SCRIPTS.quireSettleDisk),
    };
  }

  /** The bytes the client's jobs hold now. */
  heldBytes(client: string): Promise<number> {
    return this.#scripts.quireHeldBytes(1, diskKey(client), Date.now());
  }

  /**
   * Counts a new job's uploads, unless they would take the client past `limitBytes`: false then, and nothing is
   * counted.
   */
  async reserve(client: string, id: string, bytes: number, limitBytes: number): Promise<boolean> {
    const now = Date.now();
    const counted = await this.#scripts.quireReserveDisk(
      1,
      diskKey(client),
      now,
      id,
      Math.round(bytes),
      limitBytes,
      now + ACTIVE_ENTRY_MS,
      ACTIVE_ENTRY_MS,
    );
    return counted === 1;
  }

  /** The job is done: it counts its result for `retentionMs`, if it is still counted. */
  async settle(client: string, id: string, bytes: number, retentionMs: number): Promise<void> {
    await this.#scripts.quireSettleDisk(
      1,
      diskKey(client),
      id,
      Math.round(bytes),
      Date.now() + retentionMs,
      retentionMs,
    );
  }

  /** The job holds nothing any more: fetched, deleted, failed or refused. */
  async release(client: string, id: string): Promise<void> {
    await this.#redis.hdel(diskKey(client), id);
  }
}
