import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatPercent, type UptimeTone } from './status-view.ts';
import { UPTIME_CELL } from './uptime-colours.ts';

/** The colour bands of spec section 9 in words, so no colour has to be guessed. */
export function HistoryLegend() {
  const t = useT();
  const locale = useLocale();
  const percent = (value: number) => formatPercent(value, locale, 1);
  const entries: { tone: UptimeTone; text: string }[] = [
    { tone: 'green', text: t('status.history.green', { min: percent(99.9) }) },
    { tone: 'yellow', text: t('status.history.yellow', { min: percent(99.5), max: percent(99.9) }) },
    { tone: 'orange', text: t('status.history.orange', { min: percent(99), max: percent(99.5) }) },
    { tone: 'red', text: t('status.history.red', { max: percent(99) }) },
    { tone: 'none', text: t('status.history.none') },
  ];
  return (
    <div className="mt-4">
      <h3 className="sr-only">{t('status.history.legend')}</h3>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-700">
        {entries.map((entry) => (
          <li key={entry.tone} className="flex items-center gap-2">
            <span aria-hidden="true" className={`size-3.5 rounded ${UPTIME_CELL[entry.tone]}`} />
            {entry.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
