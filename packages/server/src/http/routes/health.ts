import type { JobPool } from '@quire/engine';
import type { FastifyInstance } from 'fastify';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: workers up, queue not full). */
export function registerHealthRoutes(app: FastifyInstance, deps: { pool: JobPool; maxQueue: number }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const stats = deps.pool.stats;
    const isReady = stats.size > 0 && stats.queued < deps.maxQueue;
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'busy', ...stats });
  });
}
