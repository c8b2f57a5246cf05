import { inspect } from 'node:util';
import { sweepOfficeDirs } from '@quire/engine';
import { buildApp } from './app.ts';
import { startClusterProcess } from './cluster/start-cluster.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createRunner } from './create-runner.ts';
import { sweepJobRoot } from './http/job-dir.ts';
import { redactJobIds } from './logging/redact-job-ids.ts';
import { serveMetrics } from './metrics/serve-metrics.ts';

/** After the grace period, how long the stopped jobs' answers may take before the remaining connections are cut. */
const STOPPED_JOBS_ANSWER_MS = 2_000;
/** The last resort: a shutdown that has not ended this long after its grace period exits with status 1. */
const SHUTDOWN_BACKSTOP_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.cluster.redisUrl !== null) {
    await mainInCluster(config);
    return;
  }
  // What a crash or a kill may have left: job directories, and LibreOffice directories of processes now gone.
  const swept = await sweepJobRoot(config.jobRoot);
  const sweptOffice = await sweepOfficeDirs();
  const onCrash = (toolId: string | null, stack: string) =>
    app.log.error({ tool: toolId, stack }, 'engine failure');
  const runner = createRunner(config, onCrash);
  const app = await buildApp(config, { runner });
  // Before the workers warm up: an address already taken stops the server at once, with a clear message.
  const metricsServer = await serveMetrics(app.serviceMetrics, config.metricsAddress, app.log);
  app.log.info(
    { memoryCap: runner.cageKind, jobMemoryMb: config.jobMemoryBytes / 2 ** 20 },
    'job workers started',
  );
  if (swept + sweptOffice > 0) {
    app.log.warn({ jobs: swept, office: sweptOffice }, 'removed directories left by an earlier run');
  }

  let isStopping = false;
  /**
   * SIGTERM / SIGINT: stop accepting connections (readiness turns 503), let running jobs finish within the grace
   * period, then stop the rest (their clients get 503, their processes are killed), cut connections still
   * uploading, remove every file and exit 0.
   */
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    const grace = config.shutdownGraceMs;
    app.log.info({ signal, graceSeconds: grace / 1000, lanes: runner.stats }, 'shutting down');
    setTimeout(() => process.exit(1), grace + SHUTDOWN_BACKSTOP_MS).unref();
    app.beginShutdown();
    const closed = app.close();
    const isGraceOver = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), grace).unref()),
    ]);
    if (isGraceOver)
      app.log.warn({ lanes: runner.stats }, 'grace period over: stopping the jobs still running');
    await runner.close();
    if (isGraceOver) {
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, STOPPED_JOBS_ANSWER_MS))]);
      app.server.closeAllConnections();
    }
    await closed;
    await metricsServer?.close();
    await sweepJobRoot(config.jobRoot);
    await sweepOfficeDirs({ includeOwn: true });
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  // The first visitors find warm workers, not a queue behind their start.
  await runner.whenReady();
  await app.listen({ host: config.host, port: config.port });
}

/**
 * A process of a cluster: its job store is shared, so it never empties it (each job's directory goes with its job,
 * and `sweepOrphans` takes what killed processes left); SIGTERM lets running jobs end within the grace period.
 */
async function mainInCluster(config: Config): Promise<void> {
  const cluster = await startClusterProcess(config);
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    cluster.app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), config.shutdownGraceMs + SHUTDOWN_BACKSTOP_MS).unref();
    await cluster.stop(config.shutdownGraceMs);
    cluster.app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await cluster.app.listen({ host: config.host, port: config.port });
}

/**
 * A failure to start, or a crash: printed (not logged: the logger may not exist yet) without job ids, since the
 * error may name a job's directory, and the process exits with status 1, as Node would.
 */
function exitWithError(error: unknown): never {
  console.error(
    redactJobIds(error instanceof ConfigError ? `Configuration error: ${error.message}` : inspect(error)),
  );
  process.exit(1);
}

process.on('uncaughtException', exitWithError);
main().catch(exitWithError);
