import { TOOLS, type StatusReport } from '@quire/shared';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { StatusBadge } from './status-badge.tsx';
import { formatDateTime, formatMilliseconds, formatPercent, uptimeTone } from './status-view.ts';
import { UPTIME_TEXT } from './uptime-colours.ts';

/** One row per tool: its name, status badge, 30-day uptime (coloured by band), response time and last check. */
export function ServiceList({ report }: { report: StatusReport | null }) {
  const t = useT();
  const locale = useLocale();
  if (!report) {
    return (
      <ul
        aria-hidden="true"
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      >
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="flex items-center gap-4 p-5">
            <span className="size-12 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
            <span className="h-5 w-40 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      data-testid="service-list"
    >
      {report.services.map((service) => (
        <li
          key={service.id}
          className="flex flex-col gap-4 p-5 lg:flex-row lg:items-center"
          data-testid="service"
          data-service={service.id}
        >
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <ToolIcon tool={TOOLS[service.id]} />
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{t(`tools.${service.id}.title`)}</h3>
              <div className="mt-1">
                <StatusBadge status={service.status} />
              </div>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-4 text-sm lg:w-[30rem]">
            <div>
              <dt className="text-slate-600">{t('status.services.uptime')}</dt>
              <dd
                className={`mt-0.5 font-semibold ${UPTIME_TEXT[uptimeTone(service.uptime)]}`}
                data-testid="service-uptime"
              >
                {service.uptime === null
                  ? t('status.services.noData')
                  : formatPercent(service.uptime, locale, 2)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('status.services.responseTime')}</dt>
              <dd className="mt-0.5 font-semibold text-slate-900" data-testid="service-response">
                {service.averageResponseMs === null
                  ? t('status.services.noData')
                  : formatMilliseconds(service.averageResponseMs, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('status.services.lastChecked')}</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">
                {service.lastChecked === null ? (
                  t('status.services.never')
                ) : (
                  <time dateTime={service.lastChecked}>{formatDateTime(service.lastChecked, locale)}</time>
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
