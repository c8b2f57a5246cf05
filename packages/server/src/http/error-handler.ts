import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, MAX_FIELDS, MAX_PARTS, RETRY_AFTER_SECONDS, type ErrorCode } from '@quire/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Errors raised by Fastify and @fastify/multipart, by their code, and what they mean for a visitor. */
const FRAMEWORK_ERRORS: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_REQ_FILE_TOO_LARGE: { code: 'FILE_TOO_LARGE', message: 'A file is larger than the limit.' },
  FST_FILES_LIMIT: { code: 'TOO_MANY_FILES', message: 'Too many files in one request.' },
  FST_PARTS_LIMIT: { code: 'REQUEST_TOO_LARGE', message: `The request has more than ${MAX_PARTS} parts.` },
  FST_FIELDS_LIMIT: { code: 'REQUEST_TOO_LARGE', message: `The request has more than ${MAX_FIELDS} fields.` },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'REQUEST_TOO_LARGE', message: 'The request is too large.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'NOT_MULTIPART',
    message: 'Send the files as multipart/form-data.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'NOT_MULTIPART',
    message: 'Send the files as multipart/form-data.',
  },
  FST_PROTO_VIOLATION: { code: 'INVALID_REQUEST', message: 'The request is malformed.' },
};

/** Turns anything thrown into the catalogue's error; unknown errors become `INTERNAL`. */
export function toAppError(error: unknown, request?: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (isClientAbort(error, request)) {
    return new AppError('INVALID_REQUEST', 'The connection was closed before the upload was complete.');
  }
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped.code, mapped.message);
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
    const appError = toAppError(error, request);
    // A client that leaves mid-upload is no fault of ours: one short line, no stack, whoever sends it how often.
    if (isClientAbort(error, request)) request.log.info({ code: appError.code }, 'client left mid-upload');
    else if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'internal error');
    else request.log.info({ code: appError.code }, 'request refused');
    return sendError(request, reply, appError);
  });
}

/**
 * Whether an error only says that the client closed or reset its connection before its request was read: Node's
 * `aborted` (ECONNRESET) on the request, or a stream cut short (premature close, broken pipe) once the connection
 * is gone. Such errors come from the upload parser or the file it was writing, never from our own code.
 */
export function isClientAbort(error: unknown, request?: FastifyRequest): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNRESET' || code === 'ECONNABORTED') return true;
  const isConnectionGone =
    request !== undefined && (request.raw.destroyed || request.raw.socket?.destroyed === true);
  return isConnectionGone && (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'EPIPE');
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
  if (!request.raw.complete) {
    void reply.header('connection', 'close');
    lingerBeforeClosing(request.raw.socket);
  }
  // The body may quote a visitor's file or field name: never cached, never sniffed as anything but JSON.
  return reply
    .status(error.httpStatus)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send(error.toJson());
}

/** How long a connection closed early stays open for reading (and dropping) what the client still sends. */
const LINGER_MS = 2_000;

/**
 * Closes a connection after an early answer the way web servers do ("lingering close"): the answer is sent and the
 * sending side closed, then whatever the client still sends is read and dropped for a moment. Closing at once, as
 * Node does, makes the kernel reset a connection with unread upload bytes, and a client still sending its upload
 * then sees the reset instead of the answer (a 413 naming the file too large, say).
 */
function lingerBeforeClosing(socket: Socket | null): void {
  if (!socket || typeof socket.destroySoon !== 'function') return;
  // Node calls destroySoon() once the answer is written to a connection marked `Connection: close`.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * Answers what Node's HTTP parser refuses before a request reaches a route: malformed or oversized headers and
 * smuggling attempts (400 `INVALID_REQUEST`), and slow clients past the header or request deadline (408
 * `REQUEST_TIMEOUT`), with the error body like every other answer, then closes the connection: after such a
 * request the parser cannot know where the next one would start. Used as Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Nothing is written into a response already under way.
  if (socket.writable && socket.bytesWritten === 0) {
    const appError =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(
            'REQUEST_TIMEOUT',
            'The request did not arrive in time; check the connection and try again.',
          )
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? new AppError('INVALID_REQUEST', 'The request headers are too large.')
          : new AppError('INVALID_REQUEST', 'The request is malformed.');
    const body = JSON.stringify(appError.toJson());
    socket.write(
      [
        `HTTP/1.1 ${appError.httpStatus} ${STATUS_CODES[appError.httpStatus] ?? ''}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        `X-Request-Id: ${randomUUID()}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
