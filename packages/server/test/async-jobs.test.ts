import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@quire/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { AsyncJobs } from '../src/jobs/async-jobs.ts';
import {
  createTestApp,
  laneStats,
  multipartOfParts,
  waitForNoLeftovers,
  type FormPart,
  type TestApp,
} from '@quire/test-kit/test-app';

// Issue 13, first steps: every tool call as a job that outlives its request, in the all-in-one server.

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});
/**
 * One server of the default settings for the tests that need nothing else (starting one costs seconds): the tests of
 * POST each end with their job's files and record gone (asserted); the progress test, the last to use it, leaves its
 * result unread until the server closes.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type JobBody = {
  success: boolean;
  job: { id: string; state: string; error: { code: string } | null; [key: string]: unknown };
};

async function submit(app: TestApp, ...parts: FormPart[]) {
  return app.app.inject({ method: 'POST', url: '/api/v1/jobs', ...(await multipartOfParts(parts)) });
}

async function jobOf(app: TestApp, id: string): Promise<{ status: number; body: JobBody }> {
  const reply = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}` });
  return { status: reply.statusCode, body: JSON.parse(reply.body) as JobBody };
}

async function pagesOf(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-async-test-'));
  try {
    await writeFile(join(dir, 'out.pdf'), bytes);
    return Number(execFileSync('qpdf', ['--show-npages', join(dir, 'out.pdf')], { encoding: 'utf8' }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('POST /api/v1/jobs', () => {
  it('answers 202 with an unguessable id, runs the job, sends its result once and then forgets it', async () => {
    const pdf = createTextPdf('async');
    const created = await submit(app, ['tool', 'rotate'], ['file', pdf, 'scan.pdf'], ['angle', '90']);
    expect(created.statusCode).toBe(202);
    const { job } = JSON.parse(created.body) as JobBody;
    expect(job.id).toMatch(/^[0-9a-f]{32}$/);
    expect(created.headers.location).toBe(`/api/v1/jobs/${job.id}`);
    expect(['queued', 'running']).toContain(job.state);

    await expect.poll(async () => (await jobOf(app, job.id)).body.job.state).toBe('done');
    const done = (await jobOf(app, job.id)).body.job;
    expect(done).toMatchObject({ tool: 'rotate', error: null, result: { fileName: 'scan-rotated.pdf' } });
    expect(Date.parse(String(done.expiresAt)) - Date.now()).toBeGreaterThan(9 * 60_000);
    // Of the visitor's file, only the result's name, made from it.
    expect(JSON.stringify({ ...done, result: null })).not.toContain('scan');

    const result = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/result` });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/pdf');
    expect(result.headers['content-disposition']).toBe('attachment; filename="scan-rotated.pdf"');
    expect(await pagesOf(result.rawPayload)).toBe(1);
    // Delivered, then deleted: the job and its files are gone.
    await expect.poll(async () => (await jobOf(app, job.id)).status).toBe(404);
    expect(await waitForNoLeftovers(app)).toEqual([]);
    const again = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/result` });
    expect(JSON.parse(again.body)).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('refuses at once, with nothing kept, an upload without the tool field first, an unknown tool or a bad option', async () => {
    const pdf = createTextPdf('refused');
    const cases = [
      {
        parts: [
          ['file', pdf, 'a.pdf'],
          ['tool', 'rotate'],
        ],
        code: 'INVALID_REQUEST',
      },
      {
        parts: [
          ['tool', 'shred'],
          ['file', pdf, 'a.pdf'],
        ],
        code: 'INVALID_OPTIONS',
      },
      {
        parts: [
          ['tool', 'rotate'],
          ['file', pdf, 'a.pdf'],
          ['angle', '45'],
        ],
        code: 'INVALID_OPTIONS',
      },
      {
        parts: [
          ['tool', 'merge'],
          ['file-0', pdf, 'a.pdf'],
        ],
        code: 'TOO_FEW_FILES',
      },
    ] as const;
    for (const { parts, code } of cases) {
      const reply = await submit(app, ...(parts as readonly FormPart[]));
      expect(reply.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(reply.body)).toMatchObject({ success: false, error: { code } });
    }
    expect(await waitForNoLeftovers(app)).toEqual([]);
  });

  it('reports a failed job with its error, also when its result is asked for', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\nnothing of a PDF follows\n');
    const created = await submit(app, ['tool', 'compress'], ['file', broken, 'b.pdf']);
    const { id } = (JSON.parse(created.body) as JobBody).job;
    await expect.poll(async () => (await jobOf(app, id)).body.job.state).toBe('failed');
    const { error } = (await jobOf(app, id)).body.job;
    expect(error?.code).toMatch(/^[A-Z_]+$/);
    const result = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}/result` });
    expect(result.statusCode).toBe(422);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: error?.code } });
    // Its files went when it failed; its record went once its error was delivered.
    expect(await waitForNoLeftovers(app)).toEqual([]);
    await expect.poll(async () => (await jobOf(app, id)).status).toBe(404);
  });
});

describe('a job waiting for a worker', () => {
  it('says its result is not ready, streams its changes as events, and can be cancelled', async () => {
    testApp = await createTestApp({ size: 1, maxQueue: 8 }, { QUIRE_TEST_OPS: '1' });
    const app = testApp;
    // The only worker is held for 1.5 s: the jobs below wait.
    const held = app.app.inject({ method: 'POST', url: '/api/test-ops/pdf/hold?ms=1500' });
    await expect.poll(async () => (await laneStats(app)).pdf.running).toBe(1);
    const pdf = createTextPdf('waiting');
    const first = (
      JSON.parse(
        (await submit(app, ['tool', 'rotate'], ['file', pdf, 'a.pdf'], ['angle', '180'])).body,
      ) as JobBody
    ).job;
    const second = (
      JSON.parse(
        (await submit(app, ['tool', 'rotate'], ['file', pdf, 'a.pdf'], ['angle', '90'])).body,
      ) as JobBody
    ).job;
    expect(first.state).toBe('queued');

    const early = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${first.id}/result` });
    expect(early.statusCode).toBe(409);
    expect(JSON.parse(early.body)).toMatchObject({
      error: { code: 'JOB_NOT_READY', details: { state: 'queued' } },
    });

    const cancelled = await app.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${second.id}` });
    expect(cancelled.statusCode).toBe(204);
    expect((await jobOf(app, second.id)).status).toBe(404);

    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const events = await readEvents(`http://127.0.0.1:${port}/api/v1/jobs/${first.id}/events`);
    expect((await held).statusCode).toBe(200);
    const states = events.map((event) => event.job.state);
    expect(states[0]).toBe('queued');
    expect(states.at(-1)).toBe('done');
    expect(states).toContain('running');
  });
});

describe('admission and progress', () => {
  it("refuses with 429 on POST a job past its client's fair share, never a job that fails later", async () => {
    testApp = await createTestApp(
      { size: 1, maxQueue: 8 },
      { QUIRE_TEST_OPS: '1', QUIRE_CLIENT_MAX_RUNNING: '1', QUIRE_CLIENT_MAX_QUEUED: '3' },
    );
    const app = testApp;
    // This client's one running job holds the only worker; three more may wait (QUIRE_CLIENT_MAX_QUEUED).
    const held = app.app.inject({ method: 'POST', url: '/api/test-ops/pdf/hold?ms=1500' });
    await expect.poll(async () => (await laneStats(app)).pdf.running).toBe(1);
    const pdf = createTextPdf('fair');
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      const reply = await submit(app, ['tool', 'rotate'], ['file', pdf, 'a.pdf'], ['angle', '90']);
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429) {
        expect(reply.headers['retry-after']).toMatch(/^\d+$/);
        expect(JSON.parse(reply.body)).toMatchObject({ success: false, error: { code: 'TOO_MANY_JOBS' } });
      }
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await held).statusCode).toBe(200);
    // The refused job left nothing; the three admitted ones run and wait for their client.
    await expect
      .poll(async () => (await laneStats(app)).pdf.queued + (await laneStats(app)).pdf.running)
      .toBe(0);
  });

  it('streams the pages a page-by-page tool has done, ending with every page', async () => {
    const pages = 12;
    const created = await submit(
      app,
      ['tool', 'pdf-to-jpg'],
      ['file', createTextPdf('pages', pages), 'a.pdf'],
      ['quality', 'low'],
    );
    expect(created.statusCode).toBe(202);
    const { id } = (JSON.parse(created.body) as JobBody).job;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const events = await readEvents(`http://127.0.0.1:${port}/api/v1/jobs/${id}/events`);
    const progress = events.map((event) => event.job.progress as ProgressView);
    const processing = progress.filter((step) => step.stage === 'processing');
    expect(processing.length).toBeGreaterThan(0);
    for (const step of processing) {
      expect(step.pagesTotal).toBe(pages);
      expect(step.pagesDone).toBeGreaterThanOrEqual(0);
      expect(step.pagesDone).toBeLessThanOrEqual(pages);
    }
    const done = processing.map((step) => step.pagesDone ?? 0);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ stage: 'done', pagesDone: pages, pagesTotal: pages });
    // Stages come in their order.
    const order = ['queued', 'reading', 'processing', 'writing', 'done'];
    const seen = progress.map((step) => order.indexOf(step.stage));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

type ProgressView = { stage: string; pagesDone: number | null; pagesTotal: number | null };

/** Reads a whole event stream (it ends when the job ends) and parses its `job` events. */
function readEvents(url: string): Promise<JobBody[]> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, (response) => {
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve(
          text
            .split('\n\n')
            .filter((block) => block.startsWith('event: job\n'))
            .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobBody),
        ),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('AsyncJobs', () => {
  it('deletes an ended job and its files once its time is up, unread', async () => {
    const jobs = new AsyncJobs(30);
    let disposed = 0;
    const id = 'a'.repeat(32);
    jobs.create(id, 'rotate', async () => {
      disposed += 1;
    });
    jobs.failed(id, new AppError('FILE_DAMAGED', 'damaged'));
    expect(jobs.view(id)?.state).toBe('failed');
    await expect.poll(() => jobs.view(id)).toBeNull();
    expect(disposed).toBe(1);
  });

  it('never shows less of a job done than before, also once it is taken again after a deferral', () => {
    const jobs = new AsyncJobs();
    const id = 'b'.repeat(32);
    jobs.create(id, 'pdf-to-word', async () => {});
    const heard: (number | null)[] = [];
    jobs.subscribe(id, (view) => heard.push(view.progress.pagesDone));
    jobs.started(id);
    jobs.progress(id, 'processing', { done: 6, total: 6 });
    // Counted again from one (issue 30), then the same job taken again by a worker and read from its start.
    jobs.progress(id, 'processing', { done: 1, total: 6 });
    jobs.started(id);
    jobs.progress(id, 'reading', null);
    expect(jobs.view(id)?.progress).toEqual({ stage: 'processing', pagesDone: 6, pagesTotal: 6 });
    jobs.progress(id, 'writing', null);
    expect(jobs.view(id)?.progress).toEqual({ stage: 'writing', pagesDone: null, pagesTotal: null });
    // Only changes are told: the reports that would have gone back were not.
    expect(heard).toEqual([null, 6, null]);
  });
});
