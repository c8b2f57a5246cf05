import type { ErrorCode } from '../errors/error-codes.ts';

/**
 * The parts of an OpenAPI 3.1 document that Quire's API reference uses, typed so that the API docs page can read
 * the very document the server answers at `/api/openapi.json`.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** One multipart field: a file (with `contentMediaType`) or a text field (an option, a password). */
export type FieldSchema = {
  readonly type: 'string';
  readonly description: string;
  readonly contentMediaType?: string;
  readonly enum?: readonly string[];
  /** The one value a field must have (the `tool` of one variant of a job's upload). */
  readonly const?: string;
  readonly default?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression the value matches (a colour's `#rrggbb`). */
  readonly pattern?: string;
  /** `password`: a secret, which documentation tools hide as it is typed. */
  readonly format?: 'password';
  readonly examples?: readonly string[];
};

export type MultipartSchema = {
  readonly type: 'object';
  readonly title?: string;
  readonly description?: string;
  readonly required: readonly string[];
  readonly properties: Readonly<Record<string, FieldSchema>>;
  /** Numbered fields beyond those listed (`file-2`, `file-3`, … up to the tool's maximum). */
  readonly patternProperties?: Readonly<Record<string, FieldSchema>>;
  /** Absent only where `oneOf` says which fields may follow (a job's upload: those of the tool it names). */
  readonly additionalProperties?: false;
  /** The upload of a job: one variant per tool, each the `tool` field followed by that tool's own fields. */
  readonly oneOf?: readonly MultipartSchema[];
};

/** A parameter in the path, such as the `{id}` of a job. */
export type OpenApiParameter = {
  readonly name: string;
  readonly in: 'path';
  readonly required: true;
  readonly description: string;
  readonly schema: {
    readonly type: 'string';
    readonly pattern?: string;
    readonly examples?: readonly string[];
  };
};

export type OpenApiHeader = { readonly description: string; readonly schema: JsonSchema };

/** The error body of spec A.6, narrowed to the codes one answer can carry. */
export type ErrorResponseSchema = {
  readonly allOf: readonly [
    { readonly $ref: '#/components/schemas/ErrorBody' },
    {
      readonly properties: {
        readonly error: { readonly properties: { readonly code: { readonly enum: readonly ErrorCode[] } } };
      };
    },
  ];
};

export type OpenApiResponse = {
  readonly description: string;
  readonly headers?: Readonly<Record<string, OpenApiHeader>>;
  readonly content?: Readonly<
    Record<string, { readonly schema: JsonSchema | ErrorResponseSchema; readonly example?: unknown }>
  >;
};

/** The upload limits of a tool operation (extension `x-limits`), in files and bytes. */
export type OperationLimits = {
  readonly minFiles: number;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxRequestBytes: number;
};

export type OpenApiOperation = {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly content: { readonly 'multipart/form-data': { readonly schema: MultipartSchema } };
  };
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  readonly 'x-limits'?: OperationLimits;
};

export type HttpMethod = 'get' | 'post' | 'delete';

export type OpenApiDocument = {
  readonly openapi: '3.1.0';
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly summary: string;
    readonly description: string;
    readonly license: { readonly name: string; readonly identifier: string };
  };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Readonly<Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>>;
  readonly components: {
    readonly securitySchemes: Readonly<Record<string, JsonSchema>>;
    readonly schemas: Readonly<Record<string, JsonSchema>>;
  };
  /** Anonymous tool requests per minute per client this document was built for; 0 when unlimited. */
  readonly 'x-rate-limit-per-minute': number;
  /** How long an ended asynchronous job is kept for its result to be fetched, in seconds. */
  readonly 'x-job-retention-seconds': number;
};

/** The error codes an error answer can carry, as the document lists them. */
export function responseErrorCodes(response: OpenApiResponse): readonly ErrorCode[] {
  const schema = response.content?.['application/json']?.schema;
  if (!schema || !('allOf' in schema)) return [];
  return (schema as ErrorResponseSchema).allOf[1].properties.error.properties.code.enum;
}
