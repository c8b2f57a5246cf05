import { TOOLS, TOOL_IDS, type ServiceReport, type StatusReport } from '@quire/shared';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { StatusBadge } from './status-badge.tsx';
import {
  formatDateTime,
  formatMilliseconds,
  formatPercent,
  measuredPeriod,
  uptimeTone,
} from './status-view.ts';
import { UPTIME_TEXT } from './uptime-colours.ts';

const UNKNOWN: Omit<ServiceReport, 'id'> = {
  status: null,
  uptime: null,
  averageResponseMs: null,
  lastChecked: null,
};

/**
 * A row is laid out and painted only once it nears the screen (`content-visibility: auto`), at its last height
 * or the one given until then: on a phone most of the rows lie below the first screen, and the whole list changes
 * when the report arrives, which would otherwise be laid out again at once. The rows hold no focusable control,
 * whose ring the row's paint containment could clip.
 */
const RENDER_NEAR_VIEW =
  '[content-visibility:auto] [contain-intrinsic-size:auto_140px] lg:[contain-intrinsic-size:auto_77px]';

const Placeholder = ({ className }: { className: string }) => (
  <span
    aria-hidden="true"
    className={`block in-data-fetching:animate-pulse rounded bg-slate-100 motion-reduce:animate-none ${className}`}
  />
);

/**
 * One row per tool: its name, status badge, uptime over the days with data (coloured by band; the label says how
 * many days), response time and last check. Before the first answer the rows are there with placeholders of the
 * same size, so nothing moves when the figures arrive.
 */
export function ServiceList({ report }: { report: StatusReport | null }) {
  const t = useT();
  const locale = useLocale();
  const services = report?.services ?? TOOL_IDS.map((id) => ({ id, ...UNKNOWN }));
  const uptimeLabel = t('status.services.uptime', { days: measuredPeriod(report?.history ?? null).days });
  return (
    <ul
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      data-testid="service-list"
    >
      {services.map((service) => (
        <li
          key={service.id}
          className={`flex flex-col gap-4 p-5 lg:flex-row lg:items-center ${RENDER_NEAR_VIEW}`}
          data-testid="service"
          data-service={service.id}
        >
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <ToolIcon tool={TOOLS[service.id]} />
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{t(`tools.${service.id}.title`)}</h3>
              <div className="mt-1 flex">
                {report ? (
                  <StatusBadge status={service.status} />
                ) : (
                  <Placeholder className="h-6 w-28 rounded-full" />
                )}
              </div>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-4 text-sm lg:w-[30rem]">
            <div>
              <dt className="text-slate-600">{uptimeLabel}</dt>
              <dd
                className={`mt-0.5 font-semibold ${UPTIME_TEXT[uptimeTone(service.uptime)]}`}
                data-testid="service-uptime"
              >
                {!report ? (
                  <Placeholder className="h-5 w-16" />
                ) : service.uptime === null ? (
                  t('status.services.noData')
                ) : (
                  formatPercent(service.uptime, locale, 2)
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('status.services.responseTime')}</dt>
              <dd className="mt-0.5 font-semibold text-slate-900" data-testid="service-response">
                {!report ? (
                  <Placeholder className="h-5 w-16" />
                ) : service.averageResponseMs === null ? (
                  t('status.services.noData')
                ) : (
                  formatMilliseconds(service.averageResponseMs, locale)
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('status.services.lastChecked')}</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">
                {!report ? (
                  <Placeholder className="h-5 w-28" />
                ) : service.lastChecked === null ? (
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
