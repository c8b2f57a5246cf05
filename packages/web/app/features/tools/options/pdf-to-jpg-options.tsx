import { JPG_DPI, TOOLS } from '@quire/shared';
import { lazy, Suspense } from 'react';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';

const { quality: QUALITY } = TOOLS['pdf-to-jpg'].options;

/** The pages that become images, shown once a file is chosen (the page view's code is fetched then). */
const PagesPreview = lazy(() =>
  import('./pages-preview.tsx').then((module) => ({ default: module.PagesPreview })),
);

/** PDF to JPG: the image quality, named with its resolution, and the pages that become images. */
export function PdfToJpgOptions({
  values,
  disabled,
  onChange,
  files,
  passwords,
  onAskPassword,
}: ToolOptionsProps) {
  const t = useT();
  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
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
      {files[0] && (
        <Suspense fallback={null}>
          <PagesPreview
            toolId="pdf-to-jpg"
            file={files[0]}
            password={passwords[0]}
            onAskPassword={(isRetry) => onAskPassword(0, isRetry)}
          />
        </Suspense>
      )}
    </div>
  );
}
