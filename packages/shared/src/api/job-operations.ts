import { resultMimeTypes } from '../files/result-file-name.ts';
import { JOBS_PATH, TOOL_FIELD } from '../jobs/job-view.ts';
import { TOOLS } from '../tools/registry.ts';
import { toolRouteName } from '../tools/tool-fields.ts';
import { TOOL_IDS } from '../tools/tool-ids.ts';
import { RATE_LIMIT_HEADERS, errorResponses, toolReportHeaders } from './api-responses.ts';
import { dispositionExamples } from './result-name-docs.ts';
import {
  JOB_DOCS,
  JOB_EXAMPLES,
  JOB_ID_EXAMPLE,
  JOBS_TAG,
  formatJobEvent,
  type JobOperationId,
} from './job-docs.ts';
import { JOB_ID_PATTERN } from './job-schemas.ts';
import type {
  MultipartSchema,
  OpenApiDocument,
  OpenApiHeader,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
} from './openapi-types.ts';
import { createJobErrorCodes, jobResultErrorCodes } from './tool-error-codes.ts';
import { toolRequestSchema } from './tool-request-schema.ts';

const JOB_PATH = `${JOBS_PATH}/{id}`;

const ID_PARAMETER: OpenApiParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: JOB_DOCS.idParam,
  schema: { type: 'string', pattern: JOB_ID_PATTERN, examples: [JOB_ID_EXAMPLE] },
};

const JOB_BODY = {
  type: 'object',
  required: ['success', 'job'],
  properties: {
    success: { type: 'boolean', const: true },
    job: { $ref: '#/components/schemas/JobView' },
  },
} as const;

const NO_STORE: Readonly<Record<string, OpenApiHeader>> = {
  'Cache-Control': { description: JOB_DOCS.headers['Cache-Control'], schema: { type: 'string' } },
};

/** The start of an operation: its id, tag and words. */
function operationOf(
  operationId: JobOperationId,
): Pick<OpenApiOperation, 'operationId' | 'tags' | 'summary' | 'description'> {
  const { summary, description } = JOB_DOCS.operations[operationId];
  return { operationId, tags: [JOBS_TAG], summary, description };
}

/** The upload of a job: `tool` first, then the fields of that tool's endpoint (one variant per tool). */
function jobRequestSchema(): MultipartSchema {
  return {
    type: 'object',
    required: [TOOL_FIELD],
    properties: {
      [TOOL_FIELD]: {
        type: 'string',
        enum: [...new Set(TOOL_IDS.flatMap((id) => [id, toolRouteName(id)]))],
        examples: ['compress'],
        description: JOB_DOCS.toolField,
      },
    },
    oneOf: TOOL_IDS.map((id) => {
      const { type, required, properties, ...rest } = toolRequestSchema(id);
      return {
        type,
        title: id,
        description: `\`${TOOL_FIELD}=${id}\`, then the fields of \`POST ${TOOLS[id].apiPath}\`.`,
        required: [TOOL_FIELD, ...required],
        properties: {
          [TOOL_FIELD]: {
            type: 'string',
            enum: [...new Set([id, toolRouteName(id)])],
            description: 'The first field.',
          },
          ...properties,
        },
        ...rest,
      };
    }),
  };
}

/** The result of a job: the answer of its tool's endpoint, whichever tool it is. */
function resultResponse(): OpenApiResponse {
  const names = TOOL_IDS.map((id) => `${dispositionExamples(id).join(' or ')} (${id})`);
  return {
    description: JOB_DOCS.operations.getJobResult.response,
    headers: {
      'Content-Disposition': {
        description: `As the tool’s endpoint sends it: ${names.join(', ')}.`,
        schema: { type: 'string' },
      },
      ...Object.fromEntries(TOOL_IDS.flatMap((id) => Object.entries(toolReportHeaders(id)))),
    },
    content: Object.fromEntries(
      [...new Set(TOOL_IDS.flatMap((id) => resultMimeTypes(id)))].map((mimeType) => [
        mimeType,
        { schema: { type: 'string', contentMediaType: mimeType } },
      ]),
    ),
  };
}

/**
 * The asynchronous job API: `POST /api/v1/jobs` takes a tool's upload and answers 202 with the job; the job's own
 * endpoints (not rate-limited: the id is the key) say how it goes, send its result and delete it.
 */
export function jobPaths(isRateLimited: boolean): OpenApiDocument['paths'] {
  const notFound = errorResponses(['NOT_FOUND']);
  return {
    [JOBS_PATH]: {
      post: {
        ...operationOf('createJob'),
        security: [{}, { bearerAuth: [] }],
        requestBody: { required: true, content: { 'multipart/form-data': { schema: jobRequestSchema() } } },
        responses: {
          '202': {
            description: JOB_DOCS.operations.createJob.response,
            headers: {
              Location: { description: JOB_DOCS.headers.Location, schema: { type: 'string' } },
              ...(isRateLimited ? RATE_LIMIT_HEADERS : {}),
            },
            content: { 'application/json': { schema: JOB_BODY, example: JOB_EXAMPLES.queued } },
          },
          ...errorResponses(createJobErrorCodes(isRateLimited)),
        },
      },
    },
    [JOB_PATH]: {
      get: {
        ...operationOf('getJob'),
        parameters: [ID_PARAMETER],
        responses: {
          '200': {
            description: JOB_DOCS.operations.getJob.response,
            headers: NO_STORE,
            content: { 'application/json': { schema: JOB_BODY, example: JOB_EXAMPLES.done } },
          },
          ...notFound,
        },
      },
      delete: {
        ...operationOf('deleteJob'),
        parameters: [ID_PARAMETER],
        responses: { '204': { description: JOB_DOCS.operations.deleteJob.response }, ...notFound },
      },
    },
    [`${JOB_PATH}/events`]: {
      get: {
        ...operationOf('getJobEvents'),
        parameters: [ID_PARAMETER],
        responses: {
          '200': {
            description: JOB_DOCS.operations.getJobEvents.response,
            headers: NO_STORE,
            content: {
              'text/event-stream': {
                schema: {
                  type: 'string',
                  description:
                    'Events `job`, each `data` line a `{"success": true, "job": JobView}` object; lines starting with `:` are comments.',
                },
                example: formatJobEvent(JOB_EXAMPLES.running) + formatJobEvent(JOB_EXAMPLES.done),
              },
            },
          },
          ...errorResponses(['NOT_FOUND', 'TOO_MANY_STREAMS']),
        },
      },
    },
    [`${JOB_PATH}/result`]: {
      get: {
        ...operationOf('getJobResult'),
        parameters: [ID_PARAMETER],
        responses: { '200': resultResponse(), ...errorResponses(jobResultErrorCodes()) },
      },
    },
  };
}
