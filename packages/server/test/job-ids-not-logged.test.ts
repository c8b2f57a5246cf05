import { afterEach, describe, expect, it } from 'vitest';
import { createTextPdf } from '@quire/test-kit/hostile-pdfs';
import { createTestApp, multipartOf, type TestApp } from '@quire/test-kit/test-app';

// Issue 29, item 2: a job id is the only key to a visitor's result, so it never reaches the logs.

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** Everything the app logs, line by line. */
function captureLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

async function submitRotate(app: TestApp): Promise<string> {
  const form = new FormData();
  form.append('tool', 'rotate');
  form.append('file', new File([createTextPdf('ids') as Uint8Array<ArrayBuffer>], 'a.pdf'));
  form.append('angle', '90');
  const created = await app.app.inject({ method: 'POST', url: '/api/v1/jobs', ...(await multipartOf(form)) });
  expect(created.statusCode).toBe(202);
  return (JSON.parse(created.body) as { job: { id: string } }).job.id;
}

describe('the log', () => {
  it('never holds a job id: not in the URLs of the job API, nor in an error naming its directory', async () => {
    const log = captureLog();
    testApp = await createTestApp(undefined, { LOG_LEVEL: 'debug' }, { logStream: log.stream });
    const app = testApp;

    const fetched = await submitRotate(app);
    await expect
      .poll(async () => {
        const reply = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${fetched}` });
        return (JSON.parse(reply.body) as { job: { state: string } }).job.state;
      })
      .toBe('done');
    const events = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${fetched}/events` });
    expect(events.statusCode).toBe(200);
    const result = await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${fetched}/result` });
    expect(result.statusCode).toBe(200);
    // Delivered, so deleted: asked again, it is unknown (404), and that is logged too.
    await expect
      .poll(async () => (await app.app.inject({ method: 'GET', url: `/api/v1/jobs/${fetched}` })).statusCode)
      .toBe(404);

    const deleted = await submitRotate(app);
    expect((await app.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${deleted}` })).statusCode).toBe(204);
    expect((await app.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${deleted}` })).statusCode).toBe(404);

    // What an engine failure or a failed removal logs: an error whose message, path and stack name the job's
    // directory, through a request's (child) logger as through the app's.
    const failure = Object.assign(new Error(`ENOENT: open '${app.jobRoot}/${deleted}/input-0.pdf'`), {
      path: `${app.jobRoot}/${deleted}/input-0.pdf`,
    });
    app.app.log.child({ reqId: 'test' }).error({ err: failure }, 'job directory not removed');
    app.app.log.error({ tool: 'rotate', stack: failure.stack }, 'engine failure');

    const text = log.lines.join('');
    for (const id of [fetched, deleted]) expect(text).not.toContain(id);
    // The requests are still logged, each job under one short tag of its own.
    const urls = log.lines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => url?.startsWith('/api/v1/jobs/') === true);
    expect(urls.length).toBeGreaterThanOrEqual(6);
    const tags = new Set(urls.map((url) => /^\/api\/v1\/jobs\/(job:[0-9a-f]{8})(\/|$)/.exec(url)?.[1]));
    expect(tags.size).toBe(2);
    expect(tags).not.toContain(undefined);
    expect(text).toContain(`${app.jobRoot}/job:`);
  });
});
