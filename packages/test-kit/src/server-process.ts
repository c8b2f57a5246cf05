import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 60_000;

/** Every place a server started by a test may write: its job root, data dir, TMPDIR and HOME. */
export type ServerDirs = { base: string; jobRoot: string; dataDir: string; tmp: string; home: string };

export async function makeServerDirs(prefix: string): Promise<ServerDirs> {
  const base = await mkdtemp(join(tmpdir(), prefix));
  const dirs = {
    base,
    jobRoot: join(base, 'jobs'),
    dataDir: join(base, 'data'),
    tmp: join(base, 'tmp'),
    home: join(base, 'home'),
  };
  await Promise.all([dirs.tmp, dirs.home].map((dir) => mkdir(dir)));
  return dirs;
}

export type ServerProcess = {
  baseUrl: string;
  /** Where its metrics are served (`QUIRE_METRICS_ADDRESS`: a free loopback port unless told), or null if off. */
  metricsUrl: string | null;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed on stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts the built server (`packages/server/dist/main.js`, as `npm start` does) on a free port of 127.0.0.1 with
 * `dirs` as its only places to write, and resolves once it listens. Its output is kept for the test to read.
 */
export async function startServerProcess(
  dirs: ServerDirs,
  env: Readonly<Record<string, string>> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      QUIRE_JOB_ROOT: dirs.jobRoot,
      QUIRE_DATA_DIR: dirs.dataDir,
      TMPDIR: dirs.tmp,
      HOME: dirs.home,
      QUIRE_STATUS_PROBE_SECONDS: '0',
      QUIRE_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'debug',
      // Several servers run at once: each takes a free port for its metrics, not the shared default.
      QUIRE_METRICS_ADDRESS: '127.0.0.1:0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolvePromise) =>
    child.once('exit', (code, signal) => resolvePromise({ code, signal })),
  );
  const baseUrl = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no server within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}): ${output.slice(-2000)}`)));
  });
  // The metrics' server listens before the site's.
  const metricsUrl = /Metrics listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? null;
  return { baseUrl, metricsUrl, pid: child.pid ?? 0, child, output: () => output, exited };
}
