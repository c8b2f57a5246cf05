import figtreeLatinUrl from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';
import type { Locale } from '@quire/shared';

/**
 * Whether a language's pages use the brand font, Figtree (SIL OFL 1.1), whose files cover the Latin script only.
 * Pages in other scripts keep the system's fonts, made for their script, and download no font at all.
 */
const USES_BRAND_FONT = {
  en: true,
  es: true,
  fr: true,
  de: true,
  pt: true,
  it: true,
  ko: false,
  ja: false,
  'zh-cn': false,
  'zh-tw': false,
  ru: false,
  ar: false,
} as const satisfies Record<Locale, boolean>;

export function usesBrandFont(locale: Locale): boolean {
  return USES_BRAND_FONT[locale];
}

/** The brand font's basic Latin file (all weights), preloaded by the pages that use it. */
export const BRAND_FONT_URL: string = figtreeLatinUrl;
