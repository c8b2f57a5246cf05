import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeServerDirs, startServerProcess, type ServerDirs, type ServerProcess } from './server-process.ts';
import { waitUntil } from './processes.ts';
import { freePort, redisCli as redisCliAt, startRedis as startRedisProcess } from './redis-process.ts';

/** A cluster on loopback ports: Debian's redis-server, HAProxy before two web processes, and job workers. */
export type Cluster = {
  /** HAProxy's address: what a visitor reaches. */
  proxyUrl: string;
  webs: ServerProcess[];
  workers: ServerProcess[];
  /** The job store every Quire process mounts. */
  jobRoot: string;
  redisPort: number;
  /** Runs a redis-cli command and returns its output. */
  redisCli: (...args: string[]) => Promise<string>;
  stopRedis: () => Promise<void>;
  startRedis: () => Promise<void>;
  startWorker: () => Promise<ServerProcess>;
  close: () => Promise<void>;
};

/** What every process of the test cluster shares; short lock and retention so faults show within seconds. */
function clusterEnv(redisPort: number, jobRoot: string): Record<string, string> {
  return {
    QUIRE_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    QUIRE_JOB_ROOT: jobRoot,
    QUIRE_JOB_LOCK_SECONDS: '3',
    QUIRE_JOB_RETENTION_SECONDS: '6',
    QUIRE_TEST_OPS: '1',
    QUIRE_WORKERS: '1',
    QUIRE_OFFICE_WORKERS: '1',
    QUIRE_SHUTDOWN_GRACE_SECONDS: '2',
    LOG_LEVEL: 'info',
  };
}

function stop(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** HAProxy as an operator would run it: checks /readyz, passes the client's address, a JSON 503 of its own. */
function haproxyConfig(
  proxyPort: number,
  webPorts: number[],
  errorFile: string,
  checkIntervalMs: number,
): string {
  return [
    'global',
    '  maxconn 1024',
    // As deploy/haproxy.cfg: 64 KB buffers carry uploads and results in a quarter of the pieces.
    '  tune.bufsize 65536',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 5m',
    '  timeout server 5m',
    '  timeout http-request 20s',
    `  errorfile 503 ${errorFile}`,
    'frontend public',
    `  bind 127.0.0.1:${proxyPort}`,
    '  option forwardfor',
    '  default_backend web',
    'backend web',
    // As deploy/haproxy.cfg: new work to the web process with the fewest open connections.
    '  balance leastconn',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    `  default-server inter ${checkIntervalMs}ms fall 2 rise 2`,
    ...webPorts.map((port, index) => `  server web${index + 1} 127.0.0.1:${port} check`),
    '',
  ].join('\n');
}

const PROXY_BUSY = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json',
  'Retry-After: 5',
  'Cache-Control: no-store',
  'Connection: close',
  '',
  '{"success":false,"error":{"code":"SERVER_BUSY","message":"The service is briefly unavailable. Please try again in a moment.","details":{"retryAfterSeconds":5}}}',
  '',
].join('\r\n');

export type ClusterOptions = {
  /** Worker processes to start. */
  workers?: number;
  /** Web processes behind HAProxy: 2 unless told (the fault tests kill one of them). */
  webs?: number;
  /** Added to every Quire process's environment (the bench's settings, say). */
  env?: Readonly<Record<string, string>>;
  /**
   * How often HAProxy checks each web process's /readyz: 300 ms by default, so that tests see a killed process
   * taken out at once; deploy/haproxy.cfg checks every 2 s.
   */
  checkIntervalMs?: number;
};

/** Starts Redis, the web processes (two unless told), the workers and HAProxy; resolves once HAProxy sees every web up. */
export async function startCluster({
  workers: workerCount = 2,
  webs: webCount = 2,
  env: extraEnv = {},
  checkIntervalMs = 300,
}: ClusterOptions = {}): Promise<Cluster> {
  const base: ServerDirs = await makeServerDirs('quire-cluster-');
  const jobRoot = join(base.base, 'store');
  await mkdir(jobRoot, { recursive: true });
  // The first start takes a free port; a restart (after `stopRedis`) takes the same one, which the cluster knows.
  const firstRedis = await startRedisProcess();
  const redisPort = firstRedis.port;
  let redis: ChildProcess | null = firstRedis.child;
  const redisCli = (...args: string[]) => redisCliAt(redisPort, ...args);
  const startRedis = async () => {
    redis = (await startRedisProcess(redisPort)).child;
    await redisCli('config', 'set', 'maxmemory-policy', 'noeviction');
  };
  const dirs: ServerDirs[] = [base];
  const started: ServerProcess[] = [];
  let haproxy: ChildProcess | null = null;
  const close = async () => {
    await stop(haproxy);
    await Promise.all(started.map((child) => stop(child.child)));
    await stop(redis);
    await Promise.all(dirs.map((made) => rm(made.base, { recursive: true, force: true })));
  };
  await redisCli('config', 'set', 'maxmemory-policy', 'noeviction');
  // A part that fails to start takes the others down with it: nothing is left running behind a failed set-up.
  try {
    const env = { ...clusterEnv(redisPort, jobRoot), ...extraEnv };
    const processDirs = async (name: string) => {
      const made = await makeServerDirs(`quire-cluster-${name}-`);
      dirs.push(made);
      return made;
    };
    const startWorker = async () => {
      const worker = await startServerProcess(await processDirs('worker'), { ...env, QUIRE_ROLE: 'worker' });
      started.push(worker);
      return worker;
    };
    const workers = await Promise.all(Array.from({ length: workerCount }, startWorker));
    const webs = await Promise.all(
      Array.from({ length: webCount }, async () => {
        const web = await startServerProcess(await processDirs('web'), {
          ...env,
          QUIRE_ROLE: 'web',
          QUIRE_TRUST_PROXY: '127.0.0.1',
        });
        started.push(web);
        return web;
      }),
    );
    const errorFile = join(base.base, 'busy.http');
    const configFile = join(base.base, 'haproxy.cfg');
    await writeFile(errorFile, PROXY_BUSY);
    const webPorts = webs.map((web) => Number(new URL(web.baseUrl).port));
    // A port found free may be taken before HAProxy binds it (test files run side by side): HAProxy then exits, and
    // whatever answers there is not this cluster's proxy. Another port is tried.
    let proxyUrl = '';
    for (let attempt = 1; proxyUrl === ''; attempt += 1) {
      const proxyPort = await freePort();
      await writeFile(configFile, haproxyConfig(proxyPort, webPorts, errorFile, checkIntervalMs));
      const proxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: 'ignore' });
      haproxy = proxy;
      const url = `http://127.0.0.1:${proxyPort}`;
      const status = await waitUntil(
        () =>
          fetch(`${url}/readyz`).then(
            (answer) => answer.status,
            () => 0,
          ),
        (answered) => answered === 200 || proxy.exitCode !== null,
        15_000,
      );
      if (proxy.exitCode === null && status === 200) proxyUrl = url;
      else if (proxy.exitCode === null || attempt === 5) throw new Error('HAProxy did not become ready');
    }
    return {
      proxyUrl,
      webs,
      workers,
      jobRoot,
      redisPort,
      redisCli,
      stopRedis: () => stop(redis, 'SIGKILL'),
      startRedis,
      startWorker: async () => {
        const worker = await startWorker();
        workers.push(worker);
        return worker;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
