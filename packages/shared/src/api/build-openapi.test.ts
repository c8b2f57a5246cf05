import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { resultMimeTypes } from '../files/result-file-name.ts';
import { JOB_RETENTION_MS, JOB_STAGES, JOB_STATES, JOBS_PATH, TOOL_FIELD } from '../jobs/job-view.ts';
import { TOOLS } from '../tools/registry.ts';
import { toolRouteName } from '../tools/tool-fields.ts';
import { TOOL_IDS, type ToolId } from '../tools/tool-ids.ts';
import { buildOpenApi } from './build-openapi.ts';
import { toolOperationId } from './tool-words.ts';
import { JOB_EXAMPLES, JOB_ID_EXAMPLE, JOBS_TAG } from './job-docs.ts';
import { JOB_REPORT_SCHEMA, JOB_RESULT_SCHEMA, JOB_VIEW_SCHEMA } from './job-schemas.ts';
import { REPORT_FIGURES } from '../reports/report-spec.ts';
import { responseErrorCodes, type OpenApiOperation } from './openapi-types.ts';
import { dispositionExamples } from './result-name-docs.ts';
import { createJobErrorCodes, jobResultErrorCodes, toolErrorCodes } from './tool-error-codes.ts';

const limited = buildOpenApi({ version: '1.2.3', rateLimitPerMinute: 30 });
const unlimited = buildOpenApi({ version: '1.2.3', rateLimitPerMinute: 0 });

describe('toolErrorCodes', () => {
  it('names what each tool can really answer', () => {
    expect(toolErrorCodes(TOOLS.split, true)).toContain('INVALID_PAGE_RANGE');
    expect(toolErrorCodes(TOOLS.rotate, true)).toContain('INVALID_PAGE_RANGE');
    expect(toolErrorCodes(TOOLS.merge, true)).not.toContain('INVALID_PAGE_RANGE');
    expect(toolErrorCodes(TOOLS.merge, true)).toEqual(expect.arrayContaining(['PASSWORD_INCORRECT']));
    // Word documents can ask for a password, but the tool takes none: it can never be wrong.
    expect(toolErrorCodes(TOOLS['word-to-pdf'], true)).toContain('PASSWORD_REQUIRED');
    expect(toolErrorCodes(TOOLS['word-to-pdf'], true)).not.toContain('PASSWORD_INCORRECT');
    expect(toolErrorCodes(TOOLS['jpg-to-pdf'], true)).not.toContain('PASSWORD_REQUIRED');
    expect(toolErrorCodes(TOOLS.compress, true)).toContain('RATE_LIMITED');
    expect(toolErrorCodes(TOOLS.compress, false)).not.toContain('RATE_LIMITED');
    for (const id of TOOL_IDS) {
      expect(toolErrorCodes(TOOLS[id], true)).not.toContain('NOT_FOUND');
      expect(toolErrorCodes(TOOLS[id], true)).not.toContain('TOOL_UNAVAILABLE');
    }
  });
});

describe('buildOpenApi', () => {
  it('lists each error code under the status the catalogue gives it, with Retry-After on 429 and 503', () => {
    for (const [path, item] of Object.entries(limited.paths)) {
      for (const operation of Object.values(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const code of responseErrorCodes(response)) {
            expect(ERROR_CODES[code].httpStatus, `${path} ${code}`).toBe(Number(status));
          }
          if (status === '429' || status === '503') expect(response.headers).toHaveProperty('Retry-After');
        }
      }
    }
    const compress = limited.paths[TOOLS.compress.apiPath]?.post;
    expect(compress && responseErrorCodes(compress.responses['429'] ?? { description: '' })).toEqual([
      'RATE_LIMITED',
      'TOO_MANY_JOBS',
      'DISK_SHARE_FULL',
    ]);
  });

  it('says truthfully whether anonymous use is limited', () => {
    expect(limited.info.description).toContain('limited to 30 tool requests per minute per client');
    expect(limited['x-rate-limit-per-minute']).toBe(30);
    expect(unlimited.info.description).toContain('does not limit');
    const merge = unlimited.paths[TOOLS.merge.apiPath]?.post;
    // The fair share and the client's share of the job disk still apply.
    expect(merge && responseErrorCodes(merge.responses['429'] ?? { description: '' })).toEqual([
      'TOO_MANY_JOBS',
      'DISK_SHARE_FULL',
    ]);
    expect(merge?.responses['200']?.headers).not.toHaveProperty('X-RateLimit-Limit');
    const createJob = unlimited.paths[JOBS_PATH]?.post;
    expect(createJob && responseErrorCodes(createJob.responses['429'] ?? { description: '' })).toEqual([
      'TOO_MANY_JOBS',
      'DISK_SHARE_FULL',
    ]);
    expect(createJob?.responses['202']?.headers).not.toHaveProperty('X-RateLimit-Limit');
  });

  it('gives every tool its operation, upload limits and result file', () => {
    for (const id of TOOL_IDS) {
      const operation = limited.paths[TOOLS[id].apiPath]?.post;
      expect(operation?.operationId).toBe(toolOperationId(id));
      expect(operation?.['x-limits']).toEqual({
        minFiles: TOOLS[id].minFiles,
        maxFiles: TOOLS[id].maxFiles,
        maxFileBytes: TOOLS[id].maxFileBytes,
        maxRequestBytes: TOOLS[id].maxRequestBytes,
      });
      expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual([...resultMimeTypes(id)]);
    }
    // Results are named after the file sent; PDF to JPG of one page answers the JPG itself.
    const compressed = limited.paths[TOOLS.compress.apiPath]?.post?.responses['200'];
    expect(compressed?.headers?.['Content-Disposition']?.description).toContain(
      '`attachment; filename="report-compressed.pdf"`',
    );
    expect(compressed?.description).toContain('`report.pdf` gives `report-compressed.pdf`');
    const jpg = limited.paths[TOOLS['pdf-to-jpg'].apiPath]?.post?.responses['200'];
    expect(Object.keys(jpg?.content ?? {})).toEqual(['application/zip', 'image/jpeg']);
    expect(jpg?.headers?.['Content-Disposition']?.description).toContain(
      '`attachment; filename="report-jpg.zip"` or `attachment; filename="report.jpg"`',
    );
    expect(jpg?.description).toContain('or `report.jpg` for a one-page document');
    expect(toolOperationId('pdf-to-word')).toBe('pdfToWord');
    expect(Object.keys(limited.paths)).toEqual(
      expect.arrayContaining(['/api/status', '/api/openapi.json', '/healthz']),
    );
  });
});

describe('the asynchronous job API in the document', () => {
  const JOB = `${JOBS_PATH}/{id}`;
  const operation = (path: string, method: 'get' | 'post' | 'delete'): OpenApiOperation => {
    const found = limited.paths[path]?.[method];
    if (!found) throw new Error(`no ${method} ${path}`);
    return found;
  };
  const codesOf = (op: OpenApiOperation, status: string) =>
    responseErrorCodes(op.responses[status] ?? { description: '' });

  it('has its five operations under their tag, each on a job by its id', () => {
    const operations = [
      [JOBS_PATH, 'post', 'createJob'],
      [JOB, 'get', 'getJob'],
      [JOB, 'delete', 'deleteJob'],
      [`${JOB}/events`, 'get', 'getJobEvents'],
      [`${JOB}/result`, 'get', 'getJobResult'],
    ] as const;
    for (const [path, method, operationId] of operations) {
      const op = operation(path, method);
      expect(op.operationId).toBe(operationId);
      expect(op.tags).toEqual([JOBS_TAG]);
      if (path === JOBS_PATH) continue;
      expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
      expect(JOB_ID_EXAMPLE).toMatch(new RegExp(op.parameters?.[0]?.schema.pattern ?? '^$'));
      // Whoever holds the id may use it: no key, no rate limit.
      expect(op.security).toBeUndefined();
      expect(codesOf(op, '404')).toEqual(['NOT_FOUND']);
    }
    expect(limited.tags.map((tag) => tag.name)).toEqual(['Tools', JOBS_TAG, 'Service']);
    expect(limited['x-job-retention-seconds']).toBe(JOB_RETENTION_MS / 1000);
  });

  it('takes `tool`, then exactly the fields of that tool’s endpoint, and answers 202 with the job', () => {
    const create = operation(JOBS_PATH, 'post');
    const body = create.requestBody?.content['multipart/form-data'].schema;
    expect(body?.required).toEqual([TOOL_FIELD]);
    // Each tool by its id or by the name in its endpoint's path (`pdf-to-jpg`, `to-jpg`).
    const names = (id: ToolId) => [...new Set([id, toolRouteName(id)])];
    expect(body?.properties[TOOL_FIELD]?.enum).toEqual(TOOL_IDS.flatMap(names));
    expect(body?.oneOf?.map((variant) => variant.properties[TOOL_FIELD]?.enum)).toEqual(TOOL_IDS.map(names));
    for (const [index, id] of TOOL_IDS.entries()) {
      const own = limited.paths[TOOLS[id].apiPath]?.post?.requestBody?.content['multipart/form-data'].schema;
      const variant = body?.oneOf?.[index];
      expect(Object.keys(variant?.properties ?? {}), id).toEqual([
        TOOL_FIELD,
        ...Object.keys(own?.properties ?? {}),
      ]);
      expect(variant?.required, id).toEqual([TOOL_FIELD, ...(own?.required ?? [])]);
      expect(variant?.patternProperties, id).toEqual(own?.patternProperties);
      expect(variant?.additionalProperties, id).toBe(false);
    }
    const accepted = create.responses['202'];
    expect(accepted?.headers).toHaveProperty('Location');
    expect(accepted?.headers).toHaveProperty('X-RateLimit-Limit');
    expect(accepted?.content?.['application/json']?.schema).toMatchObject({
      properties: { job: { $ref: '#/components/schemas/JobView' } },
    });
    expect(create.security).toEqual([{}, { bearerAuth: [] }]);
    expect(codesOf(create, '429')).toEqual(['RATE_LIMITED', 'TOO_MANY_JOBS', 'DISK_SHARE_FULL']);
    expect(codesOf(create, '503')).toEqual(['SERVER_BUSY']);
    expect(codesOf(create, '413')).toEqual(['FILE_TOO_LARGE', 'REQUEST_TOO_LARGE', 'TOO_MANY_FILES']);
    // The work's failures are the job's `error`, not the answer to its creation.
    expect(createJobErrorCodes(true)).not.toContain('PASSWORD_REQUIRED');
    expect(createJobErrorCodes(true)).not.toContain('JOB_TIMEOUT');
  });

  it('describes the job object with its states and stages', () => {
    expect(limited.components.schemas.JobView).toBe(JOB_VIEW_SCHEMA);
    expect(JOB_VIEW_SCHEMA.required).toEqual(Object.keys(JOB_EXAMPLES.queued.job));
    expect(JOB_VIEW_SCHEMA.properties.state.enum).toEqual([...JOB_STATES]);
    expect(JOB_VIEW_SCHEMA.properties.progress.properties.stage.enum).toEqual([...JOB_STAGES]);
    expect(JOB_VIEW_SCHEMA.properties.tool.enum).toEqual([...TOOL_IDS]);
    for (const property of Object.values(JOB_VIEW_SCHEMA.properties))
      expect(property.description).toMatch(/\S/);
  });

  it('describes a done job’s result with its tool’s figures, each tool exactly its own', () => {
    expect(JOB_VIEW_SCHEMA.properties.result.anyOf[0]).toBe(JOB_RESULT_SCHEMA);
    const example = JOB_EXAMPLES.done.job.result;
    expect(JOB_RESULT_SCHEMA.required).toEqual(Object.keys(example ?? {}));
    expect(example?.report).toEqual({
      originalBytes: expect.any(Number) as number,
      outputBytes: example?.bytes,
    });
    expect(JOB_REPORT_SCHEMA.anyOf.map((alternative) => alternative.title)).toEqual([...TOOL_IDS]);
    for (const alternative of JOB_REPORT_SCHEMA.anyOf) {
      const figures = REPORT_FIGURES[alternative.title];
      expect(alternative.required, alternative.title).toEqual(Object.keys(figures));
      expect(alternative.additionalProperties).toBe(false);
      for (const [name, figure] of Object.entries(alternative.properties)) {
        expect(figure.description, `${alternative.title} ${name}`).toMatch(/\S/);
      }
    }
    expect(JOB_REPORT_SCHEMA.anyOf.find((a) => a.title === 'ocr')?.properties.confidence?.type).toEqual([
      'number',
      'null',
    ]);
    expect(JOB_REPORT_SCHEMA.anyOf.find((a) => a.title === 'word-to-pdf')?.required).toEqual([]);
  });

  it('sends a result as its tool’s endpoint does, 409 before it is ready, and a failed job’s error', () => {
    const result = operation(`${JOB}/result`, 'get');
    const ok = result.responses['200'];
    expect(Object.keys(ok?.content ?? {}).sort()).toEqual(
      [...new Set(TOOL_IDS.flatMap((id) => resultMimeTypes(id)))].sort(),
    );
    for (const id of TOOL_IDS) {
      for (const example of dispositionExamples(id)) {
        expect(ok?.headers?.['Content-Disposition']?.description).toContain(example);
      }
      const own = limited.paths[TOOLS[id].apiPath]?.post?.responses['200']?.headers ?? {};
      const reported = Object.keys(own).filter((name) => /^X-(?!RateLimit)/.test(name));
      expect(Object.keys(ok?.headers ?? {}), id).toEqual(expect.arrayContaining(reported));
    }
    expect(codesOf(result, '409')).toEqual(['JOB_NOT_READY']);
    expect(jobResultErrorCodes()).toEqual(
      expect.arrayContaining([
        'PASSWORD_INCORRECT',
        'INVALID_PAGE_RANGE',
        'CONVERSION_FAILED',
        'JOB_TIMEOUT',
      ]),
    );
    for (const code of ['RATE_LIMITED', 'INVALID_API_KEY', 'TOO_MANY_JOBS', 'NOT_MULTIPART'] as const) {
      expect(jobResultErrorCodes()).not.toContain(code);
    }
    expect(Object.keys(operation(`${JOB}/events`, 'get').responses['200']?.content ?? {})).toEqual([
      'text/event-stream',
    ]);
    // A client past its share of open event streams is refused.
    expect(codesOf(operation(`${JOB}/events`, 'get'), '429')).toEqual(['TOO_MANY_STREAMS']);
    const deleted = operation(JOB, 'delete').responses;
    expect(Object.keys(deleted)).toEqual(['204', '404']);
    expect(deleted['204']?.content).toBeUndefined();
  });
});
