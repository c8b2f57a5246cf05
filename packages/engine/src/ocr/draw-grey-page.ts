import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { packedPixels } from '../mupdf/packed-pixels.ts';
import { writePgm } from './deskew.ts';

/**
 * Draws one page (1-based), as displayed (crop box, /Rotate, annotations), in grey at `dpi` with MuPDF into a PGM
 * file for Tesseract. MuPDF copies a scan drawn at its own resolution pixel for pixel, where poppler greys the edges
 * of a bitonal scan's strokes (150,000 grey pixels on a 300 DPI CCITT page), which Tesseract then binarises
 * differently from the scan itself.
 */
export async function drawGreyPage(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  pageNumber: number,
  dpi: number,
  path: string,
): Promise<void> {
  const page = pdf.loadPage(pageNumber - 1);
  try {
    const pixmap = page.toPixmap(
      mupdf.Matrix.scale(dpi / 72, dpi / 72),
      mupdf.ColorSpace.DeviceGray,
      false,
      true,
    );
    try {
      const { data, width, height } = packedPixels(pixmap);
      await writePgm(path, { width, height, pixels: data });
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}
