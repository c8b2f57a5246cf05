import { TOOLS } from '@quire/shared';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { PageListField } from '../../../components/page-list-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';

const { mode: MODE } = TOOLS.split.options;

/** Split: every page or page ranges; the range field appears only in range mode (spec section 2). */
export function SplitOptions({ values, pageCount, disabled, problem, onChange }: ToolOptionsProps) {
  const t = useT();
  const mode = choiceOf(MODE, values.mode);
  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      <ChoiceGroup
        name="split-mode"
        legend={t('tools.split.options.modeLabel')}
        value={mode}
        disabled={disabled}
        testId="split-mode"
        choices={MODE.values.map((value) => ({
          value,
          label: t(`tools.split.options.mode.${value}`),
          hint: t(`tools.split.options.modeHint.${value}`),
        }))}
        onChange={(next) => onChange({ ...values, mode: next })}
      />
      {mode === 'range' && (
        <PageListField
          label={t('tools.split.options.rangeLabel')}
          hint={
            pageCount === null
              ? t('tools.split.options.rangeHint')
              : `${t('common.tool.pageCount', { count: pageCount })} ${t('tools.split.options.rangeHint')}`
          }
          placeholder={t('tools.split.options.rangePlaceholder')}
          value={values.pageRange ?? ''}
          error={problem?.option === 'pageRange' ? problem.message : null}
          disabled={disabled}
          testId="page-range"
          onChange={(pageRange) => onChange({ ...values, pageRange })}
        />
      )}
    </div>
  );
}
