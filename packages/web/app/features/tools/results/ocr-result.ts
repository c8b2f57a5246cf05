import { NOTICES_HEADER, parseNotices, type Notice } from '@quire/shared';

/** What OCR read, from its answer's headers; null when they are missing or malformed. */
export function readOcrResult(
  headers: Headers,
): { count: number; pages: string; confidence: number | null } | null {
  const count = Number(headers.get('X-Pages-Recognised') ?? Number.NaN);
  if (!Number.isInteger(count) || count < 0) return null;
  const confidence = Number(headers.get('X-Ocr-Confidence') ?? Number.NaN);
  return {
    count,
    pages: headers.get('X-Recognised-Page-List') ?? '',
    confidence: Number.isFinite(confidence) ? confidence : null,
  };
}

/**
 * The notice that scanned pages held no text that could be read (`PAGES_ARE_SCANS`: they stay pictures without
 * text), when the answer carries one.
 */
export function unreadScansOf(headers: Headers): Notice | undefined {
  return parseNotices(headers.get(NOTICES_HEADER)).find((notice) => notice.code === 'PAGES_ARE_SCANS');
}
