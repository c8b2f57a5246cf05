import { LOCALE_INFO, type Locale } from '@quire/shared';

/**
 * A content date (`YYYY-MM-DD`, a calendar day with no time) as the page's language writes it: read and written in
 * UTC, so it is the same day in the prerendered page and in every visitor's time zone.
 */
export function formatContentDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
