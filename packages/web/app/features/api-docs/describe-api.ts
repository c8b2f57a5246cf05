import {
  ERROR_CODES,
  ERROR_CODE_LIST,
  responseErrorCodes,
  type ErrorCode,
  type FieldSchema,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OperationLimits,
} from '@quire/shared';
import { curlExample } from './curl-example.ts';

/**
 * The API docs page's model, read from the OpenAPI document the server answers at `/api/openapi.json` (built by
 * the same function): endpoints in the document's order, with their fields, answers and error codes. English texts
 * come along as the document has them; the page shows the translation of each where its language has one.
 */
export type ParamDoc = {
  /** The field name, or for numbered fields beyond those listed the first and last name (`file-2`, `file-9`). */
  readonly name: string;
  readonly lastName?: string;
  readonly kind: 'file' | 'password' | 'option';
  readonly isRequired: boolean;
  /** 0-based number of a numbered field (`file-1` is 1); absent for `file` and `password`. */
  readonly index?: number;
  readonly mediaTypes: readonly string[];
  readonly values: readonly string[];
  readonly defaultValue?: string;
  readonly maxLength?: number;
  readonly examples: readonly string[];
  readonly description: string;
};

export type HeaderDoc = { readonly name: string; readonly description: string };

export type ResponseDoc = {
  readonly contentType: string;
  readonly description: string;
  /** The result's file name, for tools. */
  readonly fileName?: string;
  readonly headers: readonly HeaderDoc[];
  /** Top-level fields of a JSON answer described by a schema of the document. */
  readonly fields: readonly { readonly name: string; readonly description: string }[];
};

export type EndpointDoc = {
  readonly id: string;
  readonly operationId: string;
  readonly method: Uppercase<HttpMethod>;
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  readonly acceptsApiKey: boolean;
  readonly limits: OperationLimits | null;
  readonly params: readonly ParamDoc[];
  readonly curl: string;
  readonly response: ResponseDoc;
  readonly errors: readonly { readonly status: number; readonly codes: readonly ErrorCode[] }[];
};

export type ApiDocsModel = {
  readonly title: string;
  readonly version: string;
  readonly rateLimitPerMinute: number;
  readonly tags: readonly string[];
  readonly endpoints: readonly EndpointDoc[];
  /** Every code of the catalogue with its status, for the errors section. */
  readonly errorCodes: readonly { readonly code: ErrorCode; readonly status: number }[];
};

const METHODS = ['get', 'post'] as const satisfies readonly HttpMethod[];

function paramOf(name: string, schema: FieldSchema, isRequired: boolean): ParamDoc {
  const numbered = /^(file|password)-(\d+)$/.exec(name);
  const kind = schema.contentMediaType ? 'file' : /^password(-\d+)?$/.test(name) ? 'password' : 'option';
  return {
    name,
    kind,
    isRequired,
    ...(numbered ? { index: Number(numbered[2]) } : {}),
    mediaTypes: schema.contentMediaType?.split(/,\s*/) ?? [],
    values: schema.enum ?? [],
    ...(schema.default === undefined ? {} : { defaultValue: schema.default }),
    ...(schema.maxLength === undefined || kind === 'file' ? {} : { maxLength: schema.maxLength }),
    examples: schema.examples ?? [],
    description: schema.description,
  };
}

/** Numbered fields beyond those listed, as a range of names (`^file-\d+$` → `file-2` … `file-9`). */
function patternParam(pattern: string, schema: FieldSchema, listed: readonly ParamDoc[], maxFiles: number) {
  const base = /^\^([a-z]+)-/.exec(pattern)?.[1] ?? pattern;
  const next = listed.filter((param) => param.name.startsWith(`${base}-`)).length;
  return {
    ...paramOf(`${base}-${next}`, schema, false),
    lastName: `${base}-${maxFiles - 1}`,
  };
}

function responseOf(document: OpenApiDocument, operation: OpenApiOperation): ResponseDoc {
  const ok = operation.responses['200'];
  const [contentType = '', content] = Object.entries(ok?.content ?? {})[0] ?? [];
  const reference = content && '$ref' in content.schema ? content.schema.$ref : undefined;
  const schema: JsonSchema | undefined =
    typeof reference === 'string'
      ? document.components.schemas[reference.replace('#/components/schemas/', '')]
      : undefined;
  const properties = (schema?.properties ?? {}) as Record<string, { description?: string }>;
  const disposition = ok?.headers?.['Content-Disposition']?.description ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1];
  return {
    contentType,
    description: ok?.description ?? '',
    ...(fileName ? { fileName } : {}),
    headers: Object.entries(ok?.headers ?? {}).map(([name, header]) => ({
      name,
      description: header.description,
    })),
    fields: Object.entries(properties).map(([name, property]) => ({
      name,
      description: property.description ?? '',
    })),
  };
}

function endpointOf(
  document: OpenApiDocument,
  path: string,
  method: HttpMethod,
  operation: OpenApiOperation,
  origin: string,
): EndpointDoc {
  const body = operation.requestBody?.content['multipart/form-data'].schema;
  const listed = Object.entries(body?.properties ?? {}).map(([name, schema]) =>
    paramOf(name, schema, body?.required.includes(name) ?? false),
  );
  const limits = operation['x-limits'] ?? null;
  const extra = Object.entries(body?.patternProperties ?? {}).map(([pattern, schema]) =>
    patternParam(pattern, schema, listed, limits?.maxFiles ?? 1),
  );
  // Each numbered range right after the listed fields of its kind.
  const params = [...listed];
  for (const param of extra) {
    const stem = param.name.replace(/-\d+$/, '-');
    const lastOfKind = params.findLastIndex((listedParam) => listedParam.name.startsWith(stem));
    params.splice(lastOfKind + 1, 0, param);
  }
  const response = responseOf(document, operation);
  const endpoint = {
    id: operation.operationId,
    operationId: operation.operationId,
    method: method.toUpperCase() as Uppercase<HttpMethod>,
    path,
    tag: operation.tags[0] ?? '',
    summary: operation.summary,
    description: operation.description ?? '',
    acceptsApiKey: (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement),
    limits,
    params,
    response,
    errors: Object.entries(operation.responses)
      .map(([status, answer]) => ({ status: Number(status), codes: responseErrorCodes(answer) }))
      .filter((entry) => entry.codes.length > 0),
  };
  return { ...endpoint, curl: curlExample(endpoint, origin) };
}

export function describeApi(document: OpenApiDocument, origin: string): ApiDocsModel {
  const endpoints = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [endpointOf(document, path, method, operation, origin)] : [];
    }),
  );
  return {
    title: document.info.title,
    version: document.info.version,
    rateLimitPerMinute: document['x-rate-limit-per-minute'],
    tags: document.tags.map((tag) => tag.name),
    endpoints,
    errorCodes: ERROR_CODE_LIST.map((code) => ({ code, status: ERROR_CODES[code].httpStatus })),
  };
}
