import type { StatusReport } from '@quire/shared';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { SpinnerIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';
import { STATUS_LOOKS, statusKey } from './status-badge.tsx';

/** The headline card: the worst status present and what it means, or the loading state before the first answer. */
export function OverallStatus({ report }: { report: StatusReport | null }) {
  const t = useT();
  const key = report ? statusKey(report.overall) : null;
  const look = key ? STATUS_LOOKS[key] : null;
  return (
    <section
      aria-labelledby="overall-status-title"
      className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6"
      data-testid={key ? 'overall-status' : 'status-loading'}
      data-status={key ?? undefined}
    >
      <span
        className={`inline-flex size-12 shrink-0 items-center justify-center rounded-full ${look?.icon ?? 'bg-indigo-50 text-indigo-700'}`}
      >
        {look ? (
          <look.Icon className="size-7" />
        ) : (
          <SpinnerIcon className="size-6 not-in-data-fetching:animate-none" />
        )}
      </span>
      {/*
        As tall in every state as the longest English one (a two-line title and a three-line message on a phone),
        so that nothing below moves when the first answer replaces the loading state after the first paint.
      */}
      <div className="min-h-40 min-w-0 flex-1 sm:min-h-26">
        <p className="text-sm font-medium text-slate-600">{t('status.overall.label')}</p>
        <h2 id="overall-status-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {key ? t(`status.overall.${key}.title`) : t('status.loading')}
        </h2>
        {key ? (
          <p className="mt-1 text-slate-600">{t(`status.overall.${key}.message`)}</p>
        ) : (
          <span
            aria-hidden="true"
            className="mt-1 block h-12 max-w-sm sm:h-6 in-data-fetching:animate-pulse rounded bg-slate-100 motion-reduce:animate-none"
          />
        )}
      </div>
    </section>
  );
}

/** Shown while fetching fails: says so, says it retries by itself, and offers to try at once. */
export function StatusError({ hasReport, onRetry }: { hasReport: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between"
      data-testid="status-error"
    >
      <div>
        <p className="font-semibold">{t('status.error.title')}</p>
        <p className="mt-1 text-sm">
          {t('status.error.body')} {hasReport && t('status.error.stale')}
        </p>
      </div>
      <button type="button" className={BUTTON_STYLES.secondary} onClick={onRetry}>
        {t('status.error.retry')}
      </button>
    </div>
  );
}
