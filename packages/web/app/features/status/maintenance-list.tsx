import type { Maintenance, ServiceStatus } from '@quire/shared';
import { CheckIcon } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatDateTime, formatDuration, joinList, localizedText } from './status-view.ts';

type Props = {
  readonly maintenance: readonly Maintenance[] | null;
  readonly overall: ServiceStatus | null;
  /** The time the report was computed, to tell windows in progress from those to come. */
  readonly now: string | null;
};

/** The operator's scheduled maintenance, soonest first, or the empty state. */
export function MaintenanceList({ maintenance, overall, now }: Props) {
  const t = useT();
  const locale = useLocale();
  if (!maintenance) {
    // The empty state's frame, the likeliest answer, so that the page below does not move when it arrives.
    return (
      <div
        aria-hidden="true"
        className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <span className="size-10 shrink-0 in-data-fetching:animate-pulse rounded-full bg-slate-100 motion-reduce:animate-none" />
        <div className="flex-1 space-y-1">
          <span className="block h-6 max-w-sm in-data-fetching:animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
          <span className="block h-6 max-w-xs in-data-fetching:animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
        </div>
      </div>
    );
  }
  if (maintenance.length === 0) {
    return (
      <div
        className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6"
        data-testid="maintenance-empty"
      >
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckIcon className="size-5" />
        </span>
        {/* Two lines high with or without the second, like the loading frame. */}
        <div className="min-h-13">
          <p className="font-semibold text-slate-900">{t('status.maintenance.emptyTitle')}</p>
          {overall === 'operational' && (
            <p className="mt-1 text-slate-600">{t('status.maintenance.emptyBody')}</p>
          )}
        </div>
      </div>
    );
  }
  const nowMs = now ? Date.parse(now) : Number.NaN;
  return (
    <ul className="space-y-4" data-testid="maintenance-list">
      {maintenance.map((window) => {
        const isInProgress = Date.parse(window.scheduledDate) <= nowMs;
        const services = window.affectedServices.map((id) => t(`tools.${id}.title`));
        return (
          <li key={window.id} className="rounded-2xl border border-slate-200 bg-white p-6">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="text-lg font-semibold text-slate-900">{localizedText(window.title, locale)}</h3>
              <span className="rounded-full bg-sky-50 px-2.5 py-1 text-xs font-semibold text-sky-800 ring-1 ring-sky-600/25 ring-inset">
                {isInProgress ? t('status.maintenance.inProgress') : t('status.maintenance.scheduled')}
              </span>
            </div>
            <p className="mt-2 text-slate-600">{localizedText(window.description, locale)}</p>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">{t('status.maintenance.start')}</dt>
                <dd className="font-medium text-slate-900">
                  <time dateTime={window.scheduledDate}>{formatDateTime(window.scheduledDate, locale)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('status.maintenance.duration')}</dt>
                <dd className="font-medium text-slate-900">
                  {formatDuration(window.durationMinutes, locale)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('status.maintenance.affected')}</dt>
                <dd className="font-medium text-slate-900">{joinList(services, locale)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
