import { useCallback, useRef, useState, type ReactNode } from 'react';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { useT } from '../../i18n/use-t.ts';
import { HistoryGrid } from './history-grid.tsx';
import { MaintenanceList } from './maintenance-list.tsx';
import { OverallStatus, StatusError } from './overall-status.tsx';
import { RefreshBar } from './refresh-bar.tsx';
import { ServiceList } from './service-list.tsx';
import { StatusFigures } from './status-figures.tsx';
import { StatusHelp } from './status-help.tsx';
import { useStatusReport } from './use-status-report.ts';

/** How long a fetch of the report runs before the page shows that it is fetching (the pulse and the spinner). */
const FETCHING_SHOWN_AFTER_MS = 300;

/** A section under the figures: hydrated after the top, on its own, when the browser is idle (`HydrateLater`). */
function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <HydrateLater>
      <section aria-labelledby={id} className="mt-12">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-2 text-slate-600">{description}</p>}
        <div className="mt-5">{children}</div>
      </section>
    </HydrateLater>
  );
}

/**
 * The live status page (spec section 2, A.9). The prerendered HTML is the frame with a loading state; the figures
 * come from `GET /api/status` in the browser and refresh every minute while auto-refresh is on.
 *
 * The placeholders pulse (and the headline's spinner turns) only while a fetch is under way and has taken longer
 * than FETCHING_SHOWN_AFTER_MS, `data-fetching` on the page's frame (`in-data-fetching:animate-pulse`): the
 * prerendered page, before its script runs (or without it), fetches nothing and says so by standing still; an answer
 * that comes at once flashes no animation; and a fast answer costs a slow phone no restyling of the whole page while
 * it hydrates (setting the attribute restyles every element under the frame and starts dozens of animations: about
 * 100 ms on a phone's CPU). The attribute is set on the element directly, so that it costs no render of the page.
 */
export function StatusPage() {
  const t = useT();
  const [isAutoRefresh, setAutoRefresh] = useState(true);
  const frame = useRef<HTMLDivElement>(null);
  const showFetching = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onFetching = useCallback((isFetching: boolean) => {
    clearTimeout(showFetching.current);
    if (isFetching) {
      showFetching.current = setTimeout(
        () => frame.current?.setAttribute('data-fetching', ''),
        FETCHING_SHOWN_AFTER_MS,
      );
    } else {
      frame.current?.removeAttribute('data-fetching');
    }
  }, []);
  const { report, failures, reload } = useStatusReport(isAutoRefresh, onFetching);
  return (
    <div ref={frame} className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6" aria-busy={report === null}>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('status.title')}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">{t('status.intro')}</p>
      </header>
      <div className="space-y-4">
        {failures > 0 && <StatusError hasReport={report !== null} onRetry={reload} />}
        <OverallStatus report={report} />
        <StatusFigures report={report} />
        <RefreshBar
          isAutoRefresh={isAutoRefresh}
          onToggle={setAutoRefresh}
          updatedAt={report?.generatedAt ?? null}
        />
      </div>
      <Section id="services-title" title={t('status.services.title')}>
        <ServiceList report={report} />
      </Section>
      <Section
        id="history-title"
        title={t('status.history.title')}
        description={t('status.history.description')}
      >
        <HistoryGrid history={report?.history ?? null} />
      </Section>
      <Section id="maintenance-title" title={t('status.maintenance.title')}>
        <MaintenanceList
          maintenance={report?.maintenance ?? null}
          overall={report?.overall ?? null}
          now={report?.generatedAt ?? null}
        />
      </Section>
      <HydrateLater>
        <div className="mt-12">
          <StatusHelp />
        </div>
      </HydrateLater>
    </div>
  );
}
