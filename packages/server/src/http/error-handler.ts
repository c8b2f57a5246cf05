import { AppError, RETRY_AFTER_SECONDS, type ErrorCode } from '@quire/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Errors raised by Fastify and @fastify/multipart, by their code, and what they mean for a visitor. */
const FRAMEWORK_ERRORS: Readonly<Record<string, ErrorCode>> = {
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_PARTS_LIMIT: 'REQUEST_TOO_LARGE',
  FST_FIELDS_LIMIT: 'REQUEST_TOO_LARGE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'REQUEST_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'NOT_MULTIPART',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'NOT_MULTIPART',
  FST_PROTO_VIOLATION: 'INVALID_REQUEST',
};

const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  FILE_TOO_LARGE: 'A file is larger than the limit.',
  TOO_MANY_FILES: 'Too many files in one request.',
  REQUEST_TOO_LARGE: 'The request is too large.',
  NOT_MULTIPART: 'Send the files as multipart/form-data.',
  INVALID_REQUEST: 'The request is malformed.',
};

/** Turns anything thrown into the catalogue's error; unknown errors become `INTERNAL`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped, FRAMEWORK_MESSAGES[mapped] ?? 'The request was refused.');
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('INVALID_REQUEST', 'The request is malformed.');
  }
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

/**
 * The only place an error becomes an HTTP answer: the catalogue's status, the error body of spec A.6,
 * `Retry-After` on 429 and 503, and a full log line for our own bugs only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'internal error');
    else request.log.info({ code: appError.code }, 'request refused');
    return sendError(request, reply, appError);
  });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.httpStatus === 429 || error.httpStatus === 503) {
    const seconds =
      typeof error.details.retryAfterSeconds === 'number'
        ? error.details.retryAfterSeconds
        : RETRY_AFTER_SECONDS;
    void reply.header('retry-after', String(seconds));
  }
  // An answer sent before the upload finished: close the connection instead of reading the rest.
  if (!request.raw.complete) void reply.header('connection', 'close');
  return reply
    .status(error.httpStatus)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(error.toJson());
}
