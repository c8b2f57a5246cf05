import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from '../errors/error-codes.ts';
import { optionKindOf } from '../tools/option-kinds.ts';
import type { ToolDefinition } from '../tools/registry.ts';
import { TOOLS } from '../tools/registry.ts';
import { TOOL_IDS } from '../tools/tool-ids.ts';

/** Codes of the request itself, answered before any work starts: the upload, its checks and the API key. */
const REQUEST_CODES: readonly ErrorCode[] = [
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
];

/**
 * Codes of the work any tool does: the fair share and the queue, the client's share of the job disk, the document's
 * checks and the job's budgets.
 */
const WORK_CODES: readonly ErrorCode[] = [
  'FILE_DAMAGED',
  'DOCUMENT_TOO_COMPLEX',
  'RESOURCE_LIMIT_EXCEEDED',
  'OUTPUT_TOO_LARGE',
  'TOO_MANY_JOBS',
  'DISK_SHARE_FULL',
  'SERVER_BUSY',
  'JOB_TIMEOUT',
  'INTERNAL',
];

/** In catalogue order, without repeats. */
const inCatalogueOrder = (codes: Iterable<ErrorCode>): ErrorCode[] => {
  const set = new Set(codes);
  return ERROR_CODE_LIST.filter((code) => set.has(code));
};

/** What a tool's work can fail with: the common codes, then those of what it reads and of its engine. */
function toolWorkCodes(tool: ToolDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>([...WORK_CODES, ...tool.errors]);
  if (tool.readsPdf) {
    codes.add('PASSWORD_REQUIRED');
    codes.add('PASSWORD_INCORRECT');
  }
  for (const spec of Object.values(tool.options))
    for (const code of optionKindOf(spec).errorCodes) codes.add(code);
  return [...codes];
}

/**
 * The error codes one tool's endpoint can answer, in catalogue order: the request's, the common ones of the work,
 * the password errors of tools that read PDFs, those of its options' kinds (`INVALID_PAGE_RANGE` for a page list), `RATE_LIMITED`
 * while anonymous use is limited, and what the tool's engine raises of its own (`TOOLS[id].errors`).
 */
export function toolErrorCodes(tool: ToolDefinition, isRateLimited: boolean): ErrorCode[] {
  return inCatalogueOrder([
    ...REQUEST_CODES,
    ...toolWorkCodes(tool),
    ...(isRateLimited ? (['RATE_LIMITED'] as const) : []),
  ]);
}

/**
 * What `POST /api/v1/jobs` can answer: the request's codes (for an upload to any tool), the rate limit, and the
 * admission to a lane (the fair share, the client's share of the job disk, a full queue); the work's own failures
 * go to the job's `error`.
 */
export function createJobErrorCodes(isRateLimited: boolean): ErrorCode[] {
  return inCatalogueOrder([
    ...REQUEST_CODES,
    'TOO_MANY_JOBS',
    'DISK_SHARE_FULL',
    'SERVER_BUSY',
    'INTERNAL',
    ...(isRateLimited ? (['RATE_LIMITED'] as const) : []),
  ]);
}

/**
 * What `GET /api/v1/jobs/{id}/result` can answer: no such job, a job not done yet, or the error a failed job
 * ended with (what its tool's work can fail with, as the tool's endpoint would answer it). The fair share is not
 * among them: a job is admitted to its lane, or refused, before `POST /api/v1/jobs` answers.
 */
export function jobResultErrorCodes(): ErrorCode[] {
  const failures = TOOL_IDS.flatMap((id) => toolWorkCodes(TOOLS[id])).filter(
    (code) => code !== 'TOO_MANY_JOBS',
  );
  return inCatalogueOrder(['NOT_FOUND', 'JOB_NOT_READY', ...failures]);
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
