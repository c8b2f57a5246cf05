import { readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { request } from 'node:http';
import { TOOLS } from '@quire/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { descendantsOf, processesMentioning, waitUntil } from '@quire/test-kit/processes';
import {
  makeServerDirs,
  startServerProcess,
  type ServerDirs,
  type ServerProcess,
} from '@quire/test-kit/server-process';

// Issue 7, "graceful": SIGTERM to a real server process with jobs running. It stops accepting connections, lets
// running (and queued) jobs finish within the grace period, stops what is left after it (503), kills their
// programs, removes every file and exits 0. The jobs are test-only ops that hold their worker for a set time, with
// a program running beside them (issue 11: a test never relies on a document being slow enough on this machine).

/** A hold long enough never to finish during a test; its `sleep` is told apart from any other by its length. */
const FOREVER_MS = 599_123;
const FOREVER_COMMAND = `sleep ${FOREVER_MS / 1000}`;

let dirs: ServerDirs | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  if (dirs) await rm(dirs.base, { recursive: true, force: true });
  server = undefined;
  dirs = undefined;
});

type Answer = { status: number; body: Buffer; retryAfter: string | null } | { error: string };

/** A test-only job in a lane that holds its worker for `ms`, with a `sleep` beside it. */
function hold(lane: 'pdf' | 'office', ms: number): Promise<Answer> {
  return fetch(`${server?.baseUrl}/api/test-ops/${lane}/hold?ms=${ms}`, { method: 'POST' }).then(
    async (response) => ({
      status: response.status,
      body: Buffer.from(await response.arrayBuffer()),
      retryAfter: response.headers.get('retry-after'),
    }),
    (error: Error) => ({ error: error.message }),
  );
}

/** True once a new TCP connection to the server's port is refused. */
function isRefusingConnections(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const holding = (pid: number, command: string) =>
  descendantsOf(pid).filter((info) => info.command === command).length;

async function expectNothingLeft(current: ServerDirs): Promise<void> {
  expect(await readdir(current.jobRoot)).toEqual([]);
  expect(await readdir(current.tmp)).toEqual([]);
  expect(processesMentioning(current.base)).toEqual([]);
  expect(processesMentioning(FOREVER_COMMAND)).toEqual([]);
}

describe('SIGTERM with jobs running', () => {
  it('stops accepting connections, lets running and queued jobs finish, removes their files and exits 0', async () => {
    dirs = await makeServerDirs('quire-graceful-');
    server = await startServerProcess(dirs, {
      QUIRE_SHUTDOWN_GRACE_SECONDS: '120',
      QUIRE_WORKERS: '1',
      QUIRE_TEST_OPS: '1',
    });
    const current = server;
    // One worker: the first job runs (3 s), the second waits in the queue.
    const running = hold('pdf', 3_000);
    expect(
      await waitUntil(
        () => holding(current.pid, 'sleep 3'),
        (count) => count === 1,
      ),
    ).toBe(1);
    const queued = hold('pdf', 2_000);
    await waitUntil(
      async () =>
        (await (await fetch(`${current.baseUrl}/readyz`)).json()) as { lanes: { pdf: { queued: number } } },
      (report) => report.lanes.pdf.queued === 1,
    );

    server.child.kill('SIGTERM');
    expect(await waitUntil(() => isRefusingConnections(current.baseUrl), Boolean, 10_000)).toBe(true);
    for (const answer of [await running, await queued]) {
      expect(answer).toMatchObject({ status: 200 });
      expect('body' in answer && answer.body.length).toBe(1024 * 1024);
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain('grace period over');
    await expectNothingLeft(dirs);
  });

  it('after the grace period stops the jobs still running (503), kills their programs, removes their files, exits 0', async () => {
    dirs = await makeServerDirs('quire-graceful-');
    server = await startServerProcess(dirs, { QUIRE_SHUTDOWN_GRACE_SECONDS: '1', QUIRE_TEST_OPS: '1' });
    const current = server;
    // One job in each lane, neither of which would end by itself during the test.
    const jobs = [hold('pdf', FOREVER_MS), hold('office', FOREVER_MS)];
    expect(
      await waitUntil(
        () => holding(current.pid, FOREVER_COMMAND),
        (count) => count === 2,
      ),
    ).toBe(2);
    // And a client still uploading, slowly.
    const upload = request(`${current.baseUrl}${TOOLS.rotate.apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': '10000000' },
    });
    const uploadOutcome = new Promise<string>((resolve) => {
      upload.on('response', (response) => resolve(`answered ${response.statusCode}`));
      upload.on('error', (error: NodeJS.ErrnoException) => resolve(`cut: ${error.code ?? error.message}`));
    });
    upload.write('--b\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n\r\n%PDF-1.4\n');

    server.child.kill('SIGTERM');
    for (const answer of await Promise.all(jobs)) {
      expect(answer).toMatchObject({ status: 503 });
      if (!('body' in answer)) throw new Error(answer.error);
      expect(JSON.parse(answer.body.toString())).toMatchObject({
        success: false,
        error: { code: 'SERVER_BUSY' },
      });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(await uploadOutcome).toMatch(/^(cut|answered 503)/);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('grace period over');
    await expectNothingLeft(dirs);
  });
});
