import {
  ERROR_CODES,
  JOB_DOCS,
  JOB_EXAMPLES,
  JOB_ID_EXAMPLE,
  JOB_RETENTION_MS,
  JOB_VIEW_SCHEMA,
  STATUS_REPORT_SCHEMA,
  TOOLS,
  REPORT_SPECS,
  TOOL_IDS,
  toolRouteName,
  buildOpenApi,
  resultNameExample,
  toolOperationId,
} from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../i18n/create-translator.ts';
import { ownMessages } from '../../i18n/messages.ts';
import { curlExample } from './curl-example.ts';
import { describeApi, type EndpointDoc } from './describe-api.ts';

const ORIGIN = 'https://pdf.example.org';
const document = buildOpenApi({ version: '0.1.0', rateLimitPerMinute: 30 });
const model = describeApi(document, ORIGIN);
const endpoint = (operationId: string): EndpointDoc => {
  const found = model.endpoints.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no ${operationId}`);
  return found;
};

describe('describeApi', () => {
  it('lists every operation of the document with its fields, answer and error codes', () => {
    expect(model.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const split = endpoint('split');
    expect(split.params.map((p) => [p.name, p.kind, p.isRequired])).toEqual([
      ['file', 'file', true],
      ['password', 'password', false],
      ['mode', 'option', false],
      ['pageRange', 'option', false],
    ]);
    expect(split.params.find((p) => p.name === 'mode')).toMatchObject({
      values: ['pages', 'range'],
      defaultValue: 'pages',
    });
    expect(split.response).toMatchObject({
      status: 200,
      contentTypes: ['application/zip'],
      fileNames: ['report-split.zip'],
    });
    expect(split.errors.find((e) => e.status === 400)?.codes).toContain('INVALID_PAGE_RANGE');
    expect(endpoint('rotate').params.find((p) => p.name === 'angle')?.isRequired).toBe(true);
    expect(model.rateLimitPerMinute).toBe(30);
  });

  it('gives numbered fields beyond those listed as one range, right after their kind', () => {
    const merge = endpoint('merge');
    expect(merge.params.map((p) => (p.lastName ? `${p.name}…${p.lastName}` : p.name))).toEqual([
      'file-0',
      'file-1',
      `file-2…file-${TOOLS.merge.maxFiles - 1}`,
      'password-0',
      `password-1…password-${TOOLS.merge.maxFiles - 1}`,
    ]);
    expect(merge.params[1]).toMatchObject({ index: 1, isRequired: true, mediaTypes: ['application/pdf'] });
    expect(merge.limits?.maxFiles).toBe(TOOLS.merge.maxFiles);
  });

  it('describes the compress answer’s size headers and the status report’s fields', () => {
    const names = endpoint('compress').response.headers.map((h) => h.name);
    // Its report's headers, named in the one header table, among the rate limit's and the others of its answer.
    expect(names).toEqual(
      expect.arrayContaining(['Content-Disposition', ...REPORT_SPECS.compress.map((spec) => spec.header)]),
    );
    expect(names).toEqual(
      Object.keys(document.paths['/api/pdf/compress']?.post?.responses['200']?.headers ?? {}),
    );
    expect(names.length).toBeGreaterThan(REPORT_SPECS.compress.length + 2);
    const status = endpoint('getStatus');
    expect(status.response.fields.map((f) => f.name)).toEqual(Object.keys(STATUS_REPORT_SCHEMA.properties));
    expect(status.params).toEqual([]);
    expect(status.acceptsApiKey).toBe(false);
  });
});

describe('describeApi for the asynchronous job API', () => {
  it('gives the job upload its `tool` field and links each tool whose fields follow it', () => {
    const create = endpoint('createJob');
    expect(create).toMatchObject({ method: 'POST', path: '/api/v1/jobs', tag: 'Jobs', acceptsApiKey: true });
    expect(create.bodyType).toBe('multipart/form-data');
    expect(create.params.map((p) => [p.name, p.kind, p.isRequired])).toEqual([['tool', 'option', true]]);
    // Each tool by its id or by the name in its endpoint's path.
    expect(create.params[0]?.values).toEqual(TOOL_IDS.flatMap((id) => [...new Set([id, toolRouteName(id)])]));
    expect(create.variants).toEqual(TOOL_IDS.map((id) => ({ value: id, operationId: toolOperationId(id) })));
    for (const variant of create.variants)
      expect(model.endpoints.map((e) => e.id)).toContain(variant.operationId);
    expect(create.response.status).toBe(202);
    expect(create.response.headers.map((h) => h.name)).toContain('Location');
    expect(JSON.parse(create.response.example ?? '')).toEqual(JOB_EXAMPLES.queued);
  });

  it('describes each job endpoint by its id in the path, and the answers without a body or with any tool’s file', () => {
    for (const operationId of ['getJob', 'deleteJob', 'getJobEvents', 'getJobResult']) {
      const job = endpoint(operationId);
      expect(job.bodyType, operationId).toBeNull();
      expect(
        job.params.map((p) => [p.name, p.kind, p.isRequired]),
        operationId,
      ).toEqual([['id', 'path', true]]);
      expect(job.acceptsApiKey, operationId).toBe(false);
      expect(job.errors.find((e) => e.status === 404)?.codes, operationId).toEqual(['NOT_FOUND']);
    }
    expect(endpoint('deleteJob').response).toMatchObject({ status: 204, contentTypes: [], fileNames: [] });
    const result = endpoint('getJobResult');
    // Each name once: Word to PDF and Excel to PDF both give report.pdf.
    expect(result.response.fileNames).toEqual([
      ...new Set(TOOL_IDS.flatMap((id) => resultNameExample(id).results.map(({ fileName }) => fileName))),
    ]);
    expect(result.errors.find((e) => e.status === 409)?.codes).toEqual(['JOB_NOT_READY']);
    expect(endpoint('getJobEvents').response.contentTypes).toEqual(['text/event-stream']);
    expect(endpoint('getJobEvents').response.example).toMatch(/^event: job\ndata: \{"success":true,/);
    expect(model.jobFields.map((f) => f.name)).toEqual(Object.keys(JOB_VIEW_SCHEMA.properties));
    expect(model.jobRetentionMinutes).toBe(JOB_RETENTION_MS / 60_000);
    expect(model.tags).toEqual(['Tools', 'Jobs', 'Service']);
  });
});

describe('curlExample', () => {
  it('posts the listed files and the options with values to the public origin and saves the result', () => {
    expect(endpoint('split').curl).toBe(
      [`curl '${ORIGIN}/api/pdf/split'`, `-F 'file=@document.pdf'`, `-F 'mode=pages'`, `-OJ`].join(' \\\n  '),
    );
    expect(endpoint('jpgToPdf').curl).toContain(`-F 'file-0=@photo-1.jpg' \\\n  -F 'file-1=@photo-2.jpg'`);
    expect(endpoint('wordToPdf').curl).toContain(`-F 'file=@report.docx'`);
    expect(endpoint('excelToPdf').curl).toContain(`-F 'file=@report.xlsx'`);
    expect(endpoint('excelToPdf').curl).toContain(`-F 'fitWidth=true'`);
    expect(endpoint('rotate').curl).toContain(`-F 'angle=90'`);
    expect(endpoint('getStatus').curl).toBe(`curl '${ORIGIN}/api/status'`);
    // Each result is named after the file sent: curl saves it under the name the server gives.
    for (const id of TOOL_IDS) expect(endpoint(toolOperationId(id)).curl.endsWith(' -OJ')).toBe(true);
    expect(endpoint('pdfToJpg').response).toMatchObject({
      contentTypes: ['application/zip', 'image/jpeg'],
      fileNames: ['report-jpg.zip', 'report.jpg'],
    });
  });

  it('creates a job with `tool` first and then the tool’s fields, and uses the job by its id', () => {
    const job = `${ORIGIN}/api/v1/jobs/${JOB_ID_EXAMPLE}`;
    expect(endpoint('createJob').curl).toBe(
      [
        `curl '${ORIGIN}/api/v1/jobs'`,
        `-F 'tool=compress'`,
        `-F 'file=@document.pdf'`,
        `-F 'quality=medium'`,
      ].join(' \\\n  '),
    );
    expect(endpoint('getJob').curl).toBe(`curl '${job}'`);
    expect(endpoint('getJobEvents').curl).toBe(`curl '${job}/events' \\\n  -N`);
    expect(endpoint('getJobResult').curl).toBe(`curl '${job}/result' \\\n  -OJ`);
    expect(endpoint('deleteJob').curl).toBe(`curl '${job}' \\\n  -X DELETE`);
  });

  it('quotes what a shell would otherwise split or expand', () => {
    const curl = curlExample(
      {
        method: 'POST',
        path: '/x',
        params: [{ name: 'q', kind: 'option', isRequired: true, mediaTypes: [], values: ["it's"] }],
        response: { fileNames: [], contentTypes: [] },
      },
      ORIGIN,
    );
    expect(curl).toContain(`-F 'q=it'\\''s'`);
  });
});

describe('the API docs messages', () => {
  const english = ownMessages('en');
  const text = (key: string) => english[`apiDocs.${key}`];

  // A tool's summary, description and options are the document's words, read from these messages (`toolWords`).
  it('carry the document’s own English words for every header of a tool’s answer', () => {
    for (const id of TOOL_IDS) {
      for (const { header, description } of REPORT_SPECS[id]) {
        expect(text(`headers.${header}`), header).toBe(description);
      }
    }
  });

  it('carry the document’s own English words for the job API', () => {
    const { t } = getTranslator('en');
    const formatted = (key: string) => t(`apiDocs.${key}` as Parameters<typeof t>[0]);
    for (const [operationId, words] of Object.entries(JOB_DOCS.operations)) {
      expect(formatted(`operations.${operationId}.summary`), operationId).toBe(words.summary);
      expect(formatted(`operations.${operationId}.description`), operationId).toBe(words.description);
      expect(formatted(`responses.${operationId}`), operationId).toBe(words.response);
    }
    expect(formatted('operations.createJob.params.tool')).toBe(JOB_DOCS.toolField);
    expect(formatted('pathParams.id')).toBe(JOB_DOCS.idParam);
    expect(formatted('tags.Jobs.description')).toBe(JOB_DOCS.tag);
    for (const [name, description] of Object.entries(JOB_DOCS.headers)) {
      expect(formatted(`headers.${name}`), name).toBe(description);
    }
    for (const [name, property] of Object.entries(JOB_VIEW_SCHEMA.properties)) {
      expect(formatted(`jobFields.${name}`), name).toBe(property.description);
    }
  });

  it('have a text for everything the page reads from the document', () => {
    for (const e of model.endpoints) {
      expect(text(`operations.${e.operationId}.summary`), e.operationId).toBeDefined();
      expect(text(`operations.${e.operationId}.description`), e.operationId).toBeDefined();
      if (e.response.fileNames.length !== 1)
        expect(text(`responses.${e.operationId}`), e.operationId).toBeDefined();
      for (const h of e.response.headers) expect(text(`headers.${h.name}`), h.name).toBeDefined();
      for (const f of e.response.fields) expect(text(`statusFields.${f.name}`), f.name).toBeDefined();
      for (const p of e.params.filter((param) => param.kind === 'option')) {
        expect(text(`operations.${e.operationId}.params.${p.name}`), p.name).toBeDefined();
      }
      for (const p of e.params.filter((param) => param.kind === 'path')) {
        expect(text(`pathParams.${p.name}`), p.name).toBeDefined();
      }
    }
    for (const f of model.jobFields) expect(text(`jobFields.${f.name}`), f.name).toBeDefined();
    for (const tag of model.tags) expect(text(`tags.${tag}.title`), tag).toBeDefined();
    for (const { code, status } of model.errorCodes) {
      expect(text(`codes.${code}`), code).toBeDefined();
      expect(text(`statuses.${status}`), String(status)).toBeDefined();
      expect(ERROR_CODES[code].httpStatus).toBe(status);
    }
  });
});
