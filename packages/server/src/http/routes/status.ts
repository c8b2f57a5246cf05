import { STATUS_REPORT_SCHEMA } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { StatusService } from '../../status/status-service.ts';

/** `GET /api/status`: the live status report computed from the recorded probes (spec A.9). */
export function registerStatusRoutes(app: FastifyInstance, status: StatusService): void {
  app.get('/api/status', { schema: { response: { 200: STATUS_REPORT_SCHEMA } } }, async (_request, reply) => {
    const report = await status.report();
    return reply.header('cache-control', 'no-store').send(report);
  });
}
