import {
  type AppError,
  FILE_KINDS,
  HTML_LOAD_TIMEOUT_MS,
  MAX_PAGES,
  RETRY_AFTER_SECONDS,
  toWholeMegabytes,
  type ErrorCode,
  type FileKind,
  type ToolDefinition,
} from '@quire/shared';
import type { MessageValues, Translate } from './create-translator.ts';

/** The labels of the file kinds a tool accepts, e.g. `PDF` or `Word`, joined for a sentence. */
export function typeLabelsOf(kinds: readonly FileKind[], separator = ', '): string {
  return kinds.map((kind) => FILE_KINDS[kind].label).join(separator);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * Every value an error message may use, always present: the server's details where it sent them, else what the
 * page knows (the tool's limits, the name of the file at `details.fileIndex`).
 */
export function errorMessageValues(
  error: AppError,
  tool: ToolDefinition,
  fileNames: readonly string[] = [],
): MessageValues {
  const { details } = error;
  const indexed = typeof details.fileIndex === 'number' ? fileNames[details.fileIndex] : undefined;
  const fileName = typeof details.fileName === 'string' ? details.fileName : (indexed ?? '');
  const limitFallback = error.code === 'REQUEST_TOO_LARGE' ? tool.maxRequestBytes : tool.maxFileBytes;
  return {
    fileName,
    hasFileName: fileName === '' ? 'no' : 'yes',
    limitMegabytes: toWholeMegabytes(numberOr(details.limitBytes, limitFallback)),
    maxFiles: numberOr(details.maxFiles, tool.maxFiles),
    minFiles: numberOr(details.minFiles, tool.minFiles),
    maxPages: numberOr(details.maxPages, MAX_PAGES),
    retryAfterSeconds: numberOr(details.retryAfterSeconds, RETRY_AFTER_SECONDS),
    types: typeLabelsOf(tool.accepts),
    canEnterPassword: tool.readsPdf ? 'yes' : 'no',
    item: typeof details.item === 'string' ? details.item : '',
    reason: typeof details.reason === 'string' ? details.reason : 'other',
    // PDF to PDF/A's broken rule, by id (the page lists each rule's words).
    rule: typeof details.rule === 'string' ? details.rule : '',
    pageCount: numberOr(details.pageCount, 0),
    resource: details.resource === 'cpu' ? 'cpu' : 'memory',
    maxQueued: numberOr(details.maxQueued, 3),
    format: typeof details.format === 'string' ? details.format : '',
    // HTML to PDF's time for a page to load.
    seconds: numberOr(details.seconds, HTML_LOAD_TIMEOUT_MS / 1000),
  };
}

/** The visitor-language message for an error code; the server's English `message` is never shown. */
export function translateError(
  t: Translate,
  error: AppError,
  tool: ToolDefinition,
  fileNames: readonly string[] = [],
): string {
  const code: ErrorCode = error.code;
  return t(`errors.${code}`, errorMessageValues(error, tool, fileNames));
}
