import type { HocrReading } from './read-hocr.ts';

/**
 * Of two readings of one page (a skewed scan levelled two ways, `readScans`), the one Tesseract is surer of: the
 * higher mean word confidence (`HocrReading.confidence`). The first is kept on a tie, and when the second found no
 * word; a first that found none gives way to a second that found some.
 */
export function surerReading<Reading extends Pick<HocrReading, 'confidence'>>(
  first: Reading,
  second: Reading,
): Reading {
  if (second.confidence === null) return first;
  if (first.confidence === null) return second;
  return second.confidence > first.confidence ? second : first;
}
