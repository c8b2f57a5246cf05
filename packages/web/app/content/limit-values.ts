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
import { config } from '../config.ts';

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

/** The operator's details the legal pages name as `{operatorName}` and `{contactEmail}`. */
const OPERATOR_VALUES = {
  operatorName: config.operatorName,
  contactEmail: config.contactEmail,
} as const;

/**
 * Replaces each `{limitName}` with its value in the language's number format, and `{operatorName}` and
 * `{contactEmail}` with this site's settings; an unknown name is an error.
 */
export function fillPlaceholders(text: string, locale: Locale, file: string): string {
  const format = new Intl.NumberFormat(LOCALE_INFO[locale].tag);
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (Object.hasOwn(OPERATOR_VALUES, name)) return OPERATOR_VALUES[name as keyof typeof OPERATOR_VALUES];
    if (!Object.hasOwn(LIMIT_VALUES, name)) {
      const known = [...Object.keys(LIMIT_VALUES), ...Object.keys(OPERATOR_VALUES)].join(', ');
      throw new Error(`${file} names an unknown value {${name}}; known: ${known}`);
    }
    return format.format(LIMIT_VALUES[name as keyof typeof LIMIT_VALUES]);
  });
}
