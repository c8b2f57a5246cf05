import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 30_000;

export type RunningServer = {
  readonly baseUrl: string;
  /** The server process's id, for reading its memory, open files and children from `/proc`. */
  readonly pid: number;
  readonly stop: () => Promise<void>;
};

/**
 * Starts the built server (`packages/server/dist/main.js`, as `npm start` does) on a free port of 127.0.0.1 and
 * resolves once it listens (it must log at `info` or finer for that). `env` adds to the process environment; `root`
 * is the tree whose build runs (another commit's, say).
 */
export async function startServer(env: NodeJS.ProcessEnv = {}, root = ROOT): Promise<RunningServer> {
  const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // A free port for the metrics too: another server (a bench's other phase, a test) may hold the default.
      QUIRE_METRICS_ADDRESS: '127.0.0.1:0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolvePromise) => server.once('exit', resolvePromise));
    server.kill('SIGTERM');
    await exited;
  };
  try {
    const baseUrl = await new Promise<string>((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      let buffered = '';
      server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered);
        if (match?.[1]) {
          clearTimeout(timer);
          resolvePromise(match[1]);
        }
        if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
      });
      server.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
    });
    // Keep draining the log so the server never blocks on a full pipe.
    server.stdout.resume();
    return { baseUrl, pid: server.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
