import { JOB_LANES, type JobLane } from '@quire/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { laneLimits, type Config } from '../config.ts';
import { createRunner } from '../create-runner.ts';
import { DirectoryJobStore } from '../jobs/job-store.ts';
import { loggerOptions } from '../logging/logger-options.ts';
import { registerHealthRoutes } from '../http/routes/health.ts';
import { cacheSample } from '../metrics/cache-sample.ts';
import { readWorkerMemory } from '../metrics/read-worker-memory.ts';
import { serveMetrics } from '../metrics/serve-metrics.ts';
import { createServiceMetrics, METRICS_SAMPLE_INTERVAL_MS } from '../metrics/service-metrics.ts';
import { ClientDiskLedger } from './client-disk-ledger.ts';
import { ClusterJobs } from './cluster-jobs.ts';
import { ClusterRunner } from './cluster-runner.ts';
import { ClusterWorker } from './cluster-worker.ts';
import { RedisProbeHistory } from './redis-probe-history.ts';
import { createCommandClient, createSubscriberClient } from './redis-client.ts';
import { sweepIntervalOf, sweepOrphans } from './sweep-orphans.ts';

/** What a cluster process runs, and how it stops (SIGTERM). */
export type ClusterProcess = {
  app: FastifyInstance;
  /** Stops taking work, lets running jobs end within `graceMs`, then stops the rest and closes. */
  stop: (graceMs: number) => Promise<void>;
};

/**
 * Starts one process of a cluster (`QUIRE_REDIS_URL` set): the web part (`QUIRE_ROLE=web`: the site and the API,
 * jobs queued in Redis), the worker part (`QUIRE_ROLE=worker`: takes jobs of `QUIRE_LANES` and runs them in its
 * own capped worker processes; answers only `/healthz` and `/readyz`), or both (`all`). Each serves its metrics on
 * its own address (`QUIRE_METRICS_ADDRESS`), before it takes any work, so that an address taken stops it at once.
 */
export async function startClusterProcess(config: Config): Promise<ClusterProcess> {
  const { redisUrl, role, lanes, jobLockMs } = config.cluster;
  if (redisUrl === null) throw new Error('cluster mode needs QUIRE_REDIS_URL');
  const redis = createCommandClient(redisUrl, role);
  const subscriber = createSubscriberClient(redisUrl, `${role}-events`);
  const store = new DirectoryJobStore(config.jobRoot);
  const hasWeb = role !== 'worker';
  const hasWorker = role !== 'web';

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
  const app = clusterRunner
    ? await buildApp(config, {
        runner: clusterRunner,
        cluster: {
          jobs: (metrics) =>
            new ClusterJobs(
              clusterRunner,
              store,
              (run) => ({ timeoutMs: run.timeoutMs, cpuLimitMs: config.jobCpuMs ?? run.timeoutMs }),
              metrics,
              { ledger: new ClientDiskLedger(redis), limitBytes: config.clientDiskBytes },
            ),
          isConnected: () => clusterRunner.isConnected,
          redis,
          probeHistory: new RedisProbeHistory(redis),
        },
      })
    : Fastify({ logger: loggerOptions(config.logLevel) });
  logOutages(app, redis, 'commands');
  logOutages(app, subscriber, 'events');

  let worker: ClusterWorker | null = null;
  const localRunner = hasWorker ? createWorkerRunner(config, lanes, app) : null;
  // The workers' memory, for the heartbeat and (in a worker process) the metrics: read at most once a second.
  const localMemory = localRunner && cacheSample(readWorkerMemory(localRunner), METRICS_SAMPLE_INTERVAL_MS);
  if (localRunner && localMemory) {
    worker = new ClusterWorker({
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
    });
    if (!hasWeb) {
      registerHealthRoutes(app, {
        runner: localRunner,
        isConnected: () => redis.status === 'ready' && isEveryLaneStaffed(localRunner.stats, lanes),
      });
    }
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
function createWorkerRunner(config: Config, lanes: readonly JobLane[], app: FastifyInstance) {
  const onCrash = (toolId: string | null, stack: string) =>
    app.log.error({ tool: toolId, stack }, 'engine failure');
  return createRunner(
    { ...config, clientMaxRunning: 64, clientMaxQueued: 10_000 },
    onCrash,
    mapLanes(laneLimits(config), ({ size }, lane) => ({
      size: lanes.includes(lane) ? size : 0,
      maxRunningPerClient: size,
    })),
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
  app: FastifyInstance,
  client: ReturnType<typeof createCommandClient>,
  name: string,
): void {
  let isDown = false;
  client.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    app.log.error({ connection: name, err: error.message }, 'Redis unreachable');
  });
  client.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    app.log.info({ connection: name }, 'Redis reachable again');
  });
}
