import { LOCALE_INFO, type DayReport } from '@quire/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { HistoryLegend } from './history-legend.tsx';
import { formatDay, formatPercent, roundedUptime, uptimeTone } from './status-view.ts';
import { UPTIME_CELL } from './uptime-colours.ts';

/** The days of the history (spec section 9). */
const HISTORY_DAYS = 30;

/**
 * The 30 days, oldest first: each cell prints its rounded uptime (or "–" for a day without checks) on the colour of
 * its band. One cell at a time takes the focus (arrow keys, Home and End move it), and the hovered or focused day's
 * date, exact uptime and incidents are written out under the grid; each cell also carries them for screen readers.
 */
export function HistoryGrid({ history }: { history: readonly DayReport[] | null }) {
  const t = useT();
  const locale = useLocale();
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [shownIndex, setShownIndex] = useState<number | null>(null);
  const cells = useRef<(HTMLLIElement | null)[]>([]);
  const isRtl = LOCALE_INFO[locale].dir === 'rtl';

  if (!history) return <HistorySkeleton />;
  const last = history.length - 1;
  const tabStop = focusIndex ?? last;
  const describe = (day: DayReport) =>
    day.uptime === null
      ? t('status.history.dayNoData', { date: formatDay(day.date, locale) })
      : t('status.history.day', {
          date: formatDay(day.date, locale),
          uptime: formatPercent(day.uptime, locale, 2),
          incidents: day.incidents,
        });

  const move = (to: number) => {
    const index = Math.max(0, Math.min(last, to));
    setFocusIndex(index);
    setShownIndex(index);
    cells.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: isRtl ? -1 : 1, ArrowLeft: isRtl ? 1 : -1 }[event.key];
    if (step !== undefined) move(index + step);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(last);
    else return;
    event.preventDefault();
  };
  const shown = shownIndex === null ? history[last] : history[shownIndex];

  return (
    <div>
      <ol
        aria-label={t('status.history.listLabel')}
        className={GRID}
        data-testid="history"
        onMouseLeave={() => setShownIndex(focusIndex)}
      >
        {history.map((day, index) => {
          const tone = uptimeTone(day.uptime);
          const description = describe(day);
          return (
            <li
              key={day.date}
              ref={(element) => {
                cells.current[index] = element;
              }}
              tabIndex={index === tabStop ? 0 : -1}
              title={description}
              onFocus={() => {
                setFocusIndex(index);
                setShownIndex(index);
              }}
              onMouseEnter={() => setShownIndex(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`flex h-9 items-center justify-center rounded-md text-[10px] font-semibold tabular-nums focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${UPTIME_CELL[tone]}`}
              data-testid="history-day"
              data-date={day.date}
              data-tone={tone}
            >
              <span aria-hidden="true">
                {day.uptime === null
                  ? t('status.history.noDataShort')
                  : formatPercent(roundedUptime(day.uptime), locale, 0)}
              </span>
              <span className="sr-only">{description}</span>
            </li>
          );
        })}
      </ol>
      <HistoryFooter detail={shown ? describe(shown) : ''} />
    </div>
  );
}

const GRID = 'grid grid-cols-10 gap-1 sm:grid-cols-15 lg:grid-cols-30 lg:gap-0.5';

/** The labels under the grid, the chosen day's details and the legend. */
function HistoryFooter({ detail }: { detail: string }) {
  const t = useT();
  return (
    <>
      <div className="mt-2 flex justify-between text-xs font-medium text-slate-600">
        <span>{t('status.history.start')}</span>
        <span>{t('status.history.end')}</span>
      </div>
      <p
        className="mt-4 min-h-9 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800"
        data-testid="history-detail"
      >
        {detail}
      </p>
      <HistoryLegend />
    </>
  );
}

/** Before the first answer: the grid's 30 cells as placeholders, so nothing moves when the days arrive. */
function HistorySkeleton() {
  return (
    <div>
      <ul aria-hidden="true" className={GRID}>
        {Array.from({ length: HISTORY_DAYS }, (_, index) => (
          <li
            key={index}
            className="h-9 in-data-fetching:animate-pulse rounded-md bg-slate-100 motion-reduce:animate-none"
          />
        ))}
      </ul>
      <HistoryFooter detail="" />
    </div>
  );
}
