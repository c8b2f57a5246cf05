import type { StatusReport } from '@quire/shared';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { UPTIME_TEXT } from './uptime-colours.ts';
import { formatCount, formatDay, formatPercent, measuredPeriod, uptimeTone } from './status-view.ts';

/**
 * The three figures: average uptime (two decimals) and incidents over the days the server has data for (30 at most),
 * and operational services of all. When the data covers less than the 30 days of the report, the labels name the
 * real number of days and the line under the figures says since when.
 */
export function StatusFigures({ report }: { report: StatusReport | null }) {
  const t = useT();
  const locale = useLocale();
  const { days, since } = measuredPeriod(report?.history ?? null);
  const figures = [
    {
      id: 'uptime',
      label: t('status.figures.uptime', { days }),
      value:
        report?.averageUptime == null
          ? t('status.figures.noData')
          : formatPercent(report.averageUptime, locale, 2),
      tone: UPTIME_TEXT[uptimeTone(report?.averageUptime ?? null)],
    },
    {
      id: 'incidents',
      label: t('status.figures.incidents', { days }),
      value: report ? formatCount(report.incidents, locale) : '',
      tone: 'text-slate-900',
    },
    {
      id: 'operational',
      label: t('status.figures.operational'),
      value: report
        ? t('status.figures.operationalValue', {
            operational: report.operationalServices,
            total: report.totalServices,
          })
        : '',
      tone: 'text-slate-900',
    },
  ];
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.id} className="rounded-2xl border border-slate-200 bg-white p-5">
            <dt className="text-sm font-medium text-slate-600">{figure.label}</dt>
            <dd
              className={`mt-2 text-3xl font-bold tracking-tight ${figure.tone}`}
              data-testid={`figure-${figure.id}`}
            >
              {report ? (
                figure.value
              ) : (
                <span
                  aria-hidden="true"
                  className="block h-9 w-24 in-data-fetching:animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
      {/* The line is kept empty rather than left out, so that nothing below moves when the figures arrive. */}
      <p className="mt-3 min-h-5 text-sm text-slate-600" data-testid="figures-since">
        {since && t('status.figures.since', { date: formatDay(since, locale) })}
      </p>
    </div>
  );
}
