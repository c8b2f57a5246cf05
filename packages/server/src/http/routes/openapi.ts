import type { FastifyInstance } from 'fastify';
import serverPackage from '../../../package.json' with { type: 'json' };
import { buildOpenApi } from '../openapi/build-openapi.ts';

/** `GET /api/openapi.json`: the API reference of this server, with its own rate limit. */
export function registerOpenApiRoute(app: FastifyInstance, settings: { rateLimitPerMinute: number }): void {
  const document = JSON.stringify(buildOpenApi({ version: serverPackage.version, ...settings }));
  app.get('/api/openapi.json', async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document),
  );
}
