import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { corpusPath } from '@quire/corpus';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, type TestApp } from '@quire/test-kit/test-app';

// Issue 7, "nothing kept": a result goes from the disk as soon as it has been delivered. A client such as curl
// closes its connection the moment it has every byte the answer announced; on a busy machine that can come before
// the server has found the end of the result file, and the job then waited for its expiry (10 minutes) instead of
// going at once.

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
/** How long the job root may still hold a job after its answer was received. */
const GONE_WITHIN_MS = 1_000;

let testApp: TestApp | undefined;
let restoreDisk = () => {};
afterEach(async () => {
  restoreDisk();
  await testApp?.close();
  testApp = undefined;
});

/**
 * A busy machine's disk: every read of a file stream answers `delayMs` late (streams read through `fs.read` of the
 * `fs` module; the worker processes that run the jobs are not touched).
 */
function slowFileReads(delayMs: number): void {
  const read = fs.read;
  const slowRead = (...args: unknown[]) => {
    const done = args.pop() as (...results: unknown[]) => void;
    (read as (...args: unknown[]) => void)(...args, (...results: unknown[]) =>
      setTimeout(() => done(...results), delayMs),
    );
  };
  fs.read = slowRead as typeof fs.read;
  restoreDisk = () => {
    fs.read = read;
  };
}

type RawAnswer = { status: number; body: Buffer };

/**
 * Sends one request on its own connection and, as curl does, closes the connection the moment the answer's
 * `content-length` bytes have arrived (or, with `hangUpAfterBytes`, as soon as that many body bytes have).
 */
function requestAndHangUp(
  port: number,
  head: string,
  body: Buffer = Buffer.alloc(0),
  hangUpAfterBytes = Number.POSITIVE_INFINITY,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head), body])));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const headers = received.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? Number.NaN);
      const answerBody = received.subarray(headEnd + 4);
      if (answerBody.length >= Math.min(length, hangUpAfterBytes)) {
        socket.destroy();
        resolve({ status: Number(headers.split(' ')[1]), body: answerBody });
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('the connection closed before the answer was complete')));
  });
}

async function listeningApp(): Promise<{ app: TestApp; port: number }> {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  return { app: testApp, port: (testApp.app.server.address() as AddressInfo).port };
}

async function splitForm(parts: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return multipartOf(form);
}

async function fourPages(): Promise<File> {
  return new File([await readFile(corpusPath(FOUR_PAGES))], 'report.pdf');
}

/** Submits a split job and waits until it is done; its id. */
async function doneSplitJob(app: TestApp): Promise<string> {
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    ...(await splitForm([
      ['tool', 'split'],
      ['file', await fourPages()],
    ])),
  });
  expect(created.statusCode).toBe(202);
  const { id } = (JSON.parse(created.body) as { job: { id: string } }).job;
  await expect
    .poll(async () => {
      const reply = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}` });
      return (JSON.parse(reply.body) as { job: { state: string } }).job.state;
    })
    .toBe('done');
  return id;
}

/** Polls the job root for a short while; what is still there then. */
async function leftoversAfter(app: TestApp, boundMs = GONE_WITHIN_MS): Promise<string[]> {
  const deadline = Date.now() + boundMs;
  let leftovers = await app.leftovers();
  while (leftovers.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    leftovers = await app.leftovers();
  }
  return leftovers;
}

const resultRequest = (id: string) => `GET /api/v1/jobs/${id}/result HTTP/1.1\r\nhost: localhost\r\n\r\n`;

describe('a delivered result leaves nothing behind at once', () => {
  it('a job result fetched by a client that hangs up on its last byte', async () => {
    const { app, port } = await listeningApp();
    const id = await doneSplitJob(app);
    expect(await app.leftovers()).toHaveLength(1);
    slowFileReads(150);
    const answer = await requestAndHangUp(port, resultRequest(id));
    expect(answer.status).toBe(200);
    // A zip of the pages, whole.
    expect(answer.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(await leftoversAfter(app)).toEqual([]);
    const again = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}` });
    expect(again.statusCode).toBe(404);
  });

  it('a job result whose download is cut short stays for another try, then goes once delivered', async () => {
    const { app, port } = await listeningApp();
    const id = await doneSplitJob(app);
    slowFileReads(150);
    const cut = await requestAndHangUp(port, resultRequest(id), undefined, 1);
    expect(cut.status).toBe(200);
    // The client has not had the result: it is kept.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await app.leftovers()).toHaveLength(1);
    const whole = await requestAndHangUp(port, resultRequest(id));
    expect(whole.status).toBe(200);
    expect(await leftoversAfter(app)).toEqual([]);
  });

  it("a tool's own endpoint, answered to a client that hangs up on its last byte", async () => {
    const { app, port } = await listeningApp();
    slowFileReads(150);
    const { payload, headers } = await splitForm([['file', await fourPages()]]);
    const head =
      `POST /api/pdf/split HTTP/1.1\r\nhost: localhost\r\ncontent-type: ${headers['content-type']}\r\n` +
      `content-length: ${payload.length}\r\n\r\n`;
    const answer = await requestAndHangUp(port, head, payload);
    expect(answer.status).toBe(200);
    expect(answer.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(await leftoversAfter(app)).toEqual([]);
  });
});
