import { createHmac, randomBytes } from 'node:crypto';

/**
 * A run of 32 or more hex digits: a job id (`JOB_ID_PATTERN`, the name of its directory), alone or inside a URL,
 * a path, an error message or a stack. Longer runs are taken whole, so an id glued to other hex digits (`%2f<id>`)
 * is not left half visible.
 */
const HEX_RUN = /[0-9a-f]{32,}/gi;
/** Hex digits of the keyed hash that stand for an id: enough to tell a process's jobs apart in its logs. */
const TAG_HEX_DIGITS = 8;

/** Replaces every job id in a text by its tag: `job:` and a short keyed hash of it. */
export type Redact = (text: string) => string;

/**
 * Job ids are secrets: an id is the only key to a visitor's result. A redactor replaces each id by a short hash
 * keyed by `secret` (HMAC-SHA-256), so that lines about one job still match each other while the id can neither be
 * read back nor checked against a guess by anyone without the secret.
 */
export function createJobIdRedactor(secret: Uint8Array): Redact {
  const tagOf = (id: string) =>
    `job:${createHmac('sha256', secret).update(id.toLowerCase()).digest('hex').slice(0, TAG_HEX_DIGITS)}`;
  return (text) => text.replace(HEX_RUN, tagOf);
}

/**
 * This process's redactor, keyed by a secret drawn at start and never written anywhere: the same job gets the same
 * tag in one process's logs, and another (unrelated) tag in another process's.
 */
export const redactJobIds: Redact = createJobIdRedactor(randomBytes(32));
