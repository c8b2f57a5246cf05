import { AppError, JOB_LANES, RETRY_AFTER_SECONDS } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { Runner } from '../../runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the server as stopping (what `close()` also does): readiness 503, new tool requests refused. */
    beginShutdown: () => void;
  }
}

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: every lane has workers and queue room, and the
 * server is not shutting down). From the moment a shutdown starts (`app.close()`, which SIGTERM calls), readiness
 * answers 503 `stopping`, new tool requests on connections still open are refused with 503 `SERVER_BUSY`, and every
 * answer closes its connection, while running jobs go on. `app.beginShutdown()` does the same without closing.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { runner: Runner; isConnected?: () => boolean },
): void {
  let isStopping = false;
  app.decorate('beginShutdown', () => {
    isStopping = true;
  });
  app.addHook('preClose', async () => {
    isStopping = true;
  });
  app.addHook('onRequest', async (request) => {
    if (isStopping && request.method === 'POST' && request.url.startsWith('/api/')) {
      throw new AppError('SERVER_BUSY', 'The server is shutting down.', {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isStopping) void reply.header('connection', 'close');
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const lanes = deps.runner.stats;
    if (isStopping) return reply.status(503).send({ status: 'stopping', lanes });
    // In cluster mode the web process is ready while Redis answers: jobs wait in the queues for workers.
    const isReady = deps.isConnected
      ? deps.isConnected()
      : JOB_LANES.every((lane) => lanes[lane].size > 0 && lanes[lane].queued < lanes[lane].maxQueue);
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'busy', lanes });
  });
}
