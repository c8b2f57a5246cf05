import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';

/** Points per inch in PDF user space. */
const POINTS_PER_INCH = 72;

/**
 * How finely each image is shown, keyed by its pixel size (`"1600x1200"`): the lowest resolution, in pixels per
 * inch, at which any page (annotations and form appearances included) draws an image of that size. The lowest
 * counts because the largest placement needs the most pixels.
 *
 * MuPDF reports drawn images without their object numbers, so placements are matched to image objects by pixel
 * size. Two different images of the same size share the lower resolution of the two: never too many pixels
 * removed, at worst too few.
 */
export function measureImagePlacements(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  signal: AbortSignal,
): Map<string, number> {
  const lowestDpi = new Map<string, number>();
  const record = (image: Mupdf.Image, ctm: Mupdf.Matrix) => {
    const dpi = placementDpi(image.getWidth(), image.getHeight(), ctm);
    if (dpi === null) return;
    const key = imageSizeKey(image.getWidth(), image.getHeight());
    lowestDpi.set(key, Math.min(dpi, lowestDpi.get(key) ?? Number.POSITIVE_INFINITY));
  };
  const device = new mupdf.Device({ fillImage: record });
  try {
    const pageCount = pdf.countPages();
    for (let index = 0; index < pageCount; index += 1) {
      if (signal.aborted) throw signal.reason;
      const page = pdf.loadPage(index);
      try {
        page.run(device, mupdf.Matrix.identity);
      } finally {
        page.destroy();
      }
    }
    device.close();
  } finally {
    device.destroy();
  }
  return lowestDpi;
}

export function imageSizeKey(width: number, height: number): string {
  return `${width}x${height}`;
}

/**
 * The resolution of one placement: the image's unit square is drawn with `ctm`, so the lengths of its two
 * transformed sides are the drawn width and height in points. The smaller of the two resolutions counts, so a
 * stretched image keeps the pixels its stretched side needs. Null for degenerate (invisible) placements.
 */
function placementDpi(width: number, height: number, ctm: Mupdf.Matrix): number | null {
  const [a, b, c, d] = ctm;
  const drawnWidthInches = Math.hypot(a, b) / POINTS_PER_INCH;
  const drawnHeightInches = Math.hypot(c, d) / POINTS_PER_INCH;
  if (!(drawnWidthInches > 0) || !(drawnHeightInches > 0)) return null;
  const dpi = Math.min(width / drawnWidthInches, height / drawnHeightInches);
  return Number.isFinite(dpi) ? dpi : null;
}
