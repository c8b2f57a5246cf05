import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { request } from 'node:http';
import { join } from 'node:path';
import { TOOLS, type ToolId } from '@quire/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { markedDocx, markedPdf } from './marked-files.ts';
import { descendantsOf, processesMentioning, waitUntil } from './processes.ts';
import { makeServerDirs, startServerProcess, type ServerDirs, type ServerProcess } from './server-process.ts';

// Issue 7, "graceful": SIGTERM to a real server process with jobs running. It stops accepting connections, lets
// running (and queued) jobs finish within the grace period, stops what is left after it (503), kills their
// programs, removes every file and exits 0.

const MARKER = randomBytes(16).toString('hex');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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

function send(
  toolId: ToolId,
  file: { data: Buffer; type: string; name: string },
  fields = {},
): Promise<Answer> {
  const form = new FormData();
  form.append(
    TOOLS[toolId].fileField === 'single' ? 'file' : 'file-0',
    new File([new Uint8Array(file.data)], file.name, { type: file.type }),
  );
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  return fetch(`${server?.baseUrl}${TOOLS[toolId].apiPath}`, { method: 'POST', body: form }).then(
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

const isRendering = (pid: number) => descendantsOf(pid).some((info) => info.command.startsWith('pdftoppm'));

async function expectNothingLeft(current: ServerDirs): Promise<void> {
  expect(await readdir(current.jobRoot)).toEqual([]);
  expect(await readdir(current.tmp)).toEqual([]);
  expect(processesMentioning(current.base)).toEqual([]);
}

describe('SIGTERM with jobs running', () => {
  it('stops accepting connections, lets running and queued jobs finish, removes their files and exits 0', async () => {
    dirs = await makeServerDirs('quire-graceful-');
    server = await startServerProcess(dirs, { QUIRE_SHUTDOWN_GRACE_SECONDS: '120', QUIRE_WORKERS: '1' });
    const pdf = { data: markedPdf(MARKER, 40), type: 'application/pdf', name: 'forty-pages.pdf' };
    // One worker: the first job runs, the second waits in the queue.
    const running = send('pdf-to-jpg', pdf, { quality: 'medium' });
    const queued = send('pdf-to-jpg', pdf, { quality: 'low' });
    const current = server;
    expect(await waitUntil(() => isRendering(current.pid), Boolean)).toBe(true);
    await waitUntil(
      async () =>
        (await (await fetch(`${current.baseUrl}/readyz`)).json()) as { lanes: { pdf: { queued: number } } },
      (report) => report.lanes.pdf.queued === 1,
    );

    server.child.kill('SIGTERM');
    expect(await waitUntil(() => isRefusingConnections(current.baseUrl), Boolean, 10_000)).toBe(true);
    for (const answer of [await running, await queued]) {
      expect(answer).toMatchObject({ status: 200 });
      // A zip of every page.
      expect('body' in answer && answer.body.subarray(0, 2).toString()).toBe('PK');
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain('grace period over');
    await expectNothingLeft(dirs);
  });

  it('after the grace period stops the jobs still running (503), kills their programs, removes their files, exits 0', async () => {
    dirs = await makeServerDirs('quire-graceful-');
    server = await startServerProcess(dirs, { QUIRE_SHUTDOWN_GRACE_SECONDS: '1' });
    const current = server;
    const currentDirs = dirs;
    const rendering = send(
      'pdf-to-jpg',
      { data: markedPdf(MARKER, 300), type: 'application/pdf', name: 'long.pdf' },
      { quality: 'high' },
    );
    const converting = send('word-to-pdf', {
      data: markedDocx(MARKER, 30_000),
      type: DOCX,
      name: 'long.docx',
    });
    expect(await waitUntil(() => isRendering(current.pid), Boolean)).toBe(true);
    // The conversion is under way once its document sits in the LibreOffice instance's job directory.
    const isConverting = async () => {
      for (const name of await readdir(currentDirs.tmp).catch(() => [])) {
        if ((await readdir(join(currentDirs.tmp, name, 'job')).catch(() => [])).length > 0) return true;
      }
      return false;
    };
    expect(await waitUntil(isConverting, Boolean)).toBe(true);
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
    for (const answer of [await rendering, await converting]) {
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
