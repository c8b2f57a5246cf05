import type { ErrorCode } from '../errors/error-codes.ts';
import { FILE_KINDS } from '../files/file-kinds.ts';
import { MAX_FIELD_BYTES, MAX_PASSWORD_CHARS } from '../limits.ts';
import type { OptionSpec } from '../tools/option-specs.ts';
import { TOOLS, fileFieldName, passwordFieldName, type ToolDefinition } from '../tools/registry.ts';
import { TOOL_IDS, type ToolId } from '../tools/tool-ids.ts';
import { NOTICES_HEADER } from '../reports/report-headers.ts';
import { ERROR_BODY_SCHEMA, STATUS_REPORT_SCHEMA } from './api-schemas.ts';
import type {
  FieldSchema,
  MultipartSchema,
  OpenApiDocument,
  OpenApiHeader,
  OpenApiOperation,
  OpenApiResponse,
} from './openapi-types.ts';
import { NOTICES_HEADER_DOC, TOOL_DOCS, type ToolDoc } from './tool-docs.ts';
import { codesByStatus, toolErrorCodes } from './tool-error-codes.ts';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export type OpenApiSettings = {
  readonly version: string;
  /** Tool requests per minute per client without a key; 0 when the operator turned the limit off. */
  readonly rateLimitPerMinute: number;
};

/** The reason phrases of the statuses the API answers with. */
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** The operation id of a tool: its id in camel case (`pdf-to-word` → `pdfToWord`). */
export function toolOperationId(toolId: ToolId): string {
  return toolId.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());
}

function optionSchema(name: string, spec: OptionSpec, doc: ToolDoc): FieldSchema {
  const description = doc.options[name] ?? '';
  if (spec.kind === 'enum') {
    return {
      type: 'string',
      enum: [...spec.values],
      ...(spec.default ? { default: spec.default } : {}),
      description,
    };
  }
  return { type: 'string', maxLength: MAX_FIELD_BYTES, examples: ['1-5, 10-15', '3', '8-'], description };
}

/** The multipart fields of one tool: its files, their passwords and its options. */
function requestSchema(tool: ToolDefinition, doc: ToolDoc): MultipartSchema {
  const contentMediaType = tool.accepts.flatMap((kind) => FILE_KINDS[kind].mimeTypes).join(', ');
  const properties: Record<string, FieldSchema> = {};
  const required: string[] = [];
  const file = (index: number): FieldSchema => ({
    type: 'string',
    contentMediaType,
    description:
      tool.fileField === 'single'
        ? `The ${tool.accepts.map((kind) => FILE_KINDS[kind].label).join(' or ')} file, at most ${megabytes(tool.maxFileBytes)}.`
        : `File ${index + 1}, at most ${megabytes(tool.maxFileBytes)}.`,
  });
  const shown = tool.fileField === 'single' ? 1 : Math.max(tool.minFiles, 2);
  for (let index = 0; index < shown; index += 1) {
    properties[fileFieldName(tool, index)] = file(index);
    if (index < tool.minFiles) required.push(fileFieldName(tool, index));
  }
  const patternProperties: Record<string, FieldSchema> = {};
  if (tool.fileField === 'indexed') {
    patternProperties['^file-\\d+$'] = {
      type: 'string',
      contentMediaType,
      description: `Further files, numbered without gaps, up to \`${fileFieldName(tool, tool.maxFiles - 1)}\`.`,
    };
  }
  if (tool.readsPdf) {
    const password: FieldSchema = {
      type: 'string',
      maxLength: MAX_PASSWORD_CHARS,
      description:
        'The password that opens a protected PDF. Files protected only against printing or copying need none.',
    };
    properties[passwordFieldName(tool, 0)] = password;
    if (tool.fileField === 'indexed')
      patternProperties['^password-\\d+$'] = {
        ...password,
        description: 'The password of the file with the same number.',
      };
  }
  for (const [name, spec] of Object.entries(tool.options) as [string, OptionSpec][]) {
    properties[name] = optionSchema(name, spec, doc);
    if (spec.kind === 'enum' && spec.default === undefined) required.push(name);
  }
  return {
    type: 'object',
    required,
    properties,
    ...(Object.keys(patternProperties).length > 0 ? { patternProperties } : {}),
    additionalProperties: false,
  };
}

/** One answer per status, its schema the error body narrowed to the codes of that status. */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, OpenApiResponse> {
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, list] of codesByStatus(codes)) {
    const mayRetry = status === 429 || status === 503;
    responses[String(status)] = {
      description: `${STATUS_TEXTS[status] ?? 'Error'}. Codes: ${list.map((code) => `\`${code}\``).join(', ')}.`,
      ...(mayRetry
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again.',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ErrorBody' },
              { properties: { error: { properties: { code: { enum: list } } } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}

const RATE_LIMIT_HEADERS: Readonly<Record<string, OpenApiHeader>> = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute without an API key.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current minute.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': { description: 'Seconds until the count starts again.', schema: { type: 'integer' } },
};

function toolOperation(toolId: ToolId, isRateLimited: boolean): OpenApiOperation {
  const tool: ToolDefinition = TOOLS[toolId];
  const doc: ToolDoc = TOOL_DOCS[toolId];
  const files =
    tool.maxFiles === 1
      ? `One file, at most ${megabytes(tool.maxFileBytes)}.`
      : `${tool.minFiles} to ${tool.maxFiles} files of at most ${megabytes(tool.maxFileBytes)} each, ${megabytes(tool.maxRequestBytes)} in all.`;
  return {
    operationId: toolOperationId(toolId),
    tags: ['Tools'],
    summary: doc.summary,
    description: `${doc.description}\n\n${files} The file type is read from the bytes, not the name.`,
    security: [{}, { bearerAuth: [] }],
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: requestSchema(tool, doc) } },
    },
    responses: {
      '200': {
        description: `The result, \`${tool.output.fileName}\`. Uploads and the result are deleted from the server as soon as this answer is sent.`,
        headers: {
          'Content-Disposition': {
            description: `\`attachment; filename="${tool.output.fileName}"\``,
            schema: { type: 'string' },
          },
          ...(isRateLimited ? RATE_LIMIT_HEADERS : {}),
          ...Object.fromEntries(
            Object.entries({ ...doc.resultHeaders, [NOTICES_HEADER]: NOTICES_HEADER_DOC }).map(
              ([name, header]) => [name, { description: header.description, schema: { type: header.type } }],
            ),
          ),
        },
        content: {
          [tool.output.mimeType]: { schema: { type: 'string', contentMediaType: tool.output.mimeType } },
        },
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
      description: `Every tool is one \`POST\` with \`multipart/form-data\` that answers the resulting file. No account is needed. ${limits} Errors answer \`{"success": false, "error": {"code", "message", "details"}}\` with the status of their code.`,
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Tools', description: 'Document operations.' },
      { name: 'Service', description: 'Status and health of this server.' },
    ],
    paths: {
      ...Object.fromEntries(
        TOOL_IDS.map((id) => [TOOLS[id].apiPath, { post: toolOperation(id, isRateLimited) }]),
      ),
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
      schemas: { ErrorBody: ERROR_BODY_SCHEMA, StatusReport: STATUS_REPORT_SCHEMA },
    },
    'x-rate-limit-per-minute': rateLimitPerMinute,
  };
}
