import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  LOCALE_INFO,
  MAX_CONVERT_PAGES,
  MAX_FILE_BYTES,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_FILES,
  MAX_MERGE_FILES,
  MAX_PAGES,
  MAX_RENDER_PAGES,
  MAX_REQUEST_BYTES,
  toWholeMegabytes,
  type Locale,
} from '@quire/shared';

/** The limits content may name as `{placeholder}`: read from the shared definitions, never retyped in prose. */
export const LIMIT_VALUES = {
  maxFileMegabytes: toWholeMegabytes(MAX_FILE_BYTES),
  maxRequestMegabytes: toWholeMegabytes(MAX_REQUEST_BYTES),
  maxImageMegabytes: toWholeMegabytes(MAX_IMAGE_FILE_BYTES),
  maxMergeFiles: MAX_MERGE_FILES,
  maxImageFiles: MAX_IMAGE_FILES,
  maxPages: MAX_PAGES,
  maxRenderPages: MAX_RENDER_PAGES,
  maxConvertPages: MAX_CONVERT_PAGES,
  rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
} as const;

/** Replaces each `{limitName}` with its value in the language's number format; an unknown name is an error. */
export function fillLimits(text: string, locale: Locale, file: string): string {
  const format = new Intl.NumberFormat(LOCALE_INFO[locale].tag);
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (!Object.hasOwn(LIMIT_VALUES, name)) {
      throw new Error(
        `${file} names an unknown limit {${name}}; known: ${Object.keys(LIMIT_VALUES).join(', ')}`,
      );
    }
    return format.format(LIMIT_VALUES[name as keyof typeof LIMIT_VALUES]);
  });
}
