import { useId } from 'react';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatTime } from './status-view.ts';

type Props = {
  readonly isAutoRefresh: boolean;
  readonly onToggle: (isOn: boolean) => void;
  /** When the report shown was computed (ISO 8601); absent before the first answer. */
  readonly updatedAt: string | null;
};

/** "This page refreshes every minute", the last-updated time and the auto-refresh switch (on by default). */
export function RefreshBar({ isAutoRefresh, onToggle, updatedAt }: Props) {
  const t = useT();
  const locale = useLocale();
  const labelId = useId();
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-slate-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <p className="text-slate-700">
          {isAutoRefresh ? t('status.refresh.note') : t('status.refresh.paused')}
        </p>
        {/* Its line is kept while loading, so the time does not push the page down when it arrives. */}
        <p className="min-h-5 font-medium text-slate-900" data-testid="last-updated">
          {updatedAt && (
            <time dateTime={updatedAt}>
              {t('status.refresh.lastUpdated', { time: formatTime(updatedAt, locale) })}
            </time>
          )}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {t('status.refresh.toggle')}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={isAutoRefresh}
          aria-labelledby={labelId}
          onClick={() => onToggle(!isAutoRefresh)}
          className={`flex h-7 w-12 shrink-0 items-center rounded-full p-1 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
            isAutoRefresh ? 'justify-end bg-indigo-600' : 'justify-start bg-slate-400'
          }`}
          data-testid="auto-refresh"
        >
          <span className="size-5 rounded-full bg-white shadow-sm" />
        </button>
      </div>
    </div>
  );
}
