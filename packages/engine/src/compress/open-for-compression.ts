import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@quire/shared';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import type { InputFile, JobContext } from '../ops/types.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';

/**
 * Opens an inspected upload in MuPDF, authenticated with the password that inspection found to work. MuPDF
 * repairs damaged files on its own, but its repair can find a different page tree from qpdf's; when the page
 * counts disagree, qpdf writes a repaired, decrypted copy and MuPDF opens that. A file neither reads with the
 * expected page count is damaged: compression must give back the same document.
 */
export async function openForCompression(
  mupdf: MupdfModule,
  file: InputFile,
  expectedPageCount: number,
  ctx: JobContext,
): Promise<Mupdf.PDFDocument> {
  const opened = openWithPassword(mupdf, await readFile(file.path), file.password, expectedPageCount);
  if (opened) return opened;
  if (ctx.signal.aborted) throw ctx.signal.reason;

  const repairedPath = join(ctx.workDir, 'repaired.pdf');
  const passwordArgs = file.password ? [`--password=${file.password}`] : [];
  const result = await runQpdf([...passwordArgs, '--decrypt', file.path, repairedPath], ctx);
  const repaired = isQpdfSuccess(result)
    ? openWithPassword(mupdf, await readFile(repairedPath), undefined, expectedPageCount)
    : null;
  if (repaired) return repaired;
  throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
    fileIndex: 0,
    fileName: file.name,
  });
}

function openWithPassword(
  mupdf: MupdfModule,
  bytes: Uint8Array,
  password: string | undefined,
  expectedPageCount: number,
): Mupdf.PDFDocument | null {
  let pdf: Mupdf.PDFDocument | null = null;
  try {
    pdf = new mupdf.PDFDocument(bytes);
    const isUnlocked = !pdf.needsPassword() || pdf.authenticatePassword(password ?? '') !== 0;
    if (isUnlocked && pdf.countPages() === expectedPageCount) return pdf;
  } catch {
    // Unreadable for MuPDF: the caller tries qpdf's repair instead.
  }
  pdf?.destroy();
  return null;
}
