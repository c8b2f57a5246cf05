/**
 * The closed catalogue of error codes. The HTTP status of every code lives here and nowhere else.
 * Each code has a message in every `content/locales/<locale>/errors.json` (checked by a test).
 */
export const ERROR_CODES = {
  INVALID_OPTIONS: { httpStatus: 400 },
  INVALID_PAGE_RANGE: { httpStatus: 400 },
  /** Organize PDF's `layout` is not a list of pages of the files sent (`details.item` names the item at fault). */
  INVALID_LAYOUT: { httpStatus: 400 },
  INVALID_REQUEST: { httpStatus: 400 },
  TOO_FEW_FILES: { httpStatus: 400 },
  /**
   * Watermark takes exactly one of its `text` and its `image` file (`details.reason`: `neither` or `both`): the
   * request has neither, or both.
   */
  TEXT_OR_IMAGE_REQUIRED: { httpStatus: 400 },
  INVALID_API_KEY: { httpStatus: 401 },
  NOT_FOUND: { httpStatus: 404 },
  /** The result of an asynchronous job asked for before the job is done. */
  JOB_NOT_READY: { httpStatus: 409 },
  REQUEST_TIMEOUT: { httpStatus: 408 },
  FILE_TOO_LARGE: { httpStatus: 413 },
  REQUEST_TOO_LARGE: { httpStatus: 413 },
  TOO_MANY_FILES: { httpStatus: 413 },
  INVALID_FILE_TYPE: { httpStatus: 415 },
  NOT_MULTIPART: { httpStatus: 415 },
  /** A picture of a format the tool takes but this server cannot decode (HEIC without libheif's HEVC decoder). */
  IMAGE_FORMAT_UNSUPPORTED: { httpStatus: 415 },
  EMPTY_FILE: { httpStatus: 422 },
  PASSWORD_REQUIRED: { httpStatus: 422 },
  PASSWORD_INCORRECT: { httpStatus: 422 },
  FILE_DAMAGED: { httpStatus: 422 },
  DOCUMENT_TOO_COMPLEX: { httpStatus: 422 },
  CONVERSION_FAILED: { httpStatus: 422 },
  /** PDF to Excel found no table on the pages it read (`details.pages`: how many), so it writes no empty workbook. */
  NO_TABLES_FOUND: { httpStatus: 422 },
  /**
   * PDF to PDF/A: the converted file still breaks a rule of the level asked for (`details.rule`, one of the
   * engine's `PDFA_RULES`; `details.detail` says what was found, in English; `details.reason` `attachments`, `fonts` or `other` chooses the
   * visitor's words), so no result is given.
   */
  PDFA_NOT_CONFORMANT: { httpStatus: 422 },
  /** HTML to PDF: the zip sent holds no `index.html` (at its top, or in its one top folder) to print. */
  HTML_INDEX_MISSING: { httpStatus: 422 },
  /**
   * HTML to PDF: the page did not finish loading within `HTML_LOAD_TIMEOUT_MS` (`details.seconds`): a script that
   * runs without end, or one that keeps the page busy. The same page would again, so 422.
   */
  HTML_LOAD_TIMEOUT: { httpStatus: 422 },
  /** A job that needed more memory or CPU time than one job may use (issue 11): stopped, its worker replaced. */
  RESOURCE_LIMIT_EXCEEDED: { httpStatus: 422 },
  /** A result larger than one job may produce (`QUIRE_MAX_OUTPUT_MB`), stopped while it was written. */
  OUTPUT_TOO_LARGE: { httpStatus: 422 },
  RATE_LIMITED: { httpStatus: 429 },
  /** One client already has as many jobs waiting as it may (fair share): its `queued` share. */
  TOO_MANY_JOBS: { httpStatus: 429 },
  /** One client already has as many job event streams open as it may: its `streams` share. */
  TOO_MANY_STREAMS: { httpStatus: 429 },
  /**
   * One client's jobs and results waiting to be fetched already hold as much of the job disk as it may: its `disk`
   * share.
   */
  DISK_SHARE_FULL: { httpStatus: 429 },
  SERVER_BUSY: { httpStatus: 503 },
  /**
   * The job ran out of its time: the same document would again, so 422 without Retry-After (issue 29), as for the
   * memory, CPU and output budgets. A request cancelled by its client carries it too, but nobody hears that answer.
   */
  JOB_TIMEOUT: { httpStatus: 422 },
  TOOL_UNAVAILABLE: { httpStatus: 503 },
  INTERNAL: { httpStatus: 500 },
} as const satisfies Record<string, { httpStatus: number }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
