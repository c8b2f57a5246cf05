import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { packedPixels } from '../mupdf/packed-pixels.ts';
import { runPoppler } from '../poppler/run-poppler.ts';
import { writePgm } from './deskew.ts';
import type { PageSurvey } from './find-scanned-pages.ts';

/** A scan in tones drawn at this resolution or more is drawn by poppler. */
const SMOOTHED_DPI = 300;

/** What drawing a scanned page needs: the decrypted source, open in MuPDF too, and where images go. */
export type ScanSource = {
  mupdf: MupdfModule;
  pdf: Mupdf.PDFDocument;
  path: string;
  workDir: string;
  limits: () => { signal: AbortSignal; timeoutMs: number };
};

/**
 * Draws a scanned page, as displayed (crop box, /Rotate, annotations), in grey at `dpi` into a PGM file for
 * Tesseract; gives its path, or null when the page cannot be drawn. Measured on the OCR bench's scans, two drawings
 * read best, each on its own kind of scan:
 * - by MuPDF, which copies a scan drawn at its own resolution pixel for pixel: a bitonal scan (CCITT, JBIG2), where
 *   poppler greys the edges of its strokes (150,000 grey pixels on a 300 DPI CCITT page), which Tesseract then
 *   binarises otherwise than the scan (1.3 points of word accuracy lost on the corpus's real scans); and a scan of
 *   less than 300 DPI, read at its own resolution (150 DPI: 99.4% of words, against 98.5% drawn by poppler).
 * - by poppler, a scan in tones (JPEG) drawn at 300 DPI: its drawing is a little smoother than the decoded JPEG
 *   itself, which helps on noisy pages (2.9 points of character accuracy on the Chinese scans).
 */
export async function drawScanPage(
  source: ScanSource,
  page: PageSurvey,
  dpi: number,
  name: string,
): Promise<string | null> {
  const path = join(source.workDir, `${name}.pgm`);
  if (!page.isBitonal && dpi >= SMOOTHED_DPI) {
    const pageArg = String(page.pageNumber);
    const result = await runPoppler(
      'pdftoppm',
      [
        '-gray',
        '-r',
        String(dpi),
        '-f',
        pageArg,
        '-l',
        pageArg,
        '-singlefile',
        source.path,
        path.slice(0, -4),
      ],
      source.limits(),
    );
    return result.exitCode === 0 ? path : null;
  }
  try {
    await drawWithMupdf(source, page.pageNumber, dpi, path);
    return path;
  } catch {
    return null;
  }
}

async function drawWithMupdf(
  source: ScanSource,
  pageNumber: number,
  dpi: number,
  path: string,
): Promise<void> {
  const { mupdf } = source;
  const page = source.pdf.loadPage(pageNumber - 1);
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
