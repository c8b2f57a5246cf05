/** The response headers of the compress endpoint (spec section 7 and A.13). */
export const COMPRESSION_HEADERS = {
  originalBytes: 'X-Original-Size',
  compressedBytes: 'X-Compressed-Size',
  ratioPercent: 'X-Compression-Ratio',
  skipped: 'X-Compression-Skipped',
} as const;

/**
 * What compression achieved. `reduced` carries the saving in percent (one decimal, as the server reports it);
 * `unchanged` means nothing could be saved and the server sent the original back.
 */
export type CompressionResult =
  | {
      readonly outcome: 'reduced';
      readonly originalBytes: number;
      readonly compressedBytes: number;
      readonly reductionPercent: number;
    }
  | { readonly outcome: 'unchanged'; readonly originalBytes: number; readonly compressedBytes: number };

function byteCount(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

function percent(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function isFlagSet(value: string | null): boolean {
  if (value === null) return false;
  return !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
}

/** Reads the sizes the compress endpoint reports; null when they are missing or not numbers. */
export function readCompressionResult(headers: Headers): CompressionResult | null {
  const originalBytes = byteCount(headers.get(COMPRESSION_HEADERS.originalBytes));
  const compressedBytes = byteCount(headers.get(COMPRESSION_HEADERS.compressedBytes));
  if (originalBytes === null || compressedBytes === null || originalBytes === 0) return null;

  const computed = ((originalBytes - compressedBytes) / originalBytes) * 100;
  const reductionPercent =
    Math.round((percent(headers.get(COMPRESSION_HEADERS.ratioPercent)) ?? computed) * 10) / 10;
  const isUnchanged =
    isFlagSet(headers.get(COMPRESSION_HEADERS.skipped)) ||
    compressedBytes >= originalBytes ||
    reductionPercent <= 0;
  return isUnchanged
    ? { outcome: 'unchanged', originalBytes, compressedBytes }
    : { outcome: 'reduced', originalBytes, compressedBytes, reductionPercent };
}
