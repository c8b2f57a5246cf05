import { TOOL_IDS, type ServiceReport, type StatusReport } from '@quire/shared';
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
  '[content-visibility:auto] [contain-intrinsic-size:auto_124px] lg:[contain-intrinsic-size:auto_82px]';

/**
 * A figure before the first answer: the empty `dd` is drawn as a placeholder of the figure's size (`:empty`), so
 * the list needs no element of its own for it and nothing moves when the figures arrive.
 */
const FIGURE =
  'mt-0.5 font-semibold empty:h-5 empty:max-w-full empty:rounded empty:bg-slate-100 empty:in-data-fetching:animate-pulse empty:motion-reduce:animate-none';

/**
 * One row per tool: its name and status badge, then its uptime over the days with data (coloured by band; the
 * label says how many days), response time and last check. Before the first answer the rows are there with
 * placeholders of the same size. A row is kept to a few elements (the page lists every tool, and a phone builds,
 * hydrates and lays out each of them): the name, the badge, and the figures as a grid of `dt`/`dd` pairs.
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
          className={`grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-4 p-5 lg:grid-cols-[1fr_auto_30rem] ${RENDER_NEAR_VIEW}`}
          data-testid="service"
          data-service={service.id}
        >
          <h3 className="min-w-0 font-semibold text-slate-900">{t(`tools.${service.id}.title`)}</h3>
          {report ? (
            <StatusBadge status={service.status} />
          ) : (
            <span
              aria-hidden="true"
              className="block h-6 w-28 in-data-fetching:animate-pulse rounded-full bg-slate-100 motion-reduce:animate-none"
            />
          )}
          <dl className="col-span-2 grid grid-flow-col grid-cols-3 grid-rows-[auto_auto] gap-x-4 text-sm lg:col-span-1">
            <dt className="text-slate-600">{uptimeLabel}</dt>
            <dd
              className={`${FIGURE} empty:w-16 ${UPTIME_TEXT[uptimeTone(service.uptime)]}`}
              data-testid="service-uptime"
            >
              {report &&
                (service.uptime === null
                  ? t('status.services.noData')
                  : formatPercent(service.uptime, locale, 2))}
            </dd>
            <dt className="text-slate-600">{t('status.services.responseTime')}</dt>
            <dd className={`${FIGURE} empty:w-16 text-slate-900`} data-testid="service-response">
              {report &&
                (service.averageResponseMs === null
                  ? t('status.services.noData')
                  : formatMilliseconds(service.averageResponseMs, locale))}
            </dd>
            <dt className="text-slate-600">{t('status.services.lastChecked')}</dt>
            <dd className={`${FIGURE} empty:w-28 text-slate-900`}>
              {report &&
                (service.lastChecked === null ? (
                  t('status.services.never')
                ) : (
                  <time dateTime={service.lastChecked}>{formatDateTime(service.lastChecked, locale)}</time>
                ))}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
