import { DEFAULT_LOCALE, isLocale, type Locale } from '@quire/shared';

/** Regions and scripts that are written in traditional characters. */
const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

/** Our language for a tag a browser sends, or null: `es-ES` → es, `zh-Hant-HK` → zh-tw, `pt-BR` → pt. */
export function localeOfTag(tag: string): Locale | null {
  const [language = '', ...rest] = tag.trim().toLowerCase().replaceAll('_', '-').split('-');
  if (language === 'zh') return rest.some((part) => TRADITIONAL_CHINESE.has(part)) ? 'zh-tw' : 'zh-cn';
  return isLocale(language) ? language : null;
}

/**
 * The language to offer a visitor on an English page: the first of the browser's languages that we have, unless
 * that is English (the visitor reads English first, or has no language of ours at all: null).
 */
export function offeredLocaleOf(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const locale = localeOfTag(tag);
    if (locale) return locale === DEFAULT_LOCALE ? null : locale;
  }
  return null;
}
