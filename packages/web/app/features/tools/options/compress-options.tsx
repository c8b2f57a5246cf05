import { TOOLS } from '@quire/shared';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';

const { quality: QUALITY } = TOOLS.compress.options;

/** Compress: the quality level, each with a one-line explanation. */
export function CompressOptions({ values, disabled, onChange }: ToolOptionsProps) {
  const t = useT();
  return (
    <div className="mt-6" data-testid="tool-options">
      <ChoiceGroup
        name="compress-quality"
        legend={t('tools.compress.options.qualityLabel')}
        value={choiceOf(QUALITY, values.quality)}
        disabled={disabled}
        testId="compress-quality"
        choices={QUALITY.values.map((value) => ({
          value,
          label: t(`tools.compress.options.quality.${value}`),
          hint: t(`tools.compress.options.qualityHint.${value}`),
        }))}
        onChange={(quality) => onChange({ ...values, quality })}
      />
    </div>
  );
}
