import { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes.ts';

/** Numbers and names that make an error actionable; the site interpolates them into its translated message. */
export type ErrorDetails = Readonly<Record<string, string | number | boolean>>;

/** The body of every non-2xx API answer (spec A.6). */
export type ErrorBody = {
  success: false;
  error: { code: ErrorCode; message: string; details: ErrorDetails };
};

/**
 * The one error class of Quire. The engine, the server and the web all throw and read it; the HTTP status is
 * looked up from the code, never chosen where the error is thrown. `message` is plain English for developers and
 * API users; the site shows its own translation of `code` instead.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return ERROR_CODES[this.code].httpStatus;
  }

  toJson(): ErrorBody {
    return { success: false, error: { code: this.code, message: this.message, details: this.details } };
  }

  /** Reads an error body; anything that is not one becomes `INTERNAL`. */
  static fromJson(body: unknown): AppError {
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = (body as { error: unknown }).error;
      if (typeof error === 'object' && error !== null) {
        const { code, message, details } = error as Record<string, unknown>;
        if (isErrorCode(code)) {
          return new AppError(
            code,
            typeof message === 'string' ? message : code,
            isDetails(details) ? details : {},
          );
        }
      }
    }
    return new AppError('INTERNAL', 'Unexpected response from the server.');
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

function isDetails(value: unknown): value is ErrorDetails {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => ['string', 'number', 'boolean'].includes(typeof item))
  );
}
