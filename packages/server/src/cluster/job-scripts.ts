import { JOB_STATES, isTerminalState } from '@quire/shared';
import type { Redis } from 'ioredis';
import { defineScript, type ScriptCall } from './redis-client.ts';

/** The states after which a record never changes again, as a Lua set. */
const TERMINAL_STATES = `{ ${JOB_STATES.filter(isTerminalState)
  .map((state) => `['${state}'] = true`)
  .join(', ')} }`;

/** Counts a job out of its client's share (KEYS[n]), and forgets a client with none left. */
const COUNT_OUT = (key: string) => `if redis.call('DECR', ${key}) <= 0 then redis.call('DEL', ${key}) end`;

/**
 * The changes of a job that take more than one Redis command, each as one script: one round trip, and nothing
 * half done if the connection drops in the middle.
 */
const SCRIPTS = {
  /**
   * Counts a job into its client's share and records it. KEYS: the client's counter, the record. ARGV: the most
   * jobs a client may have in the cluster, the counter's lifetime (ms), the record, its lifetime (ms). Returns the
   * client's count with this job, or 0 when it is over the limit (and nothing is changed).
   */
  quireAdmitJob: `
    local count = redis.call('INCR', KEYS[1])
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    if count > tonumber(ARGV[1]) then
      ${COUNT_OUT('KEYS[1]')}
      return 0
    end
    redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4], 'NX')
    return count`,
  /**
   * Writes a job's record and publishes the change, unless the record is gone (deleted, expired) or has ended: an
   * ended job never changes again, so a late progress write or a repeated final write does nothing. KEYS: the
   * record, and the client's counter when the job is over (it then leaves its client's share, once: not when the
   * record had already ended). ARGV: the record ('' to write none), its lifetime (ms), the channel, the event.
   * Returns 1 when the record was written.
   */
  quireWriteJob: `
    local ended = ${TERMINAL_STATES}
    local current = redis.call('GET', KEYS[1])
    if current and ended[cjson.decode(current).view.state] then return 0 end
    local written = 0
    if current and ARGV[1] ~= '' then
      redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
      redis.call('PUBLISH', ARGV[3], ARGV[4])
      written = 1
    end
    if KEYS[2] then ${COUNT_OUT('KEYS[2]')} end
    return written`,
  /** Counts a job out of its client's share. KEYS: the client's counter. */
  quireCountOut: `${COUNT_OUT('KEYS[1]')} return 0`,
} as const;

type ScriptName = keyof typeof SCRIPTS;

/** The scripts, each defined once on the connection. */
export function jobScripts(redis: Redis): Record<ScriptName, ScriptCall> {
  return {
    quireAdmitJob: defineScript(redis, 'quireAdmitJob', SCRIPTS.quireAdmitJob),
    quireWriteJob: defineScript(redis, 'quireWriteJob', SCRIPTS.quireWriteJob),
    quireCountOut: defineScript(redis, 'quireCountOut', SCRIPTS.quireCountOut),
  };
}
