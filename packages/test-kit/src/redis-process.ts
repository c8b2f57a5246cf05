import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Debian's redis-server on a loopback port, without persistence, for one test file or test cluster. */
export type RedisProcess = { port: number; child: ChildProcess; stop: () => Promise<void> };

/** A loopback port free now (the system may hand it to another process before it is used: see `startRedis`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const START_TIMEOUT_MS = 10_000;
const ATTEMPTS = 5;

/**
 * Starts redis-server on `port` (on a free port if none is given), and returns once the server answering there is the
 * one started: the process id it reports is the child's. Test files run side by side, so a port found free may be
 * taken before redis-server binds it, by another file's Redis among others; a test that then spoke to that Redis
 * would flush, and fail, another file's tests. On a port of its own choosing it tries again on another.
 */
export async function startRedis(port?: number): Promise<RedisProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const chosen = port ?? (await freePort());
    const child = spawn(
      'redis-server',
      ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    if (await answersAs(chosen, child)) return { port: chosen, child, stop: () => stopProcess(child) };
    await stopProcess(child);
    if (port !== undefined || attempt === ATTEMPTS) {
      throw new Error(`redis-server did not start on port ${chosen} (another process may hold it)`);
    }
  }
}

/** Whether the Redis answering on `port` is `child`, waiting for it to start; false if it exits or another answers. */
async function answersAs(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const pid = /^process_id:(\d+)/m.exec(await redisCli(port, 'info', 'server'))?.[1];
    if (pid !== undefined) return Number(pid) === child.pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** A redis-cli command's output (its error message, if it could not connect). */
export function redisCli(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile('redis-cli', ['-p', String(port), ...args], (_error, stdout, stderr) =>
      resolve(`${stdout}${stderr}`.trim()),
    );
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
