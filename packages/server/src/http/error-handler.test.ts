import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const BOUNDARY = 'abort-boundary';

type LogLine = { level: number; msg?: string; reqId?: string; code?: string };

/** The test app in a child process, its log (standard output) collected line by line. */
function useLoggingServer() {
  const served = {
    port: 0,
    jobRoot: '',
    output: '',
    child: undefined as ChildProcessWithoutNullStreams | undefined,
  };
  beforeAll(async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/logging-server.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'debug' },
    });
    served.child = child;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      served.output += chunk;
    });
    const ready = await new Promise<{ port: number; jobRoot: string }>((resolve, reject) => {
      let errors = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        errors += chunk;
        const line = /^\{"port":.*$/m.exec(errors)?.[0];
        if (line) resolve(JSON.parse(line) as { port: number; jobRoot: string });
      });
      child.once('exit', (code) => reject(new Error(`logging server exited (${code}): ${errors}`)));
    });
    Object.assign(served, ready);
  });
  /** Stops the server and returns every line it logged. */
  const stop = async (): Promise<LogLine[]> => {
    const child = served.child;
    if (!child || child.exitCode !== null) return [];
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
    return served.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  };
  afterAll(async () => {
    await stop();
  });
  return { served, stop };
}

/** Polls until `check` holds, for at most a few seconds; returns whether it did. */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('a client that leaves mid-upload', () => {
  const { served, stop } = useLoggingServer();
  const jobDirs = () => readdir(served.jobRoot).catch(() => [] as string[]);

  // Where the upload stops, and how the connection ends: a FIN after part of a file or of a part's headers, or a
  // reset (RST) with the file under way.
  const cuts: Array<['file' | 'header', 'end' | 'reset']> = [
    ['file', 'end'],
    ['header', 'end'],
    ['file', 'reset'],
  ];

  /** Sends the start of a merge upload, cut as asked, and waits until its job directory is gone. */
  async function abortUpload(cut: 'file' | 'header', ending: 'end' | 'reset'): Promise<void> {
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512 * 1024, 0x20)]);
    const head =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file-0"; filename="a.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n';
    const sent =
      cut === 'file'
        ? Buffer.concat([Buffer.from(head), file])
        : Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Dispo`)]);
    const socket = connect(served.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/pdf/merge HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${sent.length * 4}\r\n\r\n`,
    );
    socket.write(sent);
    // The upload has begun: its job directory exists.
    expect(await waitFor(async () => (await jobDirs()).length > 0)).toBe(true);
    if (ending === 'reset') socket.resetAndDestroy();
    else socket.destroy();
    expect(await waitFor(async () => (await jobDirs()).length === 0)).toBe(true);
  }

  it('is logged once, at info, without a stack and never as an internal error; its job directory is removed', async () => {
    for (const [cut, ending] of cuts) await abortUpload(cut, ending);
    const health = await fetch(`http://127.0.0.1:${served.port}/healthz`);
    expect(health.status).toBe(200);
    const lines = await stop();
    // Nothing above info, no error object or stack anywhere, no internal error or 500.
    expect(lines.filter((line) => line.level > 30)).toEqual([]);
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/"err"|"stack"|INTERNAL|internal error|"statusCode":500/);
    const left = lines.filter((line) => line.msg === 'client left mid-upload');
    expect(left).toHaveLength(cuts.length);
    expect(new Set(left.map((line) => line.reqId)).size).toBe(cuts.length);
    for (const line of left) expect(line).toMatchObject({ level: 30, code: 'INVALID_REQUEST' });
  });
});
