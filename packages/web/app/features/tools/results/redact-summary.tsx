import { jobReportOf, LOCALE_INFO } from '@quire/shared';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolResultDetailsProps } from './index.ts';

/** After Redact PDF: how many places a word was found and removed, and how many areas were removed. */
export function RedactSummary({ job }: ToolResultDetailsProps) {
  const t = useT();
  const number = new Intl.NumberFormat(LOCALE_INFO[useLocale()].tag);
  const report = jobReportOf(job, 'redact');
  if (!report) return null;
  const figures = [
    { label: t('tools.redact.result.matches'), value: report.matches, testId: 'redacted-matches' },
    { label: t('tools.redact.result.areas'), value: report.areas, testId: 'redacted-areas' },
  ];
  return (
    <dl className="grid w-full max-w-md grid-cols-2 gap-3" data-testid="redact-summary">
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
