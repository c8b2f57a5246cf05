/**
 * How one language writes a size: the word for bytes (by plural form), its units for the steps of 1024 and what
 * stands between number and unit. Each language keeps one style for every step, the one its messages use ("100 Mo",
 * "100 ميغابايت", "100MB"): the short units of the locale data are not one style (Arabic's spell out the kilobyte
 * but abbreviate the megabyte, Korean's mix `byte` and `kB`), and they change from one ICU release to the next.
 */
type SizeUnits = {
  readonly bytes: Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & { readonly other: string };
  readonly kilo: string;
  readonly mega: string;
  readonly giga: string;
  readonly space: string;
};

const NBSP = '\u00a0';
const LATIN = { kilo: 'KB', mega: 'MB', giga: 'GB', space: NBSP } as const;

/** Units by lower-case language tag; English keeps the spec's spelling (section 5): `0 Bytes`, `1.5 KB`. */
const SIZE_UNITS: Readonly<Record<string, SizeUnits>> = {
  en: { ...LATIN, bytes: { other: 'Bytes' }, space: ' ' },
  es: { ...LATIN, bytes: { one: 'byte', other: 'bytes' } },
  fr: { bytes: { other: 'o' }, kilo: 'ko', mega: 'Mo', giga: 'Go', space: '\u202f' },
  de: { ...LATIN, bytes: { other: 'Byte' }, kilo: 'kB' },
  ko: { ...LATIN, bytes: { other: '바이트' }, space: '' },
  ja: { ...LATIN, bytes: { other: 'バイト' }, space: '' },
  'zh-cn': { ...LATIN, bytes: { other: '字节' } },
  'zh-tw': { ...LATIN, bytes: { other: '位元組' } },
  pt: { ...LATIN, bytes: { one: 'byte', other: 'bytes' } },
  it: { ...LATIN, bytes: { other: 'byte' } },
  ru: {
    bytes: { one: 'байт', few: 'байта', many: 'байт', other: 'байта' },
    kilo: 'КБ',
    mega: 'МБ',
    giga: 'ГБ',
    space: NBSP,
  },
  ar: { bytes: { other: 'بايت' }, kilo: 'كيلوبايت', mega: 'ميغابايت', giga: 'غيغابايت', space: NBSP },
};

/** The units of a BCP 47 tag (`zh-TW`, `de`, `en-GB`): its own, else its language's, else English's. */
function unitsOf(locale: string): SizeUnits {
  const tag = locale.toLowerCase();
  return SIZE_UNITS[tag] ?? SIZE_UNITS[tag.split('-')[0] ?? ''] ?? (SIZE_UNITS.en as SizeUnits);
}

/**
 * A human-readable size with up to two decimals, in steps of 1024, the number written as the reader's language
 * writes numbers: `0 Bytes`, `1.5 KB`, `100 MB` in English (spec section 5), `1,5 ko` in French, `2,83 МБ` in
 * Russian, `2.83 ميغابايت` in Arabic.
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent = size === 0 ? 0 : Math.min(Math.floor(Math.log(size) / Math.log(1024)), 3);
  const value = size / 1024 ** exponent;
  const units = unitsOf(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const unit =
    exponent === 0
      ? (units.bytes[new Intl.PluralRules(locale).select(value)] ?? units.bytes.other)
      : [units.kilo, units.mega, units.giga][exponent - 1];
  return `${number}${units.space}${unit}`;
}

/** Whole megabytes of a byte limit, as the upload messages state it ("Maximum size is 100MB."). */
export function toWholeMegabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
