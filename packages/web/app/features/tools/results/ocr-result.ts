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
