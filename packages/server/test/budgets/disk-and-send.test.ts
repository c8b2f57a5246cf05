import { readdir } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNoiseTiledPdf } from '@quire/test-kit/costly-pdfs';
import { createTestApp, multipartOf, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';

// Issue 11, finding 3: output has a budget, the disk of all jobs together has one, intermediate files are gone
// before the answer is streamed, and an answer that makes no progress is cut and its files removed.

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** Sends a request over a real socket, reads the answer's first bytes, then stops reading (and stays connected). */
async function readHeadThenStall(port: number, head: string, body: Buffer) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const firstBytes = new Promise<void>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      received = chunk.subarray(0, 200).toString('latin1');
      // Stop reading: the kernel's buffers fill, then the server can send no more.
      socket.pause();
      resolve();
    }),
  );
  socket.write(head);
  socket.write(body);
  await firstBytes;
  return { socket, statusLine: () => received.split('\r\n')[0], closed };
}

describe('disk and send budgets', () => {
  it('stops the job that pushes all jobs past the disk budget: 503 with Retry-After, its files removed', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 4 }, { QUIRE_JOB_DISK_MB: '8', QUIRE_TEST_OPS: '1' });
    const reply = await testApp.app.inject({ method: 'POST', url: '/api/test-ops/pdf/write?megabytes=256' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ error: { code: 'SERVER_BUSY' } });
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
    // Under the budget, work goes on.
    const small = await testApp.app.inject({ method: 'POST', url: '/api/test-ops/pdf/write?megabytes=1' });
    expect(small.statusCode).toBe(200);
  });

  it('cuts an answer the client stopped reading after the idle deadline, removing its files while it is still connected', async () => {
    testApp = await createTestApp(
      { size: 1, maxQueue: 4 },
      { QUIRE_SEND_IDLE_TIMEOUT_MS: '1000', QUIRE_TEST_OPS: '1' },
    );
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const stalled = await readHeadThenStall(
      port,
      'POST /api/test-ops/pdf/write?megabytes=64 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n',
      Buffer.alloc(0),
    );
    expect(stalled.statusLine()).toBe('HTTP/1.1 200 OK');
    // Files go at the deadline, not when the client leaves: it has not left.
    expect(await waitForNoLeftovers(testApp, 15_000)).toEqual([]);
    // Reading again, the client finds the connection closed before the whole answer.
    let receivedBytes = 0;
    stalled.socket.on('data', (chunk: Buffer) => {
      receivedBytes += chunk.length;
    });
    stalled.socket.resume();
    await stalled.closed;
    expect(receivedBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('removes uploads and rendered pages before streaming the answer: only the result stays while it is sent', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 4 }, { QUIRE_SEND_IDLE_TIMEOUT_MS: '60000' });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const form = new FormData();
    form.append('file', new File([new Uint8Array(createNoiseTiledPdf(4))], 'noise.pdf'));
    form.append('quality', 'high');
    const { payload, headers } = await multipartOf(form);
    const stalled = await readHeadThenStall(
      port,
      `POST /api/pdf/to-jpg HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      payload,
    );
    expect(stalled.statusLine()).toBe('HTTP/1.1 200 OK');
    const [jobDir, ...others] = await testApp.leftovers();
    expect(others).toEqual([]);
    expect(await readdir(join(testApp.jobRoot, jobDir ?? ''), { recursive: true })).toEqual([
      'pdf-images.zip',
    ]);
    stalled.socket.destroy();
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });
});
