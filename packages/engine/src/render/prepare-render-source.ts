import { join } from 'node:path';
import { AppError } from '@quire/shared';
import type { InputFile, JobContext } from '../ops/types.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';

/**
 * The file the renderer reads. Most uploads are rendered as they are. A file opened with the visitor's password is
 * decrypted by qpdf first (qpdf reads the password from a private file; the renderer would need it on its command
 * line, visible in `ps`), and a file qpdf had to repair is rewritten by qpdf, so the renderer sees the same pages
 * qpdf counted. The copy lives in the job's directory, which the caller deletes.
 */
export async function prepareRenderSource(
  file: InputFile,
  fileIndex: number,
  info: PdfInfo,
  ctx: JobContext,
): Promise<string> {
  if (info.password === undefined && !info.wasRepaired) return file.path;
  const copyPath = join(ctx.workDir, 'render-source.pdf');
  const passwordArgs = info.password === undefined ? [] : [`--password=${info.password}`];
  const result = await runQpdf([...passwordArgs, '--decrypt', file.path, copyPath], ctx);
  if (!isQpdfSuccess(result)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
      fileIndex,
      fileName: file.name,
    });
  }
  return copyPath;
}
