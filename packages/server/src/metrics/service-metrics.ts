import type { Runner } from '../runner.ts';
import { JOB_LANES, TOOL_IDS, type JobLane, type ToolId } from '@quire/shared';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { cacheSample } from './cache-sample.ts';
import { readWorkerMemory } from './read-worker-memory.ts';

/** Seconds a job may wait for a worker or run, as the histograms' buckets: from a quick rotate to the limits. */
const WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120];
const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
/** What is read from `/proc` (the workers' memory, the process's own figures) is read at most this often. */
export const METRICS_SAMPLE_INTERVAL_MS = 1_000;

/** What the HTTP side reports: a job's wait and outcome, and each refusal (429, 503). */
export type ServiceMetrics = {
  /** The Prometheus text of every metric, as of now but for what is sampled (at most a second old). */
  render(): Promise<string>;
  readonly contentType: string;
  /** Resident memory of each lane's workers, sampled at most once a second. */
  workerMemory(): Promise<Record<JobLane, number>>;
  jobStarted(lane: JobLane, waitedMs: number): void;
  /** A job ran (or failed) after `seconds` from its submission; `outcome` is `ok` or the error's code. */
  jobFinished(toolId: ToolId, outcome: string, seconds: number): void;
  refused(status: 429 | 503): void;
};

export type ServiceMetricsOptions = {
  /** Reads the workers' memory now (by default from the runner: `read-worker-memory.ts`). */
  readWorkerMemory?: () => Promise<Record<JobLane, number>>;
  /** The clock of the samples' ages, in milliseconds. */
  now?: () => number;
};

/**
 * The metrics of `GET /metrics` (served on their own address: `serve-metrics.ts`), in Prometheus' text format, all
 * named `quire_*`: jobs waiting and running and the workers of each lane (read from the runner when scraped), how
 * long jobs waited for a worker, how long they took by tool and outcome, refusals by status, the workers' resident
 * memory, and the server process's own figures. Labels are bounded (lanes, tools, error codes, two statuses):
 * nothing of a visitor's, no job id, no path, no file name.
 *
 * A scrape costs the event loop only the serialising: what is read from `/proc` (the workers' memory, read
 * asynchronously, and prom-client's figures of the process, which it reads synchronously) is read at most once a
 * second, however many scrape, and every scrape in between gets the last reading.
 */
export function createServiceMetrics(
  runner: Runner,
  { readWorkerMemory: read = readWorkerMemory(runner), now }: ServiceMetricsOptions = {},
): ServiceMetrics {
  const registry = new Registry();
  const processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry, prefix: 'quire_server_' });
  const processText = cacheSample(() => processRegistry.metrics(), METRICS_SAMPLE_INTERVAL_MS, now);
  const workerMemory = cacheSample(read, METRICS_SAMPLE_INTERVAL_MS, now);

  const laneGauge = (
    name: string,
    help: string,
    values: () => Record<JobLane, number> | Promise<Record<JobLane, number>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['lane'],
      registers: [registry],
      async collect() {
        const byLane = await values();
        for (const lane of JOB_LANES) this.set({ lane }, byLane[lane]);
      },
    });
  const fromStats = (field: 'queued' | 'running' | 'size') => () => {
    const stats = runner.stats;
    return Object.fromEntries(JOB_LANES.map((lane) => [lane, stats[lane][field]])) as Record<JobLane, number>;
  };
  laneGauge('quire_jobs_waiting', 'Jobs waiting for a worker, per lane.', fromStats('queued'));
  laneGauge('quire_jobs_running', 'Jobs running in a worker, per lane.', fromStats('running'));
  laneGauge('quire_workers', 'Worker processes, per lane.', fromStats('size'));
  laneGauge(
    'quire_worker_memory_bytes',
    "Resident memory of a lane's worker processes and the programs they run.",
    workerMemory,
  );

  const waited = new Histogram({
    name: 'quire_job_wait_seconds',
    help: 'Time from a job being submitted to a worker taking it, per lane.',
    labelNames: ['lane'],
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'quire_job_duration_seconds',
    help: 'Time from a job being submitted to its result or error, by tool and outcome (ok or the error code).',
    labelNames: ['tool', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'quire_refusals_total',
    help: 'Requests refused for lack of room: 429 (rate limit, fair share) and 503 (busy, disk, stopping).',
    labelNames: ['status'],
    registers: [registry],
  });
  // Every series exists from the start, at zero, so that rates and alerts see them before the first event.
  for (const lane of JOB_LANES) waited.zero({ lane });
  for (const tool of TOOL_IDS) durations.zero({ tool, outcome: 'ok' });
  for (const status of ['429', '503']) refusals.inc({ status }, 0);

  return {
    // Two registries, one text (each ends its lines): the process's figures, cached, and the service's, live.
    render: async () => (await processText()) + (await registry.metrics()),
    contentType: registry.contentType,
    workerMemory,
    jobStarted: (lane, waitedMs) => waited.observe({ lane }, waitedMs / 1000),
    jobFinished: (tool, outcome, seconds) => durations.observe({ tool, outcome }, seconds),
    refused: (status) => refusals.inc({ status: String(status) }),
  };
}
