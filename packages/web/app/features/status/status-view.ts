import {
  DEFAULT_LOCALE,
  LOCALE_INFO,
  SERVICE_STATUSES,
  STATUS_HISTORY_DAYS,
  TOOL_IDS,
  uptimeLevel,
  type DayReport,
  type Locale,
  type StatusReport,
  type UptimeLevel,
} from '@quire/shared';

/**
 * What the status page shows, worked out from the report without React: colour bands, rounding, the texts of a
 * maintenance window in the page's language, and numbers, dates and lists in the locale's own format.
 */

/** An uptime's colour band (spec section 9), or `none` for a day or a service without probes. */
export type UptimeTone = UptimeLevel | 'none';

export function uptimeTone(uptime: number | null): UptimeTone {
  return uptime === null ? 'none' : uptimeLevel(uptime);
}

/**
 * The whole percent a history cell shows: rounded, except that a day with any failed probe never reads 100 %
 * (99.6 % shows as 99 %, its exact value in the cell's description).
 */
export function roundedUptime(uptime: number): number {
  const rounded = Math.round(uptime);
  return rounded === 100 && uptime < 100 ? 99 : rounded;
}

const tag = (locale: Locale) => LOCALE_INFO[locale].tag;

/**
 * One formatter per language and options, made on first use: making an Intl formatter costs far more than using
 * one (it opens the locale's data), and the page writes dozens of days, figures and times on each report.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

function formatterOf<Formatter extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  kind: string,
  locale: Locale,
  options: object,
  make: () => Formatter,
): Formatter {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as Formatter;
}

const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions = {}) =>
  formatterOf('number', locale, options, () => new Intl.NumberFormat(tag(locale), options));
const dateTimeFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  formatterOf('date', locale, options, () => new Intl.DateTimeFormat(tag(locale), options));

/**
 * The period the uptime and incident figures really cover: the days from the first day with checks to today, and
 * that first day (`since`, `YYYY-MM-DD`, UTC) when it is later than the start of the report. A server that began
 * checking yesterday has two days of data, not thirty; before any check (or while loading) the whole report's
 * period is named, beside "no data".
 */
export function measuredPeriod(history: readonly DayReport[] | null): {
  days: number;
  since: string | null;
} {
  const days = history?.length || STATUS_HISTORY_DAYS;
  const first = history?.findIndex((day) => day.uptime !== null) ?? -1;
  if (!history || first <= 0) return { days, since: null };
  return { days: history.length - first, since: history[first]?.date ?? null };
}

/** A percentage in the locale's format (`99.95%`, `99,95 %`, `٩٩٫٩٥٪`) with exactly `fractionDigits` decimals. */
export function formatPercent(value: number, locale: Locale, fractionDigits: number): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

export function formatMilliseconds(value: number, locale: Locale): string {
  return numberFormat(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(value);
}

export function formatCount(value: number, locale: Locale): string {
  return numberFormat(locale).format(value);
}

/** Items joined as the locale writes a list (`Merge PDF, Split PDF and Rotate PDF`). */
export function joinList(items: readonly string[], locale: Locale): string {
  const options = { style: 'long', type: 'conjunction' } as const;
  return formatterOf('list', locale, options, () => new Intl.ListFormat(tag(locale), options)).format(items);
}

/** A duration in whole hours when it is one (`2 hours`), else in minutes (`90 minutes`). */
export function formatDuration(minutes: number, locale: Locale): string {
  const isHours = minutes >= 60 && minutes % 60 === 0;
  return numberFormat(locale, {
    style: 'unit',
    unit: isHours ? 'hour' : 'minute',
    unitDisplay: 'long',
  }).format(isHours ? minutes / 60 : minutes);
}

/** A UTC calendar day (`2026-11-21`) in the locale's format, without shifting it into the reader's time zone. */
export function formatDay(date: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A moment in the locale's date and time format, in the reader's time zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A moment's time of day in the locale's format, with seconds. */
export function formatTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(iso));
}

/** The text of a maintenance window in the page's language, else in English (always present). */
export function localizedText(texts: Readonly<Record<string, string>>, locale: Locale): string {
  return texts[locale] ?? texts[DEFAULT_LOCALE] ?? '';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Checks that an answer of `GET /api/status` has the shape the page reads (the server validates the rest against
 * the schema it serialises with), so a proxy's error page or a half-written body shows as an error, not a crash.
 */
export function readStatusReport(value: unknown): StatusReport {
  const statuses: readonly unknown[] = SERVICE_STATUSES;
  const isValid =
    isObject(value) &&
    (value.overall === null || statuses.includes(value.overall)) &&
    Array.isArray(value.services) &&
    value.services.every(
      (service: unknown) => isObject(service) && (TOOL_IDS as readonly unknown[]).includes(service.id),
    ) &&
    Array.isArray(value.history) &&
    value.history.every((day: unknown) => isObject(day) && typeof day.date === 'string') &&
    Array.isArray(value.maintenance) &&
    typeof value.incidents === 'number' &&
    typeof value.totalServices === 'number' &&
    typeof value.generatedAt === 'string';
  if (!isValid) throw new Error('The status answer does not have the expected shape.');
  return value as StatusReport;
}
