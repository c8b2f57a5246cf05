import { JOB_LANES } from '@quire/shared';
import type { JobRunner } from '@quire/engine';
import type { FastifyInstance } from 'fastify';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: every lane has workers and queue room). */
export function registerHealthRoutes(app: FastifyInstance, deps: { runner: JobRunner }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const lanes = deps.runner.stats;
    const isReady = JOB_LANES.every(
      (lane) => lanes[lane].size > 0 && lanes[lane].queued < lanes[lane].maxQueue,
    );
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'busy', lanes });
  });
}
