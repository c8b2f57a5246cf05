import { buildOpenApi } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import serverPackage from '../../../package.json' with { type: 'json' };

/**
 * `GET /api/openapi.json`: the API reference of this server, built by `@quire/shared` with this server's rate
 * limit (the API docs page is built from the same function with the default limit).
 */
export function registerOpenApiRoute(app: FastifyInstance, settings: { rateLimitPerMinute: number }): void {
  const document = JSON.stringify(buildOpenApi({ version: serverPackage.version, ...settings }));
  app.get('/api/openapi.json', async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document),
  );
}
