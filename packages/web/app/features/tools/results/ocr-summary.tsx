import { jobReportOf, LOCALE_INFO } from '@quire/shared';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolResultDetailsProps } from './index.ts';
import { readOcrResult, unreadScansOf } from './ocr-result.ts';

/**
 * After OCR: the pages read and the mean confidence, or a plain word that no page needed reading. Scans that could
 * not be read are the notices' to tell (`PAGES_ARE_SCANS`): a document of them alone had pages to read.
 */
export function OcrSummary({ job }: ToolResultDetailsProps) {
  const t = useT();
  if (readOcrResult(job)?.count === 0 && !unreadScansOf(job)) {
    return (
      <p className="w-full max-w-md text-sm font-medium text-emerald-900" data-testid="ocr-summary">
        {t('tools.ocr.result.noScans')}
      </p>
    );
  }
  return <RecognitionFigures job={job} toolId="ocr" />;
}

/** After PDF to Word: the scanned pages it read and the mean confidence, when it read any. */
export function PdfToWordSummary({ job }: ToolResultDetailsProps) {
  return <RecognitionFigures job={job} toolId="pdf-to-word" />;
}

/** After PDF to PowerPoint: the scanned pages it read and the mean confidence, when it read any. */
export function PdfToPowerpointSummary({ job }: ToolResultDetailsProps) {
  return <RecognitionFigures job={job} toolId="pdf-to-powerpoint" />;
}

/** After PDF to text: the scanned pages it read and the mean confidence, when it read any. */
export function PdfToTextSummary({ job }: ToolResultDetailsProps) {
  return <RecognitionFigures job={job} toolId="pdf-to-text" />;
}

/**
 * After PDF to Excel: the tables written and the sheets they fill, and the scanned pages it read with the mean
 * confidence, when it read any.
 */
export function PdfToExcelSummary({ job }: ToolResultDetailsProps) {
  const t = useT();
  const report = jobReportOf(job, 'pdf-to-excel');
  const tables = report
    ? [
        {
          label: t('tools.pdf-to-excel.result.tables'),
          value: String(report.tableCount),
          testId: 'table-count',
        },
        {
          label: t('tools.pdf-to-excel.result.sheets'),
          value: String(report.sheetCount),
          testId: 'sheet-count',
        },
      ]
    : [];
  return <RecognitionFigures job={job} toolId="pdf-to-excel" before={tables} />;
}

type Figure = { label: string; value: string; testId: string };

/**
 * How many pages were read and their mean confidence, in the words of the tool that read them, after the tool's
 * own figures (`before`); nothing when there are none.
 */
function RecognitionFigures({
  job,
  toolId,
  before = [],
}: ToolResultDetailsProps & {
  toolId: 'ocr' | 'pdf-to-word' | 'pdf-to-powerpoint' | 'pdf-to-text' | 'pdf-to-excel';
  before?: readonly Figure[];
}) {
  const t = useT();
  const numberLocale = LOCALE_INFO[useLocale()].tag;
  const result = readOcrResult(job);
  const hasRead = result !== null && result.count > 0;
  if (!hasRead && before.length === 0) return null;
  const recognition: Figure[] = !hasRead
    ? []
    : [
        // The label says how many pages were read: the count, not the list of them (`1-6`).
        {
          label: t(`tools.${toolId}.result.recognisedPages`),
          value: t('common.tool.pages', { count: result.count }),
          testId: 'recognised-pages',
        },
        ...(result.confidence === null
          ? []
          : [
              {
                label: t(`tools.${toolId}.result.confidence`),
                value: new Intl.NumberFormat(numberLocale, {
                  style: 'percent',
                  maximumFractionDigits: 0,
                }).format(result.confidence / 100),
                testId: 'ocr-confidence',
              },
            ]),
      ];
  const figures = [...before, ...recognition];
  return (
    <dl className="grid w-full max-w-md grid-cols-2 gap-3" data-testid="ocr-summary">
      {figures.map((figure) => (
        <div key={figure.testId} className="rounded-xl bg-white px-3 py-2 shadow-sm">
          <dt className="text-xs text-slate-600">{figure.label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={figure.testId}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
