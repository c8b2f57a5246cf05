import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../../metrics/service-metrics.ts';

/**
 * `GET /metrics`, the Prometheus text of the service's metrics (`metrics/service-metrics.ts`), and the hook that
 * counts refusals. Nothing in it names a visitor; an operator who does not want it public blocks the path at the
 * proxy, as with `/readyz`.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: ServiceMetrics): void {
  // Refusals of work only: a 503 of `/readyz` is an answer, not a refusal.
  app.addHook('onResponse', async (request, reply) => {
    const isWork = request.method === 'POST' && request.url.startsWith('/api/');
    if (isWork && (reply.statusCode === 429 || reply.statusCode === 503)) metrics.refused(reply.statusCode);
  });
  app.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics()),
  );
}
