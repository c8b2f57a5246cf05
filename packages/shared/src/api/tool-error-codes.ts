import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from '../errors/error-codes.ts';
import type { ToolDefinition } from '../tools/registry.ts';
import { TOOL_DOCS } from './tool-docs.ts';

/** Codes any tool request can be answered with: the upload, its checks, the guards and the job runner. */
const EVERY_TOOL: readonly ErrorCode[] = [
  'INVALID_REQUEST',
  'INVALID_OPTIONS',
  'TOO_FEW_FILES',
  'INVALID_API_KEY',
  'FILE_TOO_LARGE',
  'REQUEST_TOO_LARGE',
  'TOO_MANY_FILES',
  'INVALID_FILE_TYPE',
  'NOT_MULTIPART',
  'EMPTY_FILE',
  'FILE_DAMAGED',
  'DOCUMENT_TOO_COMPLEX',
  'SERVER_BUSY',
  'JOB_TIMEOUT',
  'INTERNAL',
];

/**
 * The error codes one tool's endpoint can answer, in catalogue order: the common ones, the password errors of tools
 * that read PDFs, `INVALID_PAGE_RANGE` where a page list is taken, `RATE_LIMITED` while anonymous use is limited,
 * and what the tool's engine raises of its own (`TOOL_DOCS[id].errors`).
 */
export function toolErrorCodes(tool: ToolDefinition, isRateLimited: boolean): ErrorCode[] {
  const codes = new Set<ErrorCode>([...EVERY_TOOL, ...TOOL_DOCS[tool.id].errors]);
  if (tool.readsPdf) {
    codes.add('PASSWORD_REQUIRED');
    codes.add('PASSWORD_INCORRECT');
  }
  if (Object.values(tool.options).some((spec) => spec.kind === 'page-list')) codes.add('INVALID_PAGE_RANGE');
  if (isRateLimited) codes.add('RATE_LIMITED');
  return ERROR_CODE_LIST.filter((code) => codes.has(code));
}

/** Codes grouped by their HTTP status, statuses ascending. */
export function codesByStatus(codes: readonly ErrorCode[]): [status: number, codes: ErrorCode[]][] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].sort(([a], [b]) => a - b);
}
