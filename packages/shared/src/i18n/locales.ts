/** The only list of languages. Router, switcher, sitemap, hreflang, content checks and docs read it. */
export const LOCALES = [
  'en',
  'es',
  'fr',
  'de',
  'ko',
  'ja',
  'zh-cn',
  'zh-tw',
  'pt',
  'it',
  'ru',
  'ar',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export type LocaleInfo = {
  readonly code: Locale;
  /** The language's name in itself, as shown in the language switcher. */
  readonly name: string;
  readonly englishName: string;
  /** BCP 47 tag for `<html lang>`, `hreflang` and `Intl`. */
  readonly tag: string;
  readonly dir: 'ltr' | 'rtl';
};

export const LOCALE_INFO = {
  en: { code: 'en', name: 'English', englishName: 'English', tag: 'en', dir: 'ltr' },
  es: { code: 'es', name: 'Español', englishName: 'Spanish', tag: 'es', dir: 'ltr' },
  fr: { code: 'fr', name: 'Français', englishName: 'French', tag: 'fr', dir: 'ltr' },
  de: { code: 'de', name: 'Deutsch', englishName: 'German', tag: 'de', dir: 'ltr' },
  ko: { code: 'ko', name: '한국어', englishName: 'Korean', tag: 'ko', dir: 'ltr' },
  ja: { code: 'ja', name: '日本語', englishName: 'Japanese', tag: 'ja', dir: 'ltr' },
  'zh-cn': { code: 'zh-cn', name: '简体中文', englishName: 'Chinese (Simplified)', tag: 'zh-CN', dir: 'ltr' },
  'zh-tw': {
    code: 'zh-tw',
    name: '繁體中文',
    englishName: 'Chinese (Traditional)',
    tag: 'zh-TW',
    dir: 'ltr',
  },
  pt: { code: 'pt', name: 'Português', englishName: 'Portuguese', tag: 'pt', dir: 'ltr' },
  it: { code: 'it', name: 'Italiano', englishName: 'Italian', tag: 'it', dir: 'ltr' },
  ru: { code: 'ru', name: 'Русский', englishName: 'Russian', tag: 'ru', dir: 'ltr' },
  ar: { code: 'ar', name: 'العربية', englishName: 'Arabic', tag: 'ar', dir: 'rtl' },
} as const satisfies { readonly [L in Locale]: LocaleInfo & { readonly code: L } };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
