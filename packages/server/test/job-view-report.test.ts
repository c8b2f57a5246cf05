import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  JOB_BODY_SCHEMA,
  JOB_REPORT_SCHEMA,
  REPORT_SPECS,
  jobReportOf,
  reportHeaders,
  type JobBody,
  type JobView,
  type ToolId,
} from '@quire/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPdf, withoutXref } from '@quire/test-kit/hostile-pdfs';
import { createTestApp, multipartOfParts, type FormPart, type TestApp } from '@quire/test-kit/test-app';

// Issue 31, item 1: a done job's view carries its tool's figures (`result.report`) beside its notices, as JSON, in
// the all-in-one server; the download and the tool's own endpoint keep sending them as report headers.

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const isJobBody = ajv.compile(JOB_BODY_SCHEMA);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** Runs a job through `POST /api/v1/jobs`: its view once done (checked against the schema), and its download. */
async function runJob(...parts: FormPart[]) {
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    ...(await multipartOfParts(parts)),
  });
  expect(created.statusCode, created.body).toBe(202);
  const { id } = (JSON.parse(created.body) as JobBody).job;
  const bodyOf = async () =>
    JSON.parse((await testApp.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}` })).body) as JobBody;
  await expect.poll(async () => (await bodyOf()).job.state, { timeout: 30_000 }).toBe('done');
  const body = await bodyOf();
  expect(isJobBody(body), JSON.stringify(isJobBody.errors)).toBe(true);
  const download = await testApp.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}/result` });
  expect(download.statusCode).toBe(200);
  return { view: body.job, download };
}

/** Whether the report fits its own tool's alternative of the schema: exactly its figures, each of its type. */
function fitsItsTool(view: JobView): boolean {
  const alternative = JOB_REPORT_SCHEMA.anyOf.find((schema) => schema.title === view.tool);
  return alternative !== undefined && ajv.validate(alternative, view.result?.report);
}

/** The report headers of an answer, by the names the header table gives its tool (lower case, as Node gives them). */
function reportHeadersOf(tool: ToolId, headers: Record<string, unknown>): Record<string, unknown> {
  const names = [...REPORT_SPECS[tool].map((spec) => spec.header), 'X-Notices'];
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = headers[name.toLowerCase()];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

async function pageCountOf(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-view-report-'));
  try {
    await writeFile(join(dir, 'out.pdf'), bytes);
    return Number(execFileSync('qpdf', ['--show-npages', join(dir, 'out.pdf')], { encoding: 'utf8' }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a done job’s view', () => {
  it('carries compression’s sizes as numbers, the facts its download and the tool’s endpoint send as headers', async () => {
    const pdf = createTextPdf('sizes to report', 2);
    const { view, download } = await runJob(['tool', 'compress'], ['file', pdf, 'sizes.pdf']);
    expect(view.result?.report).toEqual({
      originalBytes: pdf.length,
      outputBytes: download.rawPayload.length,
    });
    expect(view.result?.bytes).toBe(download.rawPayload.length);
    expect(fitsItsTool(view)).toBe(true);
    // The figures of the view are those its download's headers are written from.
    const values = jobReportOf(view, 'compress');
    if (!values) throw new Error('no figures in the view');
    const headers = reportHeaders('compress', { values, notices: view.notices });
    expect(headers['X-Original-Size']).toBe(String(pdf.length));
    expect(reportHeadersOf('compress', download.headers)).toEqual(headers);

    // The tool's own endpoint answers the same file with the same headers, as before.
    const direct = await testApp.app.inject({
      method: 'POST',
      url: '/api/pdf/compress',
      ...(await multipartOfParts([['file', pdf, 'sizes.pdf']])),
    });
    expect(direct.statusCode).toBe(200);
    expect(reportHeadersOf('compress', direct.headers)).toEqual(headers);
  });

  it('carries a merge’s page count beside its notices, for a file that had to be repaired', async () => {
    const damaged = withoutXref(createTextPdf('first', 2));
    const { view, download } = await runJob(
      ['tool', 'merge'],
      ['file-0', damaged, 'first.pdf'],
      ['file-1', createTextPdf('second', 3), 'second.pdf'],
    );
    expect(view.result?.report).toEqual({ pageCount: 5 });
    expect(await pageCountOf(download.rawPayload)).toBe(5);
    expect(view.notices).toEqual([{ code: 'FILE_REPAIRED', fileIndex: 0 }]);
    expect(fitsItsTool(view)).toBe(true);
    expect(reportHeadersOf('merge', download.headers)).toEqual({
      'X-Page-Count': '5',
      'X-Notices': 'FILE_REPAIRED;file=0',
    });
    // A merge's figures are no other tool's.
    expect(fitsItsTool({ ...view, tool: 'split' })).toBe(false);
  });
});
