import { jobReportOf, LOCALE_INFO } from '@quire/shared';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolResultDetailsProps } from './index.ts';

/** After Compare PDF: the words inserted, deleted and changed, and the pages that differ, as the report sums up. */
export function CompareSummary({ job }: ToolResultDetailsProps) {
  const t = useT();
  const number = new Intl.NumberFormat(LOCALE_INFO[useLocale()].tag);
  const report = jobReportOf(job, 'compare');
  if (!report) return null;
  const figures = [
    { label: t('tools.compare.result.inserted'), value: report.wordsInserted, testId: 'compare-inserted' },
    { label: t('tools.compare.result.deleted'), value: report.wordsDeleted, testId: 'compare-deleted' },
    { label: t('tools.compare.result.changed'), value: report.wordsChanged, testId: 'compare-changed' },
    { label: t('tools.compare.result.pages'), value: report.pagesChanged, testId: 'compare-pages' },
  ];
  return (
    <dl className="grid w-full max-w-md grid-cols-2 gap-3" data-testid="compare-summary">
      {figures.map((figure) => (
        <div key={figure.testId} className="rounded-xl bg-white px-3 py-2 shadow-sm">
          <dt className="text-xs text-slate-600">{figure.label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={figure.testId}>
            {number.format(figure.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
