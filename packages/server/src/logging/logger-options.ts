import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { redactJobIds } from './redact-job-ids.ts';

/** Where log lines go: standard output unless told (a test's stream, say). */
export type LogStream = { write: (line: string) => void };

/**
 * The logger of every Quire process (the all-in-one server, and a cluster's web and worker processes): requests
 * by id, method and path (never headers, bodies or file names), and every line, whatever wrote it (a request's
 * line, an error's message and stack, an engine crash, Fastify's own), passes `redactJobIds` on its way out, so
 * that no job id reaches the logs: one in a URL (`/api/v1/jobs/<id>/result`) or a job directory's path
 * (`<jobRoot>/<id>/…`) becomes a short keyed hash.
 */
export function loggerOptions(
  level: Config['logLevel'],
  stream?: LogStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.split('?')[0],
      }),
    },
    hooks: { streamWrite: redactJobIds },
    ...(stream ? { stream } : {}),
  };
}
