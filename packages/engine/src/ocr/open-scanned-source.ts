import { AppError } from '@quire/shared';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { openPdfFile, type OpenedPdfFile } from '../mupdf/open-pdf-file.ts';
import type { InputFile } from '../ops/types.ts';

/** Opens the decrypted copy OCR reads (`openPdfFile`); a file MuPDF cannot open is `FILE_DAMAGED`, naming it. */
export function openScannedSource(mupdf: MupdfModule, path: string, file: InputFile): OpenedPdfFile {
  try {
    return openPdfFile(mupdf, path);
  } catch {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  }
}
