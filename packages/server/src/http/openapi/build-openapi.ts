import {
  ERROR_CODES,
  ERROR_CODE_LIST,
  MAX_FIELD_BYTES,
  TOOLS,
  TOOL_IDS,
  fileFieldName,
  passwordFieldName,
  type FileKind,
  type OptionSpec,
  type ToolDefinition,
  type ToolId,
} from '@quire/shared';
import { ERROR_BODY_SCHEMA, STATUS_REPORT_SCHEMA } from './schemas.ts';
import { TOOL_DOCS, type ToolDoc } from './tool-docs.ts';

const MEDIA_TYPES: Readonly<Record<FileKind, readonly string[]>> = {
  pdf: ['application/pdf'],
  word: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  image: ['image/jpeg', 'image/png'],
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export type OpenApiSettings = {
  readonly version: string;
  /** Tool requests per minute per client without a key; 0 when the operator turned the limit off. */
  readonly rateLimitPerMinute: number;
};

function optionSchema(name: string, spec: OptionSpec, doc: ToolDoc): Record<string, unknown> {
  const description = doc.options[name];
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

function isRequired(spec: OptionSpec): boolean {
  return spec.kind === 'enum' && spec.default === undefined;
}

/** The multipart fields of one tool: its files, their passwords and its options. */
function requestSchema(tool: ToolDefinition, doc: ToolDoc) {
  const fileTypes = tool.accepts.flatMap((kind) => MEDIA_TYPES[kind]);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const file = (index: number) => ({
    type: 'string',
    contentMediaType: fileTypes.join(', '),
    description:
      tool.fileField === 'single'
        ? `The ${tool.accepts.join(' or ')} file, at most ${megabytes(tool.maxFileBytes)}.`
        : `File ${index + 1}, at most ${megabytes(tool.maxFileBytes)}.`,
  });
  const shown = tool.fileField === 'single' ? 1 : Math.max(tool.minFiles, 2);
  for (let index = 0; index < shown; index += 1) {
    properties[fileFieldName(tool, index)] = file(index);
    if (index < tool.minFiles) required.push(fileFieldName(tool, index));
  }
  const patternProperties: Record<string, unknown> = {};
  if (tool.fileField === 'indexed') {
    patternProperties['^file-\\d+$'] = {
      type: 'string',
      contentMediaType: fileTypes.join(', '),
      description: `Further files, numbered without gaps, up to \`${fileFieldName(tool, tool.maxFiles - 1)}\`.`,
    };
  }
  if (tool.readsPdf) {
    const password = {
      type: 'string',
      maxLength: MAX_FIELD_BYTES,
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
    if (isRequired(spec)) required.push(name);
  }
  return {
    type: 'object',
    required,
    properties,
    ...(Object.keys(patternProperties).length > 0 ? { patternProperties } : {}),
    additionalProperties: false,
  };
}

/** The error answers a tool can give, by status, each listing its codes. */
function errorResponses() {
  const byStatus = new Map<number, string[]>();
  for (const code of ERROR_CODE_LIST) {
    const status = ERROR_CODES[code].httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retry = status === 429 || status === 503;
    responses[String(status)] = {
      description: `Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      ...(retry
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again.',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return responses;
}

function toolOperation(toolId: ToolId, rateLimited: boolean) {
  const tool: ToolDefinition = TOOLS[toolId];
  const doc: ToolDoc = TOOL_DOCS[toolId];
  const files =
    tool.maxFiles === 1
      ? `One file, at most ${megabytes(tool.maxFileBytes)}.`
      : `${tool.minFiles} to ${tool.maxFiles} files of at most ${megabytes(tool.maxFileBytes)} each, ${megabytes(tool.maxRequestBytes)} in all.`;
  return {
    operationId: toolId.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase()),
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
          ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
          ...Object.fromEntries(
            Object.entries(doc.resultHeaders).map(([name, header]) => [
              name,
              { description: header.description, schema: { type: header.type } },
            ]),
          ),
        },
        content: {
          [tool.output.mimeType]: { schema: { type: 'string', contentMediaType: tool.output.mimeType } },
        },
      },
      ...errorResponses(),
    },
  };
}

const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': {
    description: 'Requests allowed per minute without an API key.',
    schema: { type: 'integer' },
  },
  'x-ratelimit-remaining': {
    description: 'Requests left in the current minute.',
    schema: { type: 'integer' },
  },
  'x-ratelimit-reset': { description: 'Seconds until the count starts again.', schema: { type: 'integer' } },
};

/**
 * The OpenAPI 3.1 document of the HTTP API (`GET /api/openapi.json`), built from the tool registry, the error
 * catalogue, the limits and the answers' JSON Schemas: the same definitions the server validates and serialises
 * with, so the reference cannot drift from the API. The API docs page is generated from it.
 */
export function buildOpenApi({ version, rateLimitPerMinute }: OpenApiSettings) {
  const rateLimited = rateLimitPerMinute > 0;
  const limits = rateLimited
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
        TOOL_IDS.map((id) => [TOOLS[id].apiPath, { post: toolOperation(id, rateLimited) }]),
      ),
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
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'getHealth',
          tags: ['Service'],
          summary: 'Liveness',
          responses: { '200': { description: 'The process answers: `{"status": "ok"}`.' } },
        },
      },
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
  };
}
