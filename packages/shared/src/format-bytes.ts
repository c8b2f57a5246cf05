const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** The same steps as `UNITS`, as `Intl.NumberFormat` names them: other languages get their own unit words. */
const INTL_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** English keeps the spec's spelling (`Bytes`, `KB`); every other language the short units of its own locale data. */
function isEnglish(locale: string): boolean {
  return /^en(?:-|$)/i.test(locale);
}

/**
 * A human-readable size with up to two decimals, in steps of 1024: `0 Bytes`, `1.5 KB`, `100 MB` in English (spec
 * section 5); in other languages the number and the unit as the reader writes them (`1,5 ko`, `1,5 МБ`).
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent = size === 0 ? 0 : Math.min(Math.floor(Math.log(size) / Math.log(1024)), UNITS.length - 1);
  const value = size / 1024 ** exponent;
  if (isEnglish(locale)) {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
    return `${number} ${UNITS[exponent]}`;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: INTL_UNITS[exponent],
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(value);
}

/** Whole megabytes of a byte limit, as the upload messages state it ("Maximum size is 100MB."). */
export function toWholeMegabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
