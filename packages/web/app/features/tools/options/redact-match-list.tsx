import type { RedactMatch } from '@quire/shared';
import { useT } from '../../../i18n/use-t.ts';
import type { RedactPreviewState } from './use-redact-preview.ts';

type RedactMatchListProps = {
  readonly state: RedactPreviewState;
  /** The numbers of the matches unticked: left as they are. */
  readonly skipped: ReadonlySet<number>;
  readonly disabled: boolean;
  readonly onToggle: (number: number) => void;
  readonly onShowPage: (page: number) => void;
};

/**
 * Every place the words searched for are found, as the server's preview lists them: its page (a button that shows
 * it) and its words with a little of the text around them, each with a tick that keeps it in the redaction.
 */
export function RedactMatchList({ state, skipped, disabled, onToggle, onShowPage }: RedactMatchListProps) {
  const t = useT();
  if (state.status === 'idle') return null;
  const found = state.status === 'found' ? state.preview : null;
  const matches: readonly RedactMatch[] = found?.matches ?? [];
  let status = t('tools.redact.matches.finding');
  if (state.status === 'failed') status = t('tools.redact.matches.failed');
  else if (found?.matchCount === 0) status = t('tools.redact.matches.none');
  else if (found) status = t('tools.redact.matches.count', { count: found.matchCount });
  const isPartial = found !== null && found.matchCount > matches.length;
  return (
    <div className="mt-4" data-testid="redact-matches" data-status={state.status}>
      <h4 className="text-sm font-semibold text-slate-900">{t('tools.redact.matches.heading')}</h4>
      <p className="mt-1 text-xs text-slate-600">{t('tools.redact.matches.description')}</p>
      <p role="status" className="mt-2 text-sm text-slate-700" data-testid="redact-match-status">
        {status}
        {isPartial && ` ${t('tools.redact.matches.partial', { listed: matches.length })}`}
      </p>
      {matches.length > 0 && (
        <ul className="mt-2 max-h-80 space-y-1 overflow-auto rounded-lg bg-white p-2 ring-1 ring-slate-200">
          {matches.map((match) => (
            <li
              key={match.number}
              className="flex items-start gap-2 text-sm"
              data-testid="redact-match"
              data-number={match.number}
            >
              <label className="flex min-w-0 flex-1 items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0"
                  checked={!skipped.has(match.number)}
                  disabled={disabled}
                  data-testid="redact-match-toggle"
                  onChange={() => onToggle(match.number)}
                />
                <span className="min-w-0 break-words text-slate-700" dir="auto">
                  {match.before}
                  <mark className="bg-amber-200 text-slate-900">{match.text}</mark>
                  {match.after}
                </span>
              </label>
              <button
                type="button"
                className="shrink-0 rounded px-1 text-xs text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600"
                aria-label={t('tools.redact.matches.show', { page: match.page })}
                onClick={() => onShowPage(match.page)}
              >
                {t('tools.redact.matches.page', { page: match.page })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
