import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { MAX_CONNECTIONS } from '@quire/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Runner, TestOpRunner } from './runner.ts';
import { shareClientSecret } from './cluster/client-secret.ts';
import { RedisStreamShare } from './cluster/redis-stream-share.ts';
import { ClientCodes } from './http/client-key.ts';
import { countRefusals } from './http/count-refusals.ts';
import { answerClientError, registerErrorHandler } from './http/error-handler.ts';
import { registerHealthRoutes } from './http/routes/health.ts';
import { registerJobRoutes } from './http/routes/jobs.ts';
import { registerSiteRoutes } from './http/routes/site.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createToolGuards, hasSecretHeader } from './http/rate-limit.ts';
import { registerOpenApiRoute } from './http/routes/openapi.ts';
import { registerStatusRoutes } from './http/routes/status.ts';
import { registerTestOpRoutes } from './http/routes/test-ops.ts';
import { registerToolRoutes } from './http/routes/tools.ts';
import type { JobBackend } from './jobs/job-backend.ts';
import type { JobStore } from './jobs/job-store.ts';
import { AsyncJobs } from './jobs/async-jobs.ts';
import { LocalJobs } from './jobs/local-jobs.ts';
import { loggerOptions, type LogStream } from './logging/logger-options.ts';
import { DiskBudget } from './jobs/disk-budget.ts';
import { LocalStreamShare } from './jobs/stream-share.ts';
import { createServiceMetrics, type ServiceMetrics } from './metrics/service-metrics.ts';
import { PROBE_HEADER } from './status/run-probes.ts';
import type { ProbeHistory } from './status/probe-history.ts';
import { ProbeStore } from './status/probe-store.ts';
import { StatusService } from './status/status-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live status: probes on a schedule, the report of `GET /api/status`. */
    statusService: StatusService;
    /** The metrics, served apart from the site (`metrics/serve-metrics.ts`). */
    serviceMetrics: ServiceMetrics;
  }
}

export type AppDeps = {
  runner: Runner;
  /** With `QUIRE_TEST_OPS=1` only: the runner of the test-only ops, which get their routes. */
  testOps?: TestOpRunner;
  /** Where every job's files live (`JobStore.create` makes each job's id and directory). */
  store: JobStore;
  /** Cluster mode: the asynchronous jobs live in Redis, and readiness is Redis answering. */
  cluster?: {
    jobs: (metrics: ServiceMetrics) => JobBackend;
    isConnected: () => boolean;
    redis: Redis;
    probeHistory: ProbeHistory;
  };
};

/** How often Node looks for connections past their header or request deadline. */
const DEADLINE_CHECK_INTERVAL_MS = 1_000;

/**
 * The Fastify instance of a process, with its logger and no routes yet: a process makes it first, so that whatever
 * it starts next (its pool of workers, which may report a failure as it starts) has a logger to report to.
 * `logStream`: where the log goes, standard output unless told (tests read it).
 */
export function createFastify(config: Config, logStream?: LogStream): FastifyInstance {
  const app = Fastify({
    // Slow clients are cut off by Node's own deadlines (408, then close), checked every second instead of Node's
    // default 30 s; idle keep-alive sockets close after 5 s.
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(DEADLINE_CHECK_INTERVAL_MS, config.headersTimeoutMs),
    },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    clientErrorHandler: answerClientError,
    // Requests are logged by id, method and path, and job ids never (logging/logger-options.ts).
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy === false ? false : [...config.trustProxy],
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // A shutdown refuses tool requests with our own error body (http/routes/health.ts), not Fastify's.
    return503OnClosing: false,
  });
  app.server.maxConnections = MAX_CONNECTIONS;
  return app;
}

/** A cluster's worker process serves no site and no API: only `/healthz` and `/readyz`. */
export function buildWorkerApp(
  app: FastifyInstance,
  deps: { runner: Runner; isConnected: () => boolean },
): void {
  registerHealthRoutes(app, deps);
}

/**
 * Builds the HTTP application on `app` (from `createFastify`) without listening, so tests can call it in-process with
 * `inject`.
 */
export async function buildApp(
  app: FastifyInstance,
  config: Config,
  { runner, testOps, store, cluster }: AppDeps,
): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  registerHealthRoutes(app, { runner, ...(cluster ? { isConnected: cluster.isConnected } : {}) });
  const metrics = createServiceMetrics(runner);
  app.decorate('serviceMetrics', metrics);
  countRefusals(app, metrics);
  const status = new StatusService({
    history: cluster?.probeHistory ?? new ProbeStore(join(config.dataDir, 'status.sqlite')),
    maintenanceFile: config.maintenanceFile,
    probeIntervalSeconds: config.statusProbeSeconds,
  });
  app.decorate('statusService', status);
  app.addHook('onReady', async () => status.start(app));
  app.addHook('onClose', async () => status.close());
  registerStatusRoutes(app, status);
  registerOpenApiRoute(app, { rateLimitPerMinute: config.rateLimitPerMinute });
  const codes = new ClientCodes();
  if (cluster) await shareClientSecret(cluster.redis, codes);
  const guards = await createToolGuards(app, {
    perMinute: config.rateLimitPerMinute,
    codes,
    apiKeys: config.apiKeys,
    isProbe: (request) => hasSecretHeader(request, PROBE_HEADER, status.probeToken),
    redis: cluster?.redis,
  });
  const jobAnswers = {
    store,
    diskBudget: new DiskBudget(config.jobDiskBytes, config.clientDiskBytes),
    sendIdleTimeoutMs: config.sendIdleTimeoutMs,
  };
  const toolRuns = {
    ...jobAnswers,
    runner,
    guards,
    jobTimeoutMs: config.jobTimeoutMs,
    jobCpuMs: config.jobCpuMs,
    anonymousOfficeTimeoutMs: config.anonymousOfficeTimeoutMs,
    metrics,
  };
  registerToolRoutes(app, toolRuns);
  registerJobRoutes(app, {
    ...toolRuns,
    identify: guards[0],
    jobs: cluster?.jobs(metrics) ?? new LocalJobs(toolRuns, store, new AsyncJobs(config.jobRetentionMs)),
    // Each client's open event streams: counted in Redis for every web process of a cluster.
    streams: cluster
      ? new RedisStreamShare(cluster.redis, config.clientMaxStreams)
      : new LocalStreamShare(config.clientMaxStreams),
  });
  if (config.testOps && testOps) {
    registerTestOpRoutes(app, { ...jobAnswers, runner: testOps, guards, jobCpuMs: config.jobCpuMs });
  }
  await registerSiteRoutes(app, config.webRoot);
}
