import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';

describe('AppError', () => {
  it('takes its HTTP status from the catalogue', () => {
    expect(new AppError('FILE_TOO_LARGE', 'x').httpStatus).toBe(413);
    expect(new AppError('INVALID_FILE_TYPE', 'x').httpStatus).toBe(415);
    expect(new AppError('PASSWORD_REQUIRED', 'x').httpStatus).toBe(422);
  });

  it('round-trips through the error body of spec A.6', () => {
    const error = new AppError('FILE_TOO_LARGE', 'The file is too large.', {
      limitBytes: 10,
      fileName: 'a.pdf',
    });
    const body = JSON.parse(JSON.stringify(error.toJson()));
    expect(body).toEqual({
      success: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'The file is too large.',
        details: { limitBytes: 10, fileName: 'a.pdf' },
      },
    });
    const read = AppError.fromJson(body);
    expect(read.code).toBe('FILE_TOO_LARGE');
    expect(read.details).toEqual({ limitBytes: 10, fileName: 'a.pdf' });
  });

  it('turns anything else into INTERNAL', () => {
    expect(AppError.fromJson('oops').code).toBe('INTERNAL');
    expect(AppError.fromJson({ error: { code: 'NOPE' } }).code).toBe('INTERNAL');
    expect(AppError.fromJson(null).code).toBe('INTERNAL');
  });
});
