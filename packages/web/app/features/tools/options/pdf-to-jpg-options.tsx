import { JPG_DPI, TOOLS } from '@quire/shared';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';

const { quality: QUALITY } = TOOLS['pdf-to-jpg'].options;

/** PDF to JPG: the image quality, named with its resolution. */
export function PdfToJpgOptions({ values, disabled, onChange }: ToolOptionsProps) {
  const t = useT();
  return (
    <div className="mt-6" data-testid="tool-options">
      <ChoiceGroup
        name="pdf-to-jpg-quality"
        legend={t('tools.pdf-to-jpg.options.qualityLabel')}
        value={choiceOf(QUALITY, values.quality)}
        disabled={disabled}
        testId="jpg-quality"
        choices={QUALITY.values.map((value) => ({
          value,
          label: t(`tools.pdf-to-jpg.options.quality.${value}`, { dpi: JPG_DPI[value] }),
          hint: t(`tools.pdf-to-jpg.options.qualityHint.${value}`),
        }))}
        onChange={(quality) => onChange({ ...values, quality })}
      />
    </div>
  );
}
