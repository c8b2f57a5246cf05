import { AppError } from '@quire/shared';
import type * as Mupdf from 'mupdf';
import type { InputFile, JobContext } from '../ops/types.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { loadMupdf, type MupdfModule } from './load-mupdf.ts';
import { openPdfFile, type OpenedPdfFile } from './open-pdf-file.ts';
import { ownedBytes } from './owned-bytes.ts';

export type EditPdfOptions = {
  /** How the error a broken file gets ends, after "is damaged and": `could not be watermarked`. */
  failure: string;
  /**
   * `incremental`: a file that opened without the visitor's password keeps its bytes and gets the change appended
   * (restrictions set by an owner password stay); one that needed the password is written whole without it.
   * `whole` (the default): always written whole, decrypted and compressed.
   */
  save?: 'whole' | 'incremental';
};

/**
 * The frame of a tool that changes a PDF in place with MuPDF: opens the inspected copy (`info.path`, with the
 * visitor's password), lets `edit` change the document, reports the `writing` stage and saves it. A plain error
 * MuPDF throws on a structure it cannot follow is a broken file: `FILE_DAMAGED`, naming the upload. Whether a
 * document left MuPDF itself unusable is the worker's concern (`isMupdfHealthy`), not the op's.
 */
export async function editPdf(
  file: InputFile,
  info: PdfInfo,
  ctx: JobContext,
  { failure, save = 'whole' }: EditPdfOptions,
  edit: (mupdf: MupdfModule, pdf: Mupdf.PDFDocument) => void | Promise<void>,
): Promise<Uint8Array> {
  const mupdf = await loadMupdf();
  const opened = openAuthenticated(mupdf, info.path, info.password, file.name, failure);
  try {
    const { pdf } = opened;
    await edit(mupdf, pdf);
    ctx.onProgress?.('writing');
    const isIncremental =
      save === 'incremental' && info.password === undefined && pdf.canBeSavedIncrementally();
    return ownedBytes(pdf.saveToBuffer(isIncremental ? 'incremental' : 'compress,decrypt'));
  } catch (error) {
    // A stopped job says why it stopped, whatever the reason's type.
    if (error instanceof AppError || ctx.signal.aborted) throw error;
    throw damagedError(file.name, failure);
  } finally {
    opened.close();
  }
}

/**
 * Opens a PDF file in MuPDF with its password (the one that opened it in `inspectPdf`); `FILE_DAMAGED` when MuPDF
 * cannot read what qpdf could, its message ending with `failure`.
 */
export function openAuthenticated(
  mupdf: MupdfModule,
  path: string,
  password: string | undefined,
  fileName: string,
  failure: string,
): OpenedPdfFile {
  let opened: OpenedPdfFile;
  try {
    opened = openPdfFile(mupdf, path);
  } catch {
    throw damagedError(fileName, failure);
  }
  const { pdf } = opened;
  if (pdf.needsPassword() && !(password !== undefined && pdf.authenticatePassword(password))) {
    opened.close();
    throw damagedError(fileName, failure);
  }
  return opened;
}

/** `FILE_DAMAGED` for the job's one upload: `"report.pdf" is damaged and ` + `failure` (`could not be cropped`). */
export function damagedError(fileName: string, failure: string): AppError {
  return new AppError('FILE_DAMAGED', `"${fileName}" is damaged and ${failure}.`, { fileIndex: 0, fileName });
}
