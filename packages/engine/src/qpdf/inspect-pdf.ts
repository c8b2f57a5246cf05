import { AppError, MAX_PAGES } from '@quire/shared';
import type { InputFile, JobContext } from '../ops/types.ts';
import type { ProcessResult } from '../process/run-process.ts';
import { QPDF_EXIT, isQpdfSuccess, runQpdf } from './run-qpdf.ts';

export type PdfInfo = {
  pageCount: number;
  /** qpdf had to repair the file (broken xref, missing startxref, …) to read it. */
  wasRepaired: boolean;
  /** The password that opens the file: the visitor's, or none when the file opens without one. */
  password: string | undefined;
};

/**
 * Checks that an upload is a PDF this service can process and counts its pages, in one qpdf call. Throws the
 * right AppError, naming the file, for a missing or wrong password, a file damaged beyond repair, a file without
 * pages or one with more than `maxPages` (the calling tool's own cap: `MAX_PAGES` for page assembly, fewer for
 * tools that render or convert every page). The page count is read before any heavy work. Files protected only by
 * an owner password open without asking, even when the visitor sent a password that does not fit.
 */
export async function inspectPdf(
  file: InputFile,
  fileIndex: number,
  ctx: JobContext,
  maxPages: number = MAX_PAGES,
): Promise<PdfInfo> {
  const details = { fileIndex, fileName: file.name };
  let password = file.password || undefined;
  let count = await countPages(file.path, password, ctx);
  if (isPasswordRefused(count) && password !== undefined) {
    password = undefined;
    count = await countPages(file.path, undefined, ctx);
    if (isPasswordRefused(count)) {
      throw new AppError('PASSWORD_INCORRECT', `The password for "${file.name}" is not correct.`, details);
    }
  }
  if (isPasswordRefused(count)) {
    throw new AppError('PASSWORD_REQUIRED', `"${file.name}" is protected by a password.`, details);
  }
  const pageCount = Number.parseInt(count.stdout.trim(), 10);
  if (!isQpdfSuccess(count) || !Number.isInteger(pageCount)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  }
  if (pageCount === 0) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" has no readable pages.`, details);
  }
  if (pageCount > maxPages) {
    throw new AppError('DOCUMENT_TOO_COMPLEX', `"${file.name}" has more than ${maxPages} pages.`, {
      ...details,
      pageCount,
      maxPages,
    });
  }
  return { pageCount, wasRepaired: count.exitCode === QPDF_EXIT.warnings, password };
}

function countPages(path: string, password: string | undefined, ctx: JobContext): Promise<ProcessResult> {
  return runQpdf(['--show-npages', ...(password === undefined ? [] : [`--password=${password}`]), path], ctx);
}

/** qpdf reports a missing or wrong password as an error whose message ends in "invalid password". */
function isPasswordRefused(result: ProcessResult): boolean {
  return result.exitCode === QPDF_EXIT.error && /: invalid password\s*$/m.test(result.stderr);
}
