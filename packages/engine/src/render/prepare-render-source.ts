import { join } from 'node:path';
import { AppError } from '@quire/shared';
import type { InputFile, JobContext } from '../ops/types.ts';
import { hasOversizeMetadata } from '../mupdf/oversize-metadata.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';

/**
 * The file the renderer reads: the one inspection counted the pages of (`PdfInfo.path`), the upload itself or the
 * repaired, decrypted copy made of a damaged upload or of one whose page tree lied, so the renderer sees exactly
 * the counted pages. A file opened with the visitor's password is decrypted by qpdf first (qpdf reads the password
 * from a private file; the renderer would need it on its command line, visible in `ps`). Copies live in the job's
 * directory, which the caller deletes.
 */
export async function prepareRenderSource(
  file: InputFile,
  fileIndex: number,
  info: PdfInfo,
  ctx: JobContext,
): Promise<string> {
  if (info.password === undefined) return info.path;
  const damaged = () =>
    new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
      fileIndex,
      fileName: file.name,
    });
  // qpdf writes the metadata uncompressed: metadata it cannot hold is refused before it spends seconds on it.
  if (await hasOversizeMetadata(info.path, info.password)) throw damaged();
  const copyPath = join(ctx.workDir, 'render-source.pdf');
  const result = await runQpdf([`--password=${info.password}`, '--decrypt', info.path, copyPath], ctx);
  if (!isQpdfSuccess(result)) throw damaged();
  return copyPath;
}
