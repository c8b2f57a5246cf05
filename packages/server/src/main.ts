import { inspect } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { redactJobIds } from './logging/redact-job-ids.ts';
import { startProcess } from './start-process.ts';

/** The last resort: a shutdown that has not ended this long after its grace period exits with status 1. */
const SHUTDOWN_BACKSTOP_MS = 15_000;

/**
 * Starts the process the configuration asks for (the all-in-one server, or a cluster's web or worker process:
 * `startProcess`), stops it on SIGTERM or SIGINT within the grace period, and listens once it is ready.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startProcess(config);
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    server.app.log.info({ signal }, 'signal received');
    setTimeout(() => process.exit(1), config.shutdownGraceMs + SHUTDOWN_BACKSTOP_MS).unref();
    await server.stop(config.shutdownGraceMs);
    server.app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await server.app.listen({ host: config.host, port: config.port });
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
