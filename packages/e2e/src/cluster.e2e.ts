import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { JOBS_PATH, TOOLS, resultFileName, type JobBody, type ToolId } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '@quire/test-kit/cluster-harness';
import { clusterCases, formOf, post, type Part } from './cluster-tool-cases.ts';
import { waitUntil } from '@quire/test-kit/processes';

// Issue 13, cluster mode, tested for real: Debian's redis-server on a loopback port, HAProxy in front of two web
// processes, two worker processes, all sharing one job store; every tool through HAProxy, the three faults (a
// worker killed mid-job, Redis unreachable, a web process killed), and nothing left in the store or in Redis.

const MARK = `cluster${randomBytes(4).toString('hex')}`;
let cluster: Cluster;
let scratch: string;

beforeAll(async () => {
  cluster = await startCluster();
  scratch = await mkdtemp(join(tmpdir(), 'quire-cluster-files-'));
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 60_000);

const { TOOL_CASES, zipEntries, pdf } = clusterCases(MARK, () => scratch);

async function jobOf(baseUrl: string, id: string) {
  const response = await fetch(`${baseUrl}${JOBS_PATH}/${id}`);
  return { status: response.status, job: response.ok ? ((await response.json()) as JobBody).job : null };
}

async function storeEntries(): Promise<string[]> {
  return readdir(cluster.jobRoot).catch(() => []);
}

/** Job records and client counters in Redis (the queues' own bookkeeping keys are not the visitor's). */
async function visitorKeys(): Promise<string[]> {
  const jobs = await cluster.redisCli('--scan', '--pattern', 'quire:job:*');
  const clients = await cluster.redisCli('--scan', '--pattern', 'quire:client:*');
  return [...jobs.split('\n'), ...clients.split('\n')].filter(Boolean);
}

describe.sequential('a cluster behind HAProxy', () => {
  it('runs every tool with a correct result, through either web process', async () => {
    for (const [toolId, { parts, check }] of Object.entries(TOOL_CASES) as [
      ToolId,
      (typeof TOOL_CASES)[ToolId],
    ][]) {
      const { response, body } = await post(`${cluster.proxyUrl}${TOOLS[toolId].apiPath}`, parts);
      expect(response.status, `${toolId}: ${body.toString().slice(0, 300)}`).toBe(200);
      expect(response.headers.get('content-type')).toBe(TOOLS[toolId].output.mimeType);
      // Named after the first file sent, by whichever worker ran it.
      const firstName = parts.find((part) => part.length === 3)?.[2] ?? '';
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${resultFileName(toolId, [firstName], TOOLS[toolId].output.mimeType)}"`,
      );
      await check(body);
    }
    await expect.poll(storeEntries, { timeout: 15_000 }).toEqual([]);
  }, 180_000);

  it('lets a job created through one web process be followed and fetched through the other', async () => {
    const [first, second] = cluster.webs as [(typeof cluster.webs)[0], (typeof cluster.webs)[0]];
    const { response, body } = await post(`${first.baseUrl}${JOBS_PATH}`, [
      ['tool', 'pdf-to-jpg'],
      ['file', pdf(6), 'a.pdf'],
      ['quality', 'low'],
    ]);
    expect(response.status).toBe(202);
    const { id } = (JSON.parse(body.toString()) as JobBody).job;
    // Redis holds the client's code, never its address (every request here comes from 127.0.0.1).
    expect(JSON.parse(await cluster.redisCli('get', `quire:job:${id}`))).toMatchObject({
      client: expect.stringMatching(/^net:[0-9a-f]{24}$/),
    });
    expect(await cluster.redisCli('--scan', '--pattern', 'quire:*')).not.toContain('127.0.0.1');
    const done = await waitUntil(
      () => jobOf(second.baseUrl, id),
      ({ job }) => job?.state === 'done',
      60_000,
    );
    expect(done.job?.progress).toEqual({ stage: 'done', pagesDone: 6, pagesTotal: 6 });
    // The worker names the result after the file sent; the web process that sends it uses that name.
    expect(done.job?.result).toMatchObject({ fileName: 'a-jpg.zip', mimeType: 'application/zip' });
    // Its tool's figures, as the worker wrote them into the job's record (issue 31): those its download's headers say.
    expect(done.job?.result?.report).toMatchObject({ pageCount: 6, downscaledPages: 0 });
    const result = await fetch(`${cluster.proxyUrl}${JOBS_PATH}/${id}/result`);
    expect(result.status).toBe(200);
    expect(result.headers.get('x-page-count')).toBe('6');
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="a-jpg.zip"');
    expect(await zipEntries(Buffer.from(await result.arrayBuffer()))).toHaveLength(6);
    await expect.poll(async () => (await jobOf(first.baseUrl, id)).status).toBe(404);
    await expect.poll(storeEntries, { timeout: 15_000 }).toEqual([]);
    // The web process that admitted it measured it; every web process reports the cluster's queues and workers.
    // On each process's own metrics address, never on the site's port.
    expect((await fetch(`${first.baseUrl}/metrics`)).status).toBe(404);
    const metrics = await (await fetch(`${first.metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/quire_job_duration_seconds_count\{tool="pdf-to-jpg",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/quire_workers\{lane="pdf"\} 2/);
  }, 90_000);

  it('keeps nothing of a killed web process beyond the expiry: its finished jobs and its uploads cut short', async () => {
    const web = cluster.webs[0];
    if (!web) throw new Error('no web process');
    const { response, body } = await post(`${web.baseUrl}${JOBS_PATH}`, [
      ['tool', 'rotate'],
      ['file', pdf(1), 'a.pdf'],
      ['angle', '180'],
    ]);
    expect(response.status).toBe(202);
    const { id } = (JSON.parse(body.toString()) as JobBody).job;
    await waitUntil(
      () => jobOf(web.baseUrl, id),
      ({ job }) => job?.state === 'done',
      30_000,
    );
    // An upload the process is receiving when it dies.
    const upload = startPartialUpload(`${web.baseUrl}${TOOLS.compress.apiPath}`, pdf(50));
    await waitUntil(storeEntries, (entries) => entries.length >= 2, 10_000);
    web.child.kill('SIGKILL');
    await web.exited;
    upload.destroy();
    // Retention is 6 s here, and a directory no job owns goes once idle as long: both go without anyone asking.
    await expect.poll(storeEntries, { timeout: 30_000, interval: 500 }).toEqual([]);
    await expect.poll(visitorKeys, { timeout: 30_000, interval: 500 }).toEqual([]);
    // HAProxy took the dead process out: the site answers through the other.
    const { response: after } = await post(
      `${cluster.proxyUrl}${TOOLS.rotate.apiPath}`,
      TOOL_CASES.rotate.parts,
    );
    expect(after.status).toBe(200);
  }, 90_000);

  it('answers 503 with Retry-After while Redis is unreachable, and serves again once it is back', async () => {
    await cluster.stopRedis();
    try {
      for (const url of [
        `${cluster.proxyUrl}${TOOLS.rotate.apiPath}`,
        `${cluster.webs[1]?.baseUrl}${JOBS_PATH}`,
      ]) {
        const parts: Part[] = url.endsWith(JOBS_PATH)
          ? [['tool', 'rotate'], ...TOOL_CASES.rotate.parts]
          : TOOL_CASES.rotate.parts;
        // HAProxy, once it has taken the web processes out, may answer before the upload is sent: the answer
        // counts, not the upload. Never a hang: the request is given up (and the test fails) after 10 s.
        const answer = await postReadingEarlyAnswer(url, formOf(parts));
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toMatch(/^\d+$/);
        expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('SERVER_BUSY');
      }
    } finally {
      await cluster.startRedis();
    }
    const resumed = await waitUntil(
      () =>
        post(`${cluster.proxyUrl}${TOOLS.rotate.apiPath}`, TOOL_CASES.rotate.parts).then(
          ({ response }) => response.status,
          () => 0,
        ),
      (status) => status === 200,
      30_000,
    );
    expect(resumed).toBe(200);
  }, 90_000);

  it('runs a job again on another worker when its worker is killed mid-job, and its client gets a correct answer', async () => {
    // Long enough that the kill, sent within a poll (50 ms) of the first pages done, lands mid-job with most pages
    // to go; the run again on the other worker is the whole job once more (117 pages took 35 s of the test's 41).
    const pages = 19;
    const { response, body } = await post(`${cluster.proxyUrl}${JOBS_PATH}`, [
      ['tool', 'pdf-to-jpg'],
      [
        'file',
        Buffer.from(
          await import('node:fs/promises').then((fs) =>
            fs.readFile(corpusPath('pdf/pdflib_us-constitution_19p.pdf')),
          ),
        ),
        'long.pdf',
      ],
      ['quality', 'high'],
    ]);
    expect(response.status).toBe(202);
    const { id } = (JSON.parse(body.toString()) as JobBody).job;
    // The worker running it says so on its own /readyz.
    const runningOn = async (workers: typeof cluster.workers) => {
      for (const worker of workers) {
        const ready = (await fetch(`${worker.baseUrl}/readyz`).then((answer) => answer.json())) as {
          lanes: { pdf: { running: number } };
        };
        if (ready.lanes.pdf.running > 0) return worker;
      }
      return null;
    };
    const busy = await waitUntil(
      () => runningOn(cluster.workers),
      (worker) => worker !== null,
      30_000,
    );
    if (!busy) throw new Error('no worker took the job');
    const progress = await waitUntil(
      () => jobOf(cluster.proxyUrl, id),
      ({ job }) => (job?.progress.pagesDone ?? 0) > 0,
      60_000,
    );
    expect(progress.job?.state).toBe('running');
    expect(progress.job?.progress.pagesDone).toBeLessThan(pages);
    busy.child.kill('SIGKILL');
    await busy.exited;
    // Once its lock lapses, the other worker takes the job and runs it from the start.
    const others = cluster.workers.filter((worker) => worker !== busy);
    expect(
      await waitUntil(
        () => runningOn(others),
        (worker) => worker !== null,
        30_000,
      ),
    ).not.toBeNull();
    const done = await waitUntil(
      () => jobOf(cluster.proxyUrl, id),
      ({ job }) => job !== null && job.state !== 'running' && job.state !== 'queued',
      150_000,
    );
    expect(done.job?.state, JSON.stringify(done.job?.error)).toBe('done');
    const result = await fetch(`${cluster.proxyUrl}${JOBS_PATH}/${id}/result`);
    expect(result.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await result.arrayBuffer()));
    expect(entries).toHaveLength(pages);
    await expect.poll(storeEntries, { timeout: 15_000 }).toEqual([]);
    await expect.poll(visitorKeys, { timeout: 15_000 }).toEqual([]);
  }, 240_000);
});

/** Sends the start of a multipart upload and then nothing more, as a client whose connection stalls. */
function startPartialUpload(url: string, file: Buffer) {
  const boundary = `cluster-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const req = request(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + file.length + 64),
    },
  });
  req.on('error', () => undefined);
  req.write(head);
  req.write(file.subarray(0, Math.floor(file.length / 2)));
  return req;
}

/** POSTs a form and resolves with the answer, even one that comes (and closes) before the body is all sent. */
async function postReadingEarlyAnswer(url: string, form: FormData) {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type') ?? '', 'content-length': body.length },
      timeout: 10_000,
    });
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    // A write cut by the early answer is not a failure; no answer at all is.
    req.on('error', (error) => setTimeout(() => reject(error), 1_000));
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.end(body);
  });
}
