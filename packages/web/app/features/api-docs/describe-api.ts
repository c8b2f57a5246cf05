import {
  ERROR_CODES,
  ERROR_CODE_LIST,
  responseErrorCodes,
  toolOperationId,
  type ErrorCode,
  type FieldSchema,
  type HttpMethod,
  type JsonSchema,
  type MultipartSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type OperationLimits,
  type ToolId,
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
  /** A multipart field (a file, a password, an option), or a part of the path such as a job's `{id}`. */
  readonly kind: 'file' | 'password' | 'option' | 'path';
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

export type FieldDoc = { readonly name: string; readonly description: string };

export type ResponseDoc = {
  /** The successful status: 200, or 202 for a job accepted, 204 for one deleted. */
  readonly status: number;
  /** Empty when the answer has no body. */
  readonly contentTypes: readonly string[];
  readonly description: string;
  /** The result's file name: one for a tool, each tool's for a job's result. */
  readonly fileNames: readonly string[];
  readonly headers: readonly HeaderDoc[];
  /** Top-level fields of a JSON answer described by a schema of the document. */
  readonly fields: readonly FieldDoc[];
  /** An example answer: JSON, or the text of an event stream. */
  readonly example?: string;
};

/** For the upload of a job: a value of its `tool` field, and the tool endpoint whose fields follow it. */
export type VariantDoc = { readonly value: string; readonly operationId: string };

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
  /** The type of the request body (`multipart/form-data`), or null without one. */
  readonly bodyType: string | null;
  /** Path parameters first, then the fields of the body. */
  readonly params: readonly ParamDoc[];
  /** The tools whose fields may follow the `tool` field of a job's upload; empty elsewhere. */
  readonly variants: readonly VariantDoc[];
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
  /** The fields of the job object (`JobView`) of the asynchronous job API. */
  readonly jobFields: readonly FieldDoc[];
  /** How long an ended job waits for its result to be downloaded, in minutes. */
  readonly jobRetentionMinutes: number;
};

const METHODS = ['get', 'post', 'delete'] as const satisfies readonly HttpMethod[];

function paramOf(name: string, schema: FieldSchema, isRequired: boolean): ParamDoc {
  const numbered = /^(file|password)-(\d+)$/.exec(name);
  // A JSON text (Sign PDF's placements) carries its media type too, but is typed, not uploaded.
  const isFile = schema.contentMediaType !== undefined && schema.contentMediaType !== 'application/json';
  const kind = isFile ? 'file' : /^password(-\d+)?$/.test(name) ? 'password' : 'option';
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

function pathParamOf(parameter: OpenApiParameter): ParamDoc {
  return {
    name: parameter.name,
    kind: 'path',
    isRequired: parameter.required,
    mediaTypes: [],
    values: [],
    examples: parameter.schema.examples ?? [],
    description: parameter.description,
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

/** The top-level fields of a schema, with their descriptions. */
function fieldsOf(schema: JsonSchema | undefined): FieldDoc[] {
  const properties = (schema?.properties ?? {}) as Record<string, { description?: string }>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    description: property.description ?? '',
  }));
}

const componentOf = (document: OpenApiDocument, reference: unknown): JsonSchema | undefined =>
  typeof reference === 'string'
    ? document.components.schemas[reference.replace('#/components/schemas/', '')]
    : undefined;

function responseOf(document: OpenApiDocument, operation: OpenApiOperation): ResponseDoc {
  const [status = '200', ok] =
    Object.entries(operation.responses).find(([code]) => code.startsWith('2')) ?? [];
  const contents = Object.entries(ok?.content ?? {});
  const [, content] = contents[0] ?? [];
  const reference = content && '$ref' in content.schema ? content.schema.$ref : undefined;
  const disposition = ok?.headers?.['Content-Disposition']?.description ?? '';
  const fileNames = [
    ...new Set([...disposition.matchAll(/filename="([^"]+)"/g)].map((match) => match[1] ?? '')),
  ];
  const example = content?.example;
  return {
    status: Number(status),
    contentTypes: contents.map(([type]) => type),
    description: ok?.description ?? '',
    fileNames,
    headers: Object.entries(ok?.headers ?? {}).map(([name, header]) => ({
      name,
      description: header.description,
    })),
    fields: fieldsOf(componentOf(document, reference)),
    ...(example === undefined
      ? {}
      : { example: typeof example === 'string' ? example : JSON.stringify(example, null, 2) }),
  };
}

/** The fields of a multipart body, each numbered range right after the listed fields of its kind. */
function bodyParams(body: MultipartSchema | undefined, maxFiles: number): ParamDoc[] {
  const params = Object.entries(body?.properties ?? {}).map(([name, schema]) =>
    paramOf(name, schema, body?.required.includes(name) ?? false),
  );
  const extra = Object.entries(body?.patternProperties ?? {}).map(([pattern, schema]) =>
    patternParam(pattern, schema, params, maxFiles),
  );
  for (const param of extra) {
    const stem = param.name.replace(/-\d+$/, '-');
    const lastOfKind = params.findLastIndex((listedParam) => listedParam.name.startsWith(stem));
    params.splice(lastOfKind + 1, 0, param);
  }
  return params;
}

/**
 * The field whose value picks a variant of a multipart body (a job's `tool`): the one fixed to the variant's own
 * value, alone (`const`) or first of the names it is known by (`enum`: `pdf-to-jpg`, `to-jpg`).
 */
const discriminatorOf = (variant: MultipartSchema | undefined) =>
  Object.entries(variant?.properties ?? {}).find(
    ([, field]) =>
      field.const !== undefined || (variant?.title !== undefined && field.enum?.[0] === variant.title),
  )?.[0];

/** The value a variant's discriminator takes first. */
const variantValue = (variant: MultipartSchema): string | undefined => {
  const field = variant.properties[discriminatorOf(variant) ?? ''];
  return field?.const ?? field?.enum?.[0];
};

/** The variants of a job's upload: each value of `tool`, and the tool's own endpoint. */
function variantsOf(body: MultipartSchema | undefined): VariantDoc[] {
  return (body?.oneOf ?? []).flatMap((variant) => {
    const value = variantValue(variant);
    return value === undefined ? [] : [{ value, operationId: toolOperationId(value as ToolId) }];
  });
}

/**
 * The fields a curl example sends: the endpoint's own, then for a job's upload those of the variant that the
 * example of its `tool` field names (`tool=compress`, then compress's file and options).
 */
function curlParams(body: MultipartSchema | undefined, params: readonly ParamDoc[]): ParamDoc[] {
  const name = discriminatorOf(body?.oneOf?.[0]);
  if (name === undefined) return [...params];
  const chosen = params.find((param) => param.name === name)?.examples[0];
  const variant = body?.oneOf?.find((candidate) => variantValue(candidate) === chosen);
  return [...params, ...bodyParams(variant, 1).filter((param) => param.name !== name)];
}

function endpointOf(
  document: OpenApiDocument,
  path: string,
  method: HttpMethod,
  operation: OpenApiOperation,
  origin: string,
): EndpointDoc {
  const body = operation.requestBody?.content['multipart/form-data'].schema;
  const limits = operation['x-limits'] ?? null;
  const params = [
    ...(operation.parameters ?? []).map(pathParamOf),
    ...bodyParams(body, limits?.maxFiles ?? 1),
  ];
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
    bodyType: body ? 'multipart/form-data' : null,
    params,
    variants: variantsOf(body),
    response,
    errors: Object.entries(operation.responses)
      .map(([status, answer]) => ({ status: Number(status), codes: responseErrorCodes(answer) }))
      .filter((entry) => entry.codes.length > 0),
  };
  return { ...endpoint, curl: curlExample({ ...endpoint, params: curlParams(body, params) }, origin) };
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
    jobFields: fieldsOf(document.components.schemas.JobView),
    jobRetentionMinutes: document['x-job-retention-seconds'] / 60,
  };
}
