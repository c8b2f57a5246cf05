import { sweepOfficeDirs, type CageFactory, type JobRunner } from '@quire/engine';
import { JOB_LANES, type JobLane } from '@quire/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, buildWorkerApp, createFastify } from './app.ts';
import { ClientDiskLedger } from './cluster/client-disk-ledger.ts';
import { ClusterJobs } from './cluster/cluster-jobs.ts';
import { ClusterRunner } from './cluster/cluster-runner.ts';
import { ClusterWorker } from './cluster/cluster-worker.ts';
import { createCommandClient, createSubscriberClient } from './cluster/redis-client.ts';
import { RedisProbeHistory } from './cluster/redis-probe-history.ts';
import { sweepIntervalOf, sweepOrphans } from './cluster/sweep-orphans.ts';
import { laneLimits, type Config } from './config.ts';
import { createRunner } from './create-runner.ts';
import { DirectoryJobStore } from './jobs/job-store.ts';
import type { LogStream } from './logging/logger-options.ts';
import { cacheSample } from './metrics/cache-sample.ts';
import { readWorkerMemory } from './metrics/read-worker-memory.ts';
import { serveMetrics } from './metrics/serve-metrics.ts';
import { createServiceMetrics, METRICS_SAMPLE_INTERVAL_MS } from './metrics/service-metrics.ts';

/** A started Quire process, and how it stops (SIGTERM). */
export type ServerProcess = {
  app: FastifyInstance;
  /** Stops taking work, lets running jobs end within `graceMs`, then stops the rest and closes. */
  stop: (graceMs: number) => Promise<void>;
};

/** What tests may change of a process: where its log goes, and how its workers are caged. */
export type ProcessOptions = { logStream?: LogStream; cages?: CageFactory };

/** After the grace period, how long the stopped jobs' answers may take before the remaining connections are cut. */
const STOPPED_JOBS_ANSWER_MS = 2_000;

/**
 * Starts a Quire process, whatever its kind, in one order: its Fastify instance and logger first (whatever starts
 * next may log: a pool whose memory cage cannot be made says so and falls back to the watchdog), then its job store,
 * its pool of workers, its cluster parts, its routes, its metrics' address (before any work, so that an address
 * taken stops it at once), and last the work: warm workers, queues, sweeps.
 *
 * Without `QUIRE_REDIS_URL` it is the all-in-one server: its own pool (`JobRunner`) and its jobs in memory, its job
 * store emptied at start and stop. With it, the parts of `QUIRE_ROLE`: the web part (`web`: the site and the API,
 * jobs queued in Redis), the worker part (`worker`: takes jobs of `QUIRE_LANES` and runs them in its own pool;
 * answers only `/healthz` and `/readyz`), or both (`all`); a cluster's store is shared, so it is never emptied, and
 * every process sweeps the jobs no record owns.
 */
export async function startProcess(config: Config, options: ProcessOptions = {}): Promise<ServerProcess> {
  const app = createFastify(config, options.logStream);
  const logCrash = (toolId: string | null, stack: string) =>
    app.log.error({ tool: toolId, stack }, 'engine failure');
  return config.cluster.redisUrl === null
    ? startAllInOne(app, config, logCrash, options.cages)
    : startClusterProcess(app, config, config.cluster.redisUrl, logCrash, options.cages);
}

type LogCrash = (toolId: string | null, stack: string) => void;

async function startAllInOne(
  app: FastifyInstance,
  config: Config,
  logCrash: LogCrash,
  cages: CageFactory | undefined,
): Promise<ServerProcess> {
  // What a crash or a kill may have left: job directories, and LibreOffice directories of processes now gone.
  const store = new DirectoryJobStore(config.jobRoot);
  const swept = await store.clear();
  const sweptOffice = await sweepOfficeDirs();
  const runner = createRunner(config, logCrash, {}, cages);
  await buildApp(app, config, { runner, store, ...(config.testOps ? { testOps: runner } : {}) });
  const metricsServer = await serveMetrics(app.serviceMetrics, config.metricsAddress, app.log);
  app.log.info(
    { memoryCap: runner.cageKind, jobMemoryMb: config.jobMemoryBytes / 2 ** 20 },
    'job workers started',
  );
  if (swept + sweptOffice > 0) {
    app.log.warn({ jobs: swept, office: sweptOffice }, 'removed directories left by an earlier run');
  }
  // The first visitors find warm workers, not a queue behind their start.
  await runner.whenReady();
  return {
    app,
    /**
     * Stops accepting connections (readiness turns 503), lets running jobs finish within the grace period, then
     * stops the rest (their clients get 503, their processes are killed), cuts connections still uploading and
     * removes every file.
     */
    stop: async (graceMs) => {
      app.log.info({ graceSeconds: graceMs / 1000, lanes: runner.stats }, 'shutting down');
      app.beginShutdown();
      const closed = app.close();
      const isGraceOver = await Promise.race([
        closed.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
      ]);
      if (isGraceOver) {
        app.log.warn({ lanes: runner.stats }, 'grace period over: stopping the jobs still running');
      }
      await runner.close();
      if (isGraceOver) {
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, STOPPED_JOBS_ANSWER_MS))]);
        app.server.closeAllConnections();
      }
      await closed;
      await metricsServer?.close();
      await store.clear();
      await sweepOfficeDirs({ includeOwn: true });
    },
  };
}

/**
 * A process of a cluster: its job store is shared, so it never empties it (each job's directory goes with its job,
 * and `sweepOrphans` takes what killed processes left); a stop lets running jobs end within the grace period.
 */
async function startClusterProcess(
  app: FastifyInstance,
  config: Config,
  redisUrl: string,
  logCrash: LogCrash,
  cages: CageFactory | undefined,
): Promise<ServerProcess> {
  const { role, lanes, jobLockMs } = config.cluster;
  const store = new DirectoryJobStore(config.jobRoot);
  const hasWeb = role !== 'worker';
  const hasWorker = role !== 'web';
  const localRunner = hasWorker ? createWorkerRunner(config, lanes, logCrash, cages) : null;
  const redis = createCommandClient(redisUrl, role);
  const subscriber = createSubscriberClient(redisUrl, `${role}-events`);
  logOutages(app.log, redis, 'commands');
  logOutages(app.log, subscriber, 'events');

  const clusterRunner = hasWeb
    ? new ClusterRunner({
        store,
        redis,
        subscriber,
        maxQueue: mapLanes(laneLimits(config), (limit) => limit.maxQueue),
        maxPerClient: config.clientMaxRunning + config.clientMaxQueued,
        maxQueuedPerClient: config.clientMaxQueued,
        retentionMs: config.jobRetentionMs,
      })
    : null;
  // The workers' memory, for the heartbeat and (in a worker process) the metrics: read at most once a second.
  const localMemory = localRunner && cacheSample(readWorkerMemory(localRunner), METRICS_SAMPLE_INTERVAL_MS);
  const worker =
    localRunner && localMemory
      ? new ClusterWorker({
          redisUrl,
          redis,
          subscriber: hasWeb ? createSubscriberClient(redisUrl, `${role}-cancels`) : subscriber,
          store,
          lanes,
          runner: localRunner,
          concurrency: mapLanes(laneLimits(config), (limit) => limit.size),
          lockMs: jobLockMs,
          retentionMs: config.jobRetentionMs,
          workerMemory: localMemory,
          onError: (message, error) => app.log.error({ err: error }, message),
        })
      : null;

  if (clusterRunner) {
    await buildApp(app, config, {
      runner: clusterRunner,
      ...(config.testOps ? { testOps: clusterRunner } : {}),
      store,
      cluster: {
        jobs: (metrics) =>
          new ClusterJobs(clusterRunner, store, metrics, {
            ledger: new ClientDiskLedger(redis),
            limitBytes: config.clientDiskBytes,
          }),
        isConnected: () => clusterRunner.isConnected,
        redis,
        probeHistory: new RedisProbeHistory(redis),
      },
    });
  } else if (localRunner) {
    buildWorkerApp(app, {
      runner: localRunner,
      isConnected: () => redis.status === 'ready' && isEveryLaneStaffed(localRunner.stats, lanes),
    });
  }
  // A web process's metrics: the cluster's queues and workers (from Redis), its own jobs' waits and durations; a
  // worker process's: its own pool.
  const metricsServer = await serveMetrics(
    localRunner && localMemory && !hasWeb
      ? createServiceMetrics(localRunner, { readWorkerMemory: localMemory })
      : app.serviceMetrics,
    config.metricsAddress,
    app.log,
  );
  if (clusterRunner) await clusterRunner.start();
  if (localRunner && worker) {
    await localRunner.whenReady();
    await worker.start();
  }

  const sweeper = setInterval(() => {
    void sweepOrphans(store, redis, config.jobRetentionMs)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'removed job directories no job owns'))
      .catch(() => undefined);
  }, sweepIntervalOf(config.jobRetentionMs));
  sweeper.unref();
  app.log.info({ role, lanes: hasWorker ? lanes : [] }, 'cluster process started');

  return {
    app,
    stop: async (graceMs) => {
      app.log.info({ graceSeconds: graceMs / 1000 }, 'shutting down');
      clearInterval(sweeper);
      app.beginShutdown?.();
      const closed = app.close();
      if (worker) {
        // Running jobs may finish within the grace period; then they are stopped and run again elsewhere.
        const finished = await Promise.race([
          worker.close().then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
        ]);
        if (!finished) await worker.close(true);
      }
      await localRunner?.close();
      await clusterRunner?.close();
      await closed;
      await metricsServer?.close();
      await Promise.all([redis.quit(), subscriber.quit()].map((quit) => quit.catch(() => undefined)));
    },
  };
}

/** The worker part's own pool: only its lanes get processes, and fair share is the web side's (in Redis). */
function createWorkerRunner(
  config: Config,
  lanes: readonly JobLane[],
  logCrash: LogCrash,
  cages: CageFactory | undefined,
): JobRunner {
  return createRunner(
    { ...config, clientMaxRunning: 64, clientMaxQueued: 10_000 },
    logCrash,
    mapLanes(laneLimits(config), ({ size }, lane) => ({
      size: lanes.includes(lane) ? size : 0,
      maxRunningPerClient: size,
    })),
    cages,
  );
}

function mapLanes<T, U>(values: Record<JobLane, T>, map: (value: T, lane: JobLane) => U): Record<JobLane, U> {
  return Object.fromEntries(JOB_LANES.map((lane) => [lane, map(values[lane], lane)])) as Record<JobLane, U>;
}

function isEveryLaneStaffed(stats: Record<JobLane, { size: number }>, lanes: readonly JobLane[]): boolean {
  return JOB_LANES.every((lane) => !lanes.includes(lane) || stats[lane].size > 0);
}

/** One line when Redis goes away and one when it is back, not one per reconnection attempt. */
function logOutages(
  log: FastifyBaseLogger,
  client: ReturnType<typeof createCommandClient>,
  name: string,
): void {
  let isDown = false;
  client.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    log.error({ connection: name, err: error.message }, 'Redis unreachable');
  });
  client.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    log.info({ connection: name }, 'Redis reachable again');
  });
}
