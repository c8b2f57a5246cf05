const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A human-readable size with up to two decimals: `0 Bytes`, `1.5 KB`, `100 MB` (spec section 5). */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${UNITS[0]}`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  return `${number} ${UNITS[exponent]}`;
}

/** Whole megabytes of a byte limit, as the upload messages state it ("Maximum size is 100MB."). */
export function toWholeMegabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
