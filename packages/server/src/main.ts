import { JobRunner } from '@quire/engine';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { sweepJobRoot } from './http/job-dir.ts';

/** How long a shutdown waits for running jobs before stopping them. */
const SHUTDOWN_GRACE_MS = 20_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const swept = await sweepJobRoot(config.jobRoot);
  const onCrash = (toolId: string | null, stack: string) =>
    app.log.error({ tool: toolId, stack }, 'engine failure');
  const runner = new JobRunner({
    pdf: { size: config.workers, maxQueue: config.maxQueue, onCrash },
    office: { size: config.officeWorkers, maxQueue: config.officeMaxQueue, onCrash },
  });
  const app = await buildApp(config, { runner });
  if (swept > 0) app.log.warn({ count: swept }, 'removed job directories left by an earlier run');

  // Slow clients: headers within 20 s, a whole request (up to 500 MB) within 10 minutes, idle sockets closed.
  app.server.headersTimeout = 20_000;
  app.server.requestTimeout = 10 * 60_000;
  app.server.keepAliveTimeout = 5_000;
  app.server.maxConnections = 1024;

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000).unref();
    await app.close();
    await runner.close();
    await sweepJobRoot(config.jobRoot);
    clearTimeout(forced);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
