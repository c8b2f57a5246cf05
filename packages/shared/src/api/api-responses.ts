import type { ErrorCode } from '../errors/error-codes.ts';
import { NOTICES_HEADER_SPEC, REPORT_SPECS } from '../reports/report-spec.ts';
import type { ToolId } from '../tools/tool-ids.ts';
import type { OpenApiHeader, OpenApiResponse } from './openapi-types.ts';
import { codesByStatus } from './tool-error-codes.ts';

/** The reason phrases of the statuses the API answers with. */
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

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

/** The headers of the per-client rate limit, on the answers of the requests it counts. */
export const RATE_LIMIT_HEADERS: Readonly<Record<string, OpenApiHeader>> = {
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

/** The headers of a tool's report on its result (`X-Page-Count`, …) and its notices, as its answer carries them. */
export function toolReportHeaders(toolId: ToolId): Record<string, OpenApiHeader> {
  return Object.fromEntries(
    [...REPORT_SPECS[toolId], NOTICES_HEADER_SPEC].map(({ header, description, type }) => [
      header,
      { description, schema: { type } },
    ]),
  );
}
