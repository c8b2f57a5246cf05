import { jobReportOf, readRepairProblems, type RepairEngine } from '@quire/shared';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolResultDetailsProps } from './index.ts';

/** The engines by their own names, the same in every language. */
const ENGINE_NAMES: Readonly<Record<Exclude<RepairEngine, 'none'>, string>> = {
  qpdf: 'qpdf',
  mupdf: 'MuPDF',
  ghostscript: 'Ghostscript',
};

/**
 * After Repair PDF: which engine rebuilt the file and what it did, the pages kept, and what was wrong with the file,
 * each problem in the visitor's language; or a plain word that the file was intact and came back as it was.
 */
export function RepairSummary({ job }: ToolResultDetailsProps) {
  const t = useT();
  const report = jobReportOf(job, 'repair');
  if (!report) return null;
  if (report.engine === 'none') {
    return (
      <p
        className="w-full max-w-md text-sm font-medium text-emerald-900"
        data-testid="repair-summary"
        data-engine="none"
      >
        {t('tools.repair.result.intact')}
      </p>
    );
  }
  const figures = [
    { label: t('tools.repair.result.engine'), value: ENGINE_NAMES[report.engine], testId: 'repair-engine' },
    {
      label: t('tools.repair.result.pages'),
      value: t('common.tool.pages', { count: report.pageCount }),
      testId: 'repair-pages',
    },
  ];
  return (
    <div className="w-full max-w-md text-start" data-testid="repair-summary" data-engine={report.engine}>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map((figure) => (
          <div key={figure.testId} className="rounded-xl bg-white px-3 py-2 shadow-sm">
            <dt className="text-xs text-slate-600">{figure.label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={figure.testId}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">{t(`tools.repair.result.engines.${report.engine}`)}</p>
      <p className="mt-3 text-sm font-semibold text-slate-900">{t('tools.repair.result.problemsHeading')}</p>
      <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-slate-700" data-testid="repair-problems">
        {readRepairProblems(report.problems).map((problem) => (
          <li key={problem} data-problem={problem}>
            {t(`tools.repair.result.problems.${problem}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
