import { timingSafeEqual } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '@quire/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiKeys } from './api-keys.ts';
import type { ClientCodes } from './client-key.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request carries one of the operator's API keys. */
    hasApiKey: boolean;
    /**
     * Whom the request counts against, for the rate limit and the fair share of job workers: the code of the
     * client's address (an IPv4 address or an IPv6 /64; see `ClientCodes`), or the API key it carries (each key is
     * a client of its own).
     */
    client: string;
  }
}

/** The status probes' requests share one client of their own. */
const STATUS_PROBE_CLIENT = 'status-probe';

export type RateLimitOptions = {
  /** Requests per minute per client; 0 turns the limit off (API keys are still checked). */
  readonly perMinute: number;
  readonly apiKeys: readonly string[];
  /** The status probes' secret header value: their in-process requests are never limited. */
  readonly isProbe: (request: FastifyRequest) => boolean;
  /** Turns a request's address into the code it is counted under. */
  readonly codes: ClientCodes;
  /** Cluster mode: the counters live in Redis, shared by every web process (a Redis that fails skips the limit). */
  readonly redis?: Redis | undefined;
};

/**
 * The guards of the tool endpoints, run when the request line and headers have arrived and before any upload is
 * read: the API key check (401 for a wrong key), which also names the request's client (the first guard: alone, it
 * names the client of a request that the rate limit does not count, such as a job's event stream), then the
 * per-client limit (429 `RATE_LIMITED` with `Retry-After`), which a valid key or a status probe skips. Counters live only in memory (at most 5,000 clients, the least recent
 * dropped first, each reset a minute after its first request), or in cluster mode in Redis (each key expiring a
 * minute after its first request), and hold the client's code, never its address.
 */
export async function createToolGuards(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<[identify: onRequestHookHandler, ...limits: onRequestHookHandler[]]> {
  const keys = new ApiKeys(options.apiKeys);
  app.decorateRequest('hasApiKey', false);
  app.decorateRequest('client', '');
  const checkApiKey: onRequestHookHandler = async (request) => {
    const key = keys.check(request);
    request.hasApiKey = key !== null;
    request.client = options.isProbe(request) ? STATUS_PROBE_CLIENT : (key ?? options.codes.of(request.ip));
  };
  if (options.perMinute === 0) return [checkApiKey];

  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'quire:rate:', skipOnError: true } : {}),
  });
  const limit = app.rateLimit({
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.client || options.codes.of(request.ip),
    allowList: (request) => request.hasApiKey || options.isProbe(request),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: ${context.max} per minute are allowed without an API key.`,
        {
          retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
          limitPerMinute: context.max,
        },
      ),
  });
  return [checkApiKey, limit];
}

/** Compares a header value with a secret in constant time. */
export function hasSecretHeader(request: FastifyRequest, name: string, secret: string): boolean {
  const value = request.headers[name];
  if (typeof value !== 'string' || value.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(secret));
}
