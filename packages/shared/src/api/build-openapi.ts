import { resultMimeTypes } from '../files/result-file-name.ts';
import { JOB_RETENTION_MS } from '../jobs/job-view.ts';
import { TOOLS, type ToolDefinition } from '../tools/registry.ts';
import { TOOL_IDS, type ToolId } from '../tools/tool-ids.ts';
import { RATE_LIMIT_HEADERS, errorResponses, toolReportHeaders } from './api-responses.ts';
import { ERROR_BODY_SCHEMA, STATUS_REPORT_SCHEMA } from './api-schemas.ts';
import { JOB_VIEW_SCHEMA } from './job-schemas.ts';
import { JOB_DOCS, JOBS_TAG } from './job-docs.ts';
import { jobPaths } from './job-operations.ts';
import type { OpenApiDocument, OpenApiOperation } from './openapi-types.ts';
import { dispositionExamples, resultNameExample } from './result-name-docs.ts';
import { toolOperationId, toolWords } from './tool-words.ts';
import { toolErrorCodes } from './tool-error-codes.ts';
import { megabytes, toolRequestSchema } from './tool-request-schema.ts';

// The package's index exports this module: what the job API's reference defines is exported with it.
export { errorResponses } from './api-responses.ts';
export * from './job-docs.ts';
export * from './job-schemas.ts';

export type OpenApiSettings = {
  readonly version: string;
  /** Tool requests per minute per client without a key; 0 when the operator turned the limit off. */
  readonly rateLimitPerMinute: number;
};

function toolOperation(toolId: ToolId, isRateLimited: boolean): OpenApiOperation {
  const tool: ToolDefinition = TOOLS[toolId];
  const words = toolWords(toolId);
  const each = `of at most ${megabytes(tool.maxFileBytes)} each, ${megabytes(tool.maxRequestBytes)} in all.`;
  const files =
    tool.maxFiles === 1
      ? `One file, at most ${megabytes(tool.maxFileBytes)}.`
      : tool.minFiles === tool.maxFiles
        ? `Exactly ${tool.maxFiles} files ${each}`
        : `${tool.minFiles} to ${tool.maxFiles} files ${each}`;
  return {
    operationId: toolOperationId(toolId),
    tags: ['Tools'],
    summary: words.summary,
    description: `${words.description}\n\n${files} The file type is read from the bytes, not the name.`,
    security: [{}, { bearerAuth: [] }],
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: toolRequestSchema(toolId) } },
    },
    responses: {
      '200': {
        description: `The result, named after the file sent (the first, when there are several): ${namingOf(toolId)}. Uploads are deleted from the server as soon as the job ends, and the result as soon as it has been downloaded: here, as soon as this answer is sent.`,
        headers: {
          'Content-Disposition': {
            description: `${dispositionExamples(toolId).join(' or ')}; a name that is not plain ASCII also comes in \`filename*\` (UTF-8).`,
            schema: { type: 'string' },
          },
          ...(isRateLimited ? RATE_LIMIT_HEADERS : {}),
          ...toolReportHeaders(toolId),
        },
        content: Object.fromEntries(
          resultMimeTypes(toolId).map((mimeType) => [
            mimeType,
            { schema: { type: 'string', contentMediaType: mimeType } },
          ]),
        ),
      },
      ...errorResponses(toolErrorCodes(tool, isRateLimited)),
    },
    'x-limits': {
      minFiles: tool.minFiles,
      maxFiles: tool.maxFiles,
      maxFileBytes: tool.maxFileBytes,
      maxRequestBytes: tool.maxRequestBytes,
    },
  };
}

/** `report.pdf` gives `report-compressed.pdf`; for PDF to JPG also the JPG of a one-page document. */
function namingOf(toolId: ToolId): string {
  const { source, results } = resultNameExample(toolId);
  const [first, ...others] = results.map(({ fileName }) => `\`${fileName}\``);
  // Each tool with a second type of result gives it in one case: PDF to JPG for one page, Redact PDF's preview.
  const when = toolId === 'redact' ? 'with `preview=true`' : 'for a one-page document';
  const alone = others.map((name) => `, or ${name} ${when}`).join('');
  return `\`${source}\` gives ${first ?? ''}${alone}`;
}

/** The endpoints about the service itself (not rate-limited, no key needed). */
const SERVICE_PATHS: OpenApiDocument['paths'] = {
  '/api/status': {
    get: {
      operationId: 'getStatus',
      tags: ['Service'],
      summary: 'Live status',
      description:
        'The status page’s figures, computed from this server’s own probes: each tool is run on a small built-in document on a schedule.',
      responses: {
        '200': {
          description: 'The status report.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/StatusReport' } } },
        },
        ...errorResponses(['INTERNAL']),
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'getOpenApi',
      tags: ['Service'],
      summary: 'This reference',
      description: 'This document: the OpenAPI 3.1 description of the API of this server.',
      responses: {
        '200': {
          description: 'The OpenAPI document.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  },
  '/healthz': {
    get: {
      operationId: 'getHealth',
      tags: ['Service'],
      summary: 'Liveness',
      description: 'Answers as long as the server process runs.',
      responses: {
        '200': {
          description: 'The process answers: `{"status": "ok"}`.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of the HTTP API, built from the tool registry, the error catalogue, the limits and the
 * answers' JSON Schemas: the same definitions the server validates and serialises with. The server answers it at
 * `GET /api/openapi.json` and the API docs page is rendered from it when the site is built, so neither can drift
 * from the API.
 */
export function buildOpenApi({ version, rateLimitPerMinute }: OpenApiSettings): OpenApiDocument {
  const isRateLimited = rateLimitPerMinute > 0;
  const limits = isRateLimited
    ? `Anonymous use is limited to ${rateLimitPerMinute} tool requests per minute per client (an IPv4 address or an IPv6 /64 network); beyond that the answer is 429 \`RATE_LIMITED\` with \`Retry-After\`. An API key issued by the operator of this server lifts the limit.`
    : 'This server does not limit the rate of anonymous requests.';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire API',
      version,
      summary: 'The PDF tools of this site, over HTTP: multipart in, file out.',
      description: `Every tool is one \`POST\` with \`multipart/form-data\` that answers the resulting file; the same upload can also be sent as an asynchronous job to \`POST /api/v1/jobs\`, whose result is fetched when it is ready. Uploads are deleted as soon as their job ends, and a result as soon as it has been downloaded, or ${JOB_RETENTION_MS / 60_000} minutes after its job ends if it never is. No account is needed. ${limits} Errors answer \`{"success": false, "error": {"code", "message", "details"}}\` with the status of their code.`,
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Tools', description: 'Document operations.' },
      { name: JOBS_TAG, description: JOB_DOCS.tag },
      { name: 'Service', description: 'Status and health of this server.' },
    ],
    paths: {
      ...Object.fromEntries(
        TOOL_IDS.map((id) => [TOOLS[id].apiPath, { post: toolOperation(id, isRateLimited) }]),
      ),
      ...jobPaths(isRateLimited),
      ...SERVICE_PATHS,
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key issued by the operator of this server, sent as `Authorization: Bearer <key>`. Optional; a key that is not valid is refused with 401 `INVALID_API_KEY`.',
        },
      },
      schemas: { ErrorBody: ERROR_BODY_SCHEMA, StatusReport: STATUS_REPORT_SCHEMA, JobView: JOB_VIEW_SCHEMA },
    },
    'x-rate-limit-per-minute': rateLimitPerMinute,
    'x-job-retention-seconds': JOB_RETENTION_MS / 1000,
  };
}
