import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';

/** Counts the requests for work refused for lack of room (429, 503) in the metrics. */
export function countRefusals(app: FastifyInstance, metrics: ServiceMetrics): void {
  // Refusals of work only: a 503 of `/readyz` is an answer, not a refusal.
  app.addHook('onResponse', async (request, reply) => {
    const isWork = request.method === 'POST' && request.url.startsWith('/api/');
    if (isWork && (reply.statusCode === 429 || reply.statusCode === 503)) metrics.refused(reply.statusCode);
  });
}
