/**
 * A post's date (`2025-01-09`) as its readers write dates (`January 9, 2025`, `9 de enero de 2025`,
 * `2025年1月9日`). The day is a calendar date, not an instant: it is read and written in UTC so that no time zone
 * moves it to the day before.
 */
export function formatPublishDate(isoDate: string, languageTag: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(date.getTime())) {
    throw new Error(`Not a date written YYYY-MM-DD: "${isoDate}".`);
  }
  return new Intl.DateTimeFormat(languageTag, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
