import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { ConfigError, type MetricsAddress } from '../config.ts';
import type { ServiceMetrics } from './service-metrics.ts';

/** Why the metrics' address could not be taken, in the operator's words. */
const LISTEN_FAILURES: Readonly<Record<string, string>> = {
  EADDRINUSE:
    'is taken by another process. Processes on one machine (a web process and a worker, say) each need an ' +
    'address of their own, such as 127.0.0.1:9464 and 127.0.0.1:9465; or set QUIRE_METRICS_ADDRESS=off.',
  EADDRNOTAVAIL: 'is not an address of this machine.',
  EACCES: 'needs privileges this process does not have (a port below 1024?).',
  ENOTFOUND: 'names a host that does not resolve.',
};

/**
 * Serves `GET /metrics` (Prometheus text) on its own address, `QUIRE_METRICS_ADDRESS`, never on the site's port:
 * the metrics describe the service (its queues, workers, memory and Node version), so they are for the operator's
 * Prometheus, on loopback or a private network. Any other path is 404; scrapes are not logged. Resolves with the
 * server once it listens, for its caller to close (null when the address is `off`); an address that cannot be
 * taken is a `ConfigError` that says why.
 */
export async function serveMetrics(
  metrics: ServiceMetrics,
  address: MetricsAddress | null,
  log: FastifyBaseLogger,
): Promise<FastifyInstance | null> {
  if (address === null) return null;
  const server = Fastify({
    loggerInstance: log.child({ server: 'metrics' }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  server.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render()),
  );
  server.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).type('text/plain').send('Not found\n'),
  );
  const shown = address.host.includes(':')
    ? `[${address.host}]:${address.port}`
    : `${address.host}:${address.port}`;
  try {
    await server.listen({
      host: address.host,
      port: address.port,
      // Not "Server listening at": that line names the site's own address, and scripts look for it.
      listenTextResolver: (url) => `Metrics listening at ${url}`,
    });
  } catch (error) {
    await server.close();
    const reason = LISTEN_FAILURES[(error as { code?: string }).code ?? ''];
    if (reason) throw new ConfigError(`QUIRE_METRICS_ADDRESS ${shown} ${reason}`);
    throw error;
  }
  return server;
}
