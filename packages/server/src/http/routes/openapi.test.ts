import { createProbeInputs } from '@quire/engine';
import {
  ERROR_BODY_SCHEMA,
  JOB_BODY_SCHEMA,
  JOB_EXAMPLES,
  JOB_ID_EXAMPLE,
  JOBS_PATH,
  STATUS_REPORT_SCHEMA,
  REPORT_SPECS,
  TOOL_FIELD,
  TOOLS,
  TOOL_IDS,
  buildOpenApi,
  fileFieldName,
  responseErrorCodes,
  toolWords,
  type JobBody,
  type OpenApiDocument,
  type OpenApiResponse,
  type ToolId,
} from '@quire/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, type TestApp } from '@quire/test-kit/test-app';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
/** Headers every answer may carry besides those a tool documents. */
const COMMON_HEADERS = [
  'x-request-id',
  'x-content-type-options',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

describe('the OpenAPI document', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    testApp = await createTestApp(undefined, { QUIRE_RATE_LIMIT_PER_MINUTE: '1000' });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is the shared builder’s document, with this server’s rate limit', () => {
    expect(document).toEqual(buildOpenApi({ version: document.info.version, rateLimitPerMinute: 1000 }));
    expect(document['x-rate-limit-per-minute']).toBe(1000);
  });

  it('is OpenAPI 3.1 with one operation per tool whose fields are the registry’s', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const id of TOOL_IDS) {
      const tool = TOOLS[id];
      const schema = document.paths[tool.apiPath]?.post?.requestBody?.content['multipart/form-data'].schema;
      expect(schema, id).toBeDefined();
      expect(Object.keys(schema?.properties ?? {})).toEqual(
        expect.arrayContaining([fileFieldName(tool, 0), ...Object.keys(tool.options)]),
      );
      expect(schema?.required).toContain(fileFieldName(tool, tool.minFiles - 1));
      expect(Object.keys(toolWords(id).params ?? {}).sort(), `${id} documents exactly its options`).toEqual(
        Object.keys(tool.options).sort(),
      );
    }
    expect(
      document.paths['/api/pdf/rotate']?.post?.requestBody?.content['multipart/form-data'].schema.required,
    ).toContain('angle');
    for (const schema of Object.values(document.components.schemas))
      expect(() => ajv.compile(schema as object)).not.toThrow();
  });

  it('documents exactly the headers each tool really answers with', async () => {
    const inputs = await createProbeInputs();
    for (const id of TOOL_IDS as readonly ToolId[]) {
      const form = new FormData();
      inputs[id].files.forEach((file, index) =>
        form.append(file.field ?? fileFieldName(TOOLS[id], index), new Blob([file.bytes]), file.name),
      );
      for (const [name, value] of Object.entries(inputs[id].fields)) form.append(name, value);
      const response = await testApp.app.inject({
        method: 'POST',
        url: TOOLS[id].apiPath,
        ...(await multipartOf(form)),
      });
      expect(response.statusCode, id).toBe(200);
      const documented = Object.keys(
        document.paths[TOOLS[id].apiPath]?.post?.responses['200']?.headers ?? {},
      ).map((name) => name.toLowerCase());
      const extra = Object.keys(response.headers).filter(
        (name) => name.startsWith('x-') && !COMMON_HEADERS.includes(name),
      );
      expect(
        extra.filter((name) => !documented.includes(name)),
        `${id}: undocumented headers`,
      ).toEqual([]);
      for (const spec of REPORT_SPECS[id]) {
        if (!spec.conditional) {
          expect(response.headers[spec.header.toLowerCase()], `${id} sends ${spec.header}`).toBeDefined();
        }
      }
    }
  });

  it('describes the real status and error answers', async () => {
    const status = await testApp.app.inject({ method: 'GET', url: '/api/status' });
    const validateStatus = ajv.compile(STATUS_REPORT_SCHEMA);
    expect(validateStatus(status.json()), JSON.stringify(validateStatus.errors)).toBe(true);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/pdf/merge',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    const validateError = ajv.compile(ERROR_BODY_SCHEMA);
    const body = refused.json<{ error: { code: string } }>();
    expect(validateError(body), JSON.stringify(validateError.errors)).toBe(true);
    const documented = document.paths['/api/pdf/merge']?.post?.responses[String(refused.statusCode)];
    expect(documented && responseErrorCodes(documented)).toContain(body.error.code);
  });

  it('describes the real answers of the job API, and its examples fit its schema', async () => {
    const validateJob = ajv.compile(JOB_BODY_SCHEMA);
    const validateError = ajv.compile(ERROR_BODY_SCHEMA);
    const isJob = (body: unknown) => validateJob(body) || JSON.stringify(validateJob.errors);
    for (const example of Object.values(JOB_EXAMPLES)) expect(isJob(example)).toBe(true);
    const documentedCodes = (response: OpenApiResponse | undefined) =>
      response ? responseErrorCodes(response) : [];

    const inputs = await createProbeInputs();
    const form = new FormData();
    form.append(TOOL_FIELD, 'compress');
    inputs.compress.files.forEach((file, index) =>
      form.append(fileFieldName(TOOLS.compress, index), new Blob([file.bytes]), file.name),
    );
    for (const [name, value] of Object.entries(inputs.compress.fields)) form.append(name, value);
    const created = await testApp.app.inject({
      method: 'POST',
      url: JOBS_PATH,
      ...(await multipartOf(form)),
    });
    expect(created.statusCode).toBe(202);
    expect(document.paths[JOBS_PATH]?.post?.responses).toHaveProperty('202');
    const { job } = created.json<JobBody>();
    expect(isJob(created.json())).toBe(true);
    expect(created.headers.location).toBe(`${JOBS_PATH}/${job.id}`);

    const jobPath = `${JOBS_PATH}/${job.id}`;
    const get = async () => testApp.app.inject({ method: 'GET', url: jobPath });
    await expect.poll(async () => (await get()).json<JobBody>().job.state, { timeout: 30_000 }).toBe('done');
    const done = await get();
    expect(isJob(done.json())).toBe(true);

    const events = await testApp.app.inject({ method: 'GET', url: `${jobPath}/events` });
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    const data = /^data: (.*)$/m.exec(events.body)?.[1] ?? '';
    expect(isJob(JSON.parse(data))).toBe(true);

    const resultDoc = document.paths[`${JOBS_PATH}/{id}/result`]?.get?.responses;
    const result = await testApp.app.inject({ method: 'GET', url: `${jobPath}/result` });
    expect(result.statusCode).toBe(200);
    expect(Object.keys(resultDoc?.['200']?.content ?? {})).toContain(result.headers['content-type']);
    const documented = Object.keys(resultDoc?.['200']?.headers ?? {}).map((name) => name.toLowerCase());
    const extra = Object.keys(result.headers).filter(
      (name) => name.startsWith('x-') && !COMMON_HEADERS.includes(name),
    );
    expect(extra.filter((name) => !documented.includes(name))).toEqual([]);

    // Downloaded, then deleted: every endpoint of the job answers the documented 404.
    await expect.poll(async () => (await get()).statusCode).toBe(404);
    const again = await testApp.app.inject({ method: 'GET', url: `${jobPath}/result` });
    expect(again.statusCode).toBe(404);
    expect(validateError(again.json()), JSON.stringify(validateError.errors)).toBe(true);
    expect(documentedCodes(resultDoc?.['404'])).toContain(
      again.json<{ error: { code: string } }>().error.code,
    );
    const unknown = await testApp.app.inject({ method: 'DELETE', url: `${JOBS_PATH}/${JOB_ID_EXAMPLE}` });
    expect(unknown.statusCode).toBe(404);
    expect(documentedCodes(document.paths[`${JOBS_PATH}/{id}`]?.delete?.responses['404'])).toContain(
      unknown.json<{ error: { code: string } }>().error.code,
    );
  });
});
