import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { CagePreference } from '@quire/engine';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  HEADERS_TIMEOUT_MS,
  JOB_RETENTION_MS,
  REQUEST_TIMEOUT_MS,
  type JobLane,
} from '@quire/shared';
import ipaddr from 'ipaddr.js';
import { ClusterConfigError, readClusterConfig, type ClusterConfig } from './cluster/cluster-config.ts';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Server settings. This file is the only reader of `process.env`; `.env.example` lists every variable. */
export type Config = Readonly<{
  host: string;
  port: number;
  /** Where each request gets its private directory; swept at start. */
  jobRoot: string;
  /** The prerendered site (`packages/web/build/client`). */
  webRoot: string;
  /** PDF jobs that run at once (one worker process each) and jobs that may wait behind them. */
  workers: number;
  maxQueue: number;
  /** Office conversions (LibreOffice) that run at once, and conversions that may wait behind them. */
  officeWorkers: number;
  officeMaxQueue: number;
  /** OCR jobs that run at once (each reads two pages at a time, one core each), and jobs that may wait. */
  ocrWorkers: number;
  ocrMaxQueue: number;
  /** A worker whose PDF engine (MuPDF's WebAssembly memory, which never shrinks) grew past this is replaced. */
  workerMaxHeapBytes: number;
  /** Memory one job may use: its worker process and every program it starts, together (a cgroup or the watchdog). */
  jobMemoryBytes: number;
  /** CPU time one job's processes may use together; null: the job's wall-clock limit. */
  jobCpuMs: number | null;
  /** How worker memory is capped: a cgroup where the machine allows (`auto`), or only the watchdog. */
  memoryCap: CagePreference;
  /** The largest file one job may write, its result included. */
  maxOutputBytes: number;
  /** Disk all job directories may take together; past it new jobs get 503 with Retry-After. */
  jobDiskBytes: number;
  /** An answer that makes no progress for this long is aborted and its files removed. */
  sendIdleTimeoutMs: number;
  /** Fair share: jobs one client may run at once per lane, and have waiting in all lanes together. */
  clientMaxRunning: number;
  clientMaxQueued: number;
  /** Job event streams (`GET /api/v1/jobs/{id}/events`) one client may have open at once; more get 429. */
  clientMaxStreams: number;
  /**
   * The job disk one client's uploads, jobs in progress and results waiting to be fetched may take together; past
   * it, 429 `DISK_SHARE_FULL`. By default an eighth of `jobDiskBytes`, from 1 GiB (or all of it, if smaller) to
   * 2 GiB.
   */
  clientDiskBytes: number;
  /** Wall-clock limit of Office conversions for requests without an API key. */
  anonymousOfficeTimeoutMs: number;
  /** Test-only operations (`POST /api/test-ops/...`) for tests that need a job slow, greedy or large on purpose. */
  testOps: boolean;
  /** Overrides every tool's wall-clock limit (the registry's `timeoutMs`) when set; null keeps the registry's. */
  jobTimeoutMs: number | null;
  /** On SIGTERM, how long running jobs may take to finish before they are stopped. */
  shutdownGraceMs: number;
  /** Deadlines for slow clients: all request headers, and the whole request with its body (then 408 and close). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * The reverse proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges); `false` believes none, so
   * the client is the connection's peer.
   */
  trustProxy: false | readonly string[];
  /** Tool requests per minute per client without an API key; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Bearer tokens that lift the rate limit (part A.10). */
  apiKeys: readonly string[];
  /** Where the server keeps its own data (the status probes' SQLite file); never visitors' files. */
  dataDir: string;
  /** Seconds between two rounds of status probes; 0 turns them off. */
  statusProbeSeconds: number;
  /** The operator's scheduled maintenance, shown on the status page. */
  maintenanceFile: string;
  /**
   * How long an ended job waits for its result to be fetched before it is deleted unread: 10 minutes, the promise
   * the site makes; an operator (or a test) may make it shorter, never longer.
   */
  jobRetentionMs: number;
  /** Running as several processes around Redis (`QUIRE_REDIS_URL`, `QUIRE_ROLE`, `QUIRE_LANES`). */
  cluster: ClusterConfig;
  /** Where `GET /metrics` is served, apart from the site (`QUIRE_METRICS_ADDRESS`); null: nowhere. */
  metricsAddress: MetricsAddress | null;
}>;

/** A host (an address or a name) and a port; port 0 takes any free port. */
export type MetricsAddress = Readonly<{ host: string; port: number }>;

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = resolve(PACKAGE_ROOT, '../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MEBIBYTE = 1024 * 1024;
const MAX_DEFAULT_JOB_DISK_BYTES = 20 * 1024 * MEBIBYTE;
/**
 * A client's share of the job disk, by default: an eighth of it (eight clients fill it), at most 2 GiB, and at
 * least 1 GiB (the largest upload and a large result, so that one client's one big job always fits) unless the
 * whole budget is smaller.
 */
const DEFAULT_CLIENT_DISK_FRACTION = 1 / 8;
const MAX_DEFAULT_CLIENT_DISK_BYTES = 2 * 1024 * MEBIBYTE;
const MIN_DEFAULT_CLIENT_DISK_BYTES = 1024 * MEBIBYTE;

function defaultClientDiskBytes(jobDiskBytes: number): number {
  const floor = Math.min(jobDiskBytes, MIN_DEFAULT_CLIENT_DISK_BYTES);
  return Math.min(
    MAX_DEFAULT_CLIENT_DISK_BYTES,
    Math.max(floor, Math.floor(jobDiskBytes * DEFAULT_CLIENT_DISK_FRACTION)),
  );
}

/** The lesser of 20 GiB and half the space free where the job root is (or would be) when the server starts. */
function defaultJobDiskBytes(jobRoot: string): number {
  for (let dir = jobRoot; ; dir = dirname(dir)) {
    try {
      const stats = statfsSync(dir);
      return Math.min(MAX_DEFAULT_JOB_DISK_BYTES, Math.floor((stats.bavail * stats.bsize) / 2));
    } catch {
      if (dirname(dir) === dir) return MAX_DEFAULT_JOB_DISK_BYTES;
    }
  }
}

/** Each lane's job slots and queue, as configured. */
export function laneLimits(config: Config): Record<JobLane, { size: number; maxQueue: number }> {
  return {
    pdf: { size: config.workers, maxQueue: config.maxQueue },
    office: { size: config.officeWorkers, maxQueue: config.officeMaxQueue },
    ocr: { size: config.ocrWorkers, maxQueue: config.ocrMaxQueue },
  };
}

export class ConfigError extends Error {}

function readCluster(env: NodeJS.ProcessEnv): ClusterConfig {
  try {
    return readClusterConfig(env);
  } catch (error) {
    throw error instanceof ClusterConfigError ? new ConfigError(error.message) : error;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const jobRoot = resolve(env.QUIRE_JOB_ROOT?.trim() || join(tmpdir(), 'quire-jobs'));
  const jobDiskBytes = env.QUIRE_JOB_DISK_MB?.trim()
    ? readInteger(env, 'QUIRE_JOB_DISK_MB', 20_480, 1, 1_073_741_824) * MEBIBYTE
    : defaultJobDiskBytes(jobRoot);
  return Object.freeze({
    // The defaults are shared with the build, whose pages name this address when QUIRE_PUBLIC_ORIGIN is unset.
    host: env.HOST?.trim() || DEFAULT_HOST,
    port: readInteger(env, 'PORT', DEFAULT_PORT, 0, 65535),
    jobRoot,
    webRoot: resolve(env.QUIRE_WEB_ROOT?.trim() || join(PACKAGE_ROOT, '../web/build/client')),
    workers: readInteger(env, 'QUIRE_WORKERS', 2, 1, 64),
    maxQueue: readInteger(env, 'QUIRE_MAX_QUEUE', 32, 0, 10_000),
    officeWorkers: readInteger(env, 'QUIRE_OFFICE_WORKERS', 2, 1, 16),
    officeMaxQueue: readInteger(env, 'QUIRE_OFFICE_MAX_QUEUE', 8, 0, 1_000),
    ocrWorkers: readInteger(env, 'QUIRE_OCR_WORKERS', 2, 1, 16),
    ocrMaxQueue: readInteger(env, 'QUIRE_OCR_MAX_QUEUE', 8, 0, 1_000),
    workerMaxHeapBytes: readInteger(env, 'QUIRE_WORKER_MAX_HEAP_MB', 512, 64, 65_536) * 1024 * 1024,
    jobMemoryBytes: readInteger(env, 'QUIRE_JOB_MEMORY_MB', 1024, 128, 1_048_576) * MEBIBYTE,
    jobCpuMs: env.QUIRE_JOB_CPU_SECONDS?.trim()
      ? readInteger(env, 'QUIRE_JOB_CPU_SECONDS', 60, 1, 86_400) * 1000
      : null,
    memoryCap: readChoice(env, 'QUIRE_MEMORY_CAP', ['auto', 'cgroup', 'watchdog'] as const, 'auto'),
    maxOutputBytes: readInteger(env, 'QUIRE_MAX_OUTPUT_MB', 512, 1, 1_048_576) * MEBIBYTE,
    jobDiskBytes,
    sendIdleTimeoutMs: readInteger(env, 'QUIRE_SEND_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000),
    clientMaxRunning: readInteger(env, 'QUIRE_CLIENT_MAX_RUNNING', 1, 1, 64),
    clientMaxQueued: readInteger(env, 'QUIRE_CLIENT_MAX_QUEUED', 3, 0, 10_000),
    clientMaxStreams: readInteger(env, 'QUIRE_CLIENT_MAX_STREAMS', 8, 1, 10_000),
    clientDiskBytes: env.QUIRE_CLIENT_DISK_MB?.trim()
      ? readInteger(env, 'QUIRE_CLIENT_DISK_MB', 2_048, 1, 1_073_741_824) * MEBIBYTE
      : defaultClientDiskBytes(jobDiskBytes),
    anonymousOfficeTimeoutMs: readInteger(env, 'QUIRE_ANONYMOUS_OFFICE_TIMEOUT_SECONDS', 60, 1, 3_600) * 1000,
    testOps: env.QUIRE_TEST_OPS?.trim() === '1',
    jobTimeoutMs: env.QUIRE_JOB_TIMEOUT_SECONDS?.trim()
      ? readInteger(env, 'QUIRE_JOB_TIMEOUT_SECONDS', 60, 1, 3_600) * 1000
      : null,
    shutdownGraceMs: readInteger(env, 'QUIRE_SHUTDOWN_GRACE_SECONDS', 20, 0, 3_600) * 1000,
    ...readClientDeadlines(env),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: readProxies(env),
    rateLimitPerMinute: readInteger(
      env,
      'QUIRE_RATE_LIMIT_PER_MINUTE',
      DEFAULT_RATE_LIMIT_PER_MINUTE,
      0,
      1_000_000,
    ),
    apiKeys: readApiKeys(env),
    dataDir: resolve(env.QUIRE_DATA_DIR?.trim() || join(REPO_ROOT, '.quire/data')),
    statusProbeSeconds: readInteger(env, 'QUIRE_STATUS_PROBE_SECONDS', 60, 0, 86_400),
    maintenanceFile: resolve(
      env.QUIRE_MAINTENANCE_FILE?.trim() || join(REPO_ROOT, 'content/status/maintenance.json'),
    ),
    jobRetentionMs:
      readInteger(env, 'QUIRE_JOB_RETENTION_SECONDS', JOB_RETENTION_MS / 1000, 1, JOB_RETENTION_MS / 1000) *
      1000,
    cluster: readCluster(env),
    metricsAddress: readMetricsAddress(env),
  });
}

const DEFAULT_METRICS_ADDRESS = '127.0.0.1:9464';

/**
 * `QUIRE_METRICS_ADDRESS`: `host:port` (`[::1]:9464` for IPv6), or `off`. Loopback by default: the metrics describe
 * the service (queues, workers, memory, the Node version) and are for the operator's Prometheus, not the public.
 */
function readMetricsAddress(env: NodeJS.ProcessEnv): MetricsAddress | null {
  const raw = env.QUIRE_METRICS_ADDRESS?.trim() || DEFAULT_METRICS_ADDRESS;
  if (raw === 'off') return null;
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(raw);
  const [, ipv6, name, port] = match ?? [];
  const host = ipv6 ?? name;
  const isHost = ipv6 !== undefined ? ipaddr.IPv6.isValid(ipv6) : name !== undefined && isHostName(name);
  if (host === undefined || !isHost || Number(port) > 65535) {
    throw new ConfigError(
      `QUIRE_METRICS_ADDRESS must be host:port (e.g. 127.0.0.1:9464, [::1]:9464 or 0.0.0.0:9464) or off, not "${raw}".`,
    );
  }
  return Object.freeze({ host, port: Number(port) });
}

/** An IPv4 address in four decimal parts, or a DNS name. */
function isHostName(name: string): boolean {
  if (/^[\d.]+$/.test(name)) return ipaddr.IPv4.isValidFourPartDecimal(name);
  return name.split('.').every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
}

/** `QUIRE_HEADERS_TIMEOUT_MS` and `QUIRE_REQUEST_TIMEOUT_MS`; the headers are part of the request, so come first. */
function readClientDeadlines(env: NodeJS.ProcessEnv): { headersTimeoutMs: number; requestTimeoutMs: number } {
  const headersTimeoutMs = readInteger(env, 'QUIRE_HEADERS_TIMEOUT_MS', HEADERS_TIMEOUT_MS, 100, 600_000);
  const requestTimeoutMs = readInteger(env, 'QUIRE_REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS, 100, 3_600_000);
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new ConfigError(
      `QUIRE_REQUEST_TIMEOUT_MS (${requestTimeoutMs}) must be at least QUIRE_HEADERS_TIMEOUT_MS (${headersTimeoutMs}).`,
    );
  }
  return { headersTimeoutMs, requestTimeoutMs };
}

/** `QUIRE_TRUST_PROXY`: a comma-separated list of proxy addresses or CIDR ranges, or `false` (the default). */
function readProxies(env: NodeJS.ProcessEnv): false | readonly string[] {
  const raw = env.QUIRE_TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const isValid =
      address !== undefined &&
      ipaddr.isValid(address) &&
      (bits === undefined ||
        (/^\d+$/.test(bits) && Number(bits) <= (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128)));
    if (!isValid) {
      throw new ConfigError(
        `QUIRE_TRUST_PROXY must list the proxies' addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), not "${entry}".`,
      );
    }
  }
  return Object.freeze(entries);
}

/** `QUIRE_API_KEYS`: comma-separated bearer tokens, each at least 24 characters of [A-Za-z0-9._~-]. */
function readApiKeys(env: NodeJS.ProcessEnv): readonly string[] {
  const keys = (env.QUIRE_API_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  for (const key of keys) {
    if (!/^[A-Za-z0-9._~-]{24,256}$/.test(key)) {
      throw new ConfigError(
        'QUIRE_API_KEYS must hold tokens of 24 to 256 letters, digits or . _ ~ - (for example from `openssl rand -hex 32`).',
      );
    }
  }
  return Object.freeze(keys);
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}

function readChoice<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}, not "${raw}".`);
  }
  return raw as T;
}
