import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@quire/shared';
import type { FastifyRequest } from 'fastify';

const digest = (key: string) => createHash('sha256').update(key).digest();

/**
 * The operator's API keys (part A.10). A request may carry one as `Authorization: Bearer <key>`: a known key lifts
 * the rate limit; any other value is refused with 401 rather than silently treated as anonymous. Keys are compared
 * by their SHA-256 digests in constant time.
 */
export class ApiKeys {
  readonly #digests: Buffer[];

  constructor(keys: readonly string[]) {
    this.#digests = keys.map(digest);
  }

  /**
   * For a request with a valid key, a name for the key that does not reveal it (`key:` and the start of its
   * digest: the key's own fair share); null for a request without one; throws `INVALID_API_KEY` for a wrong one.
   */
  check(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const candidate = match?.[1] ? digest(match[1]) : undefined;
    if (candidate && this.#digests.some((known) => timingSafeEqual(known, candidate))) {
      return `key:${candidate.subarray(0, 8).toString('hex')}`;
    }
    throw new AppError('INVALID_API_KEY', 'The API key is missing or not valid.');
  }
}
