import { TOOLS } from '@quire/shared';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';

const { pageSize: PAGE_SIZE, margin: MARGIN } = TOOLS['jpg-to-pdf'].options;

/** JPG to PDF: page size and margin; the page order is the order of the selected files. */
export function JpgToPdfOptions({ values, files, disabled, onChange }: ToolOptionsProps) {
  const t = useT();
  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      {files.length > 1 && (
        <p className="text-sm text-slate-600">{t('tools.jpg-to-pdf.options.orderHint')}</p>
      )}
      <ChoiceGroup
        name="jpg-to-pdf-page-size"
        legend={t('tools.jpg-to-pdf.options.pageSizeLabel')}
        value={choiceOf(PAGE_SIZE, values.pageSize)}
        disabled={disabled}
        testId="page-size"
        choices={PAGE_SIZE.values.map((value) => ({
          value,
          label: t(`tools.jpg-to-pdf.options.pageSize.${value}`),
          hint: t(`tools.jpg-to-pdf.options.pageSizeHint.${value}`),
        }))}
        onChange={(pageSize) => onChange({ ...values, pageSize })}
      />
      <ChoiceGroup
        name="jpg-to-pdf-margin"
        legend={t('tools.jpg-to-pdf.options.marginLabel')}
        value={choiceOf(MARGIN, values.margin)}
        disabled={disabled}
        testId="margin"
        choices={MARGIN.values.map((value) => ({
          value,
          label: t(`tools.jpg-to-pdf.options.margin.${value}`),
        }))}
        onChange={(margin) => onChange({ ...values, margin })}
      />
    </div>
  );
}
