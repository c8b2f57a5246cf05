import type { HocrReading } from './read-hocr.ts';

/**
 * Below this mean word confidence a page's reading is not trusted (handwriting, a drawing, a photo of a scene,
 * noise): the page stays the picture it is rather than become wrong text.
 */
const MIN_PAGE_CONFIDENCE = 60;

/**
 * Whether a scanned page's reading is good enough to be its text: PDF to Word replaces the picture by it, OCR PDF
 * lays it over the page. Both tools count the other scans as pages where no text could be read (`PAGES_ARE_SCANS`).
 */
export function isReadableScan(scan: Pick<HocrReading, 'words' | 'confidence'>): boolean {
  return scan.words > 0 && (scan.confidence ?? 0) >= MIN_PAGE_CONFIDENCE;
}
