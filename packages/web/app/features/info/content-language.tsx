import { LOCALE_INFO, type Locale } from '@quire/shared';
import { useT } from '../../i18n/use-t.ts';

/**
 * The `lang` and `dir` of content shown in another language than the page's (a translation not written yet falls
 * back to English), so that screen readers pronounce it and browsers lay it out as what it is; nothing otherwise.
 */
export function contentLanguage(
  contentLocale: Locale,
  pageLocale: Locale,
): { lang?: string; dir?: 'ltr' | 'rtl' } {
  if (contentLocale === pageLocale) return {};
  const { tag, dir } = LOCALE_INFO[contentLocale];
  return { lang: tag, dir };
}

/** A short note above content that is shown in English because its translation is not written yet. */
export function FallbackNotice({ contentLocale, pageLocale }: { contentLocale: Locale; pageLocale: Locale }) {
  const t = useT();
  if (contentLocale === pageLocale) return null;
  return (
    <p
      className="mx-auto mb-8 max-w-3xl rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="fallback-notice"
    >
      {t('info.fallbackNotice')}
    </p>
  );
}
