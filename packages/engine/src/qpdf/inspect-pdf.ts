import { AppError, MAX_PAGES } from '@quire/shared';
import type { InputFile, JobContext } from '../ops/types.ts';
import { QPDF_EXIT, isQpdfSuccess, runQpdf } from './run-qpdf.ts';

export type PdfInfo = {
  pageCount: number;
  /** qpdf had to repair the file (broken xref, missing startxref, …) to read it. */
  wasRepaired: boolean;
};

/** `qpdf --requires-password` answers with its exit code: 0 password needed (or wrong), 2 not encrypted, 3 opens. */
const REQUIRES_PASSWORD = 0;

/**
 * Checks that an upload is a PDF this service can process and counts its pages. Throws the right AppError, naming
 * the file, for a missing or wrong password, a file damaged beyond repair, a file without pages or one with more
 * pages than `MAX_PAGES`. Files protected only by an owner password open without asking.
 */
export async function inspectPdf(file: InputFile, fileIndex: number, ctx: JobContext): Promise<PdfInfo> {
  const details = { fileIndex, fileName: file.name };
  const passwordArgs = file.password ? [`--password=${file.password}`] : [];

  const encryption = await runQpdf(['--requires-password', ...passwordArgs, file.path], ctx);
  if (encryption.exitCode === REQUIRES_PASSWORD) {
    throw file.password
      ? new AppError('PASSWORD_INCORRECT', `The password for "${file.name}" is not correct.`, details)
      : new AppError('PASSWORD_REQUIRED', `"${file.name}" is protected by a password.`, details);
  }

  const count = await runQpdf(['--show-npages', ...passwordArgs, file.path], ctx);
  const pageCount = Number.parseInt(count.stdout.trim(), 10);
  if (!isQpdfSuccess(count) || !Number.isInteger(pageCount)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  }
  if (pageCount === 0) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" has no readable pages.`, details);
  }
  if (pageCount > MAX_PAGES) {
    throw new AppError('DOCUMENT_TOO_COMPLEX', `"${file.name}" has more than ${MAX_PAGES} pages.`, {
      ...details,
      pageCount,
      maxPages: MAX_PAGES,
    });
  }
  return { pageCount, wasRepaired: count.exitCode === QPDF_EXIT.warnings };
}
