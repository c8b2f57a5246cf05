import { JPG_DPI, TOOLS } from '@quire/shared';
import { lazy, Suspense } from 'react';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';
import type { PagesPreviewToolId } from './pages-preview.tsx';

const { quality: QUALITY } = TOOLS['pdf-to-jpg'].options;
const { transparent: TRANSPARENT } = TOOLS['pdf-to-png'].options;

/** The pages that become images, shown once a file is chosen (the page view's code is fetched then). */
const PagesPreview = lazy(() =>
  import('./pages-preview.tsx').then((module) => ({ default: module.PagesPreview })),
);

/**
 * PDF to JPG and PDF to PNG: the image quality, named with its resolution, PNG's background (white or transparent)
 * and the pages that become images.
 */
function PageImageOptions({
  toolId,
  values,
  disabled,
  onChange,
  files,
  passwords,
  onAskPassword,
}: ToolOptionsProps & { readonly toolId: PagesPreviewToolId }) {
  const t = useT();
  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      <ChoiceGroup
        name={`${toolId}-quality`}
        legend={t(`tools.${toolId}.options.qualityLabel`)}
        value={choiceOf(QUALITY, values.quality)}
        disabled={disabled}
        testId={toolId === 'pdf-to-jpg' ? 'jpg-quality' : 'png-quality'}
        choices={QUALITY.values.map((value) => ({
          value,
          label: t(`tools.${toolId}.options.quality.${value}`, { dpi: JPG_DPI[value] }),
          hint: t(`tools.${toolId}.options.qualityHint.${value}`),
        }))}
        onChange={(quality) => onChange({ ...values, quality })}
      />
      {toolId === 'pdf-to-png' && (
        <ChoiceGroup
          name="pdf-to-png-transparent"
          legend={t('tools.pdf-to-png.options.transparentLabel')}
          value={choiceOf(TRANSPARENT, values.transparent)}
          disabled={disabled}
          testId="png-background"
          choices={TRANSPARENT.values.map((value) => ({
            value,
            label: t(`tools.pdf-to-png.options.transparent.${value}`),
            hint: t(`tools.pdf-to-png.options.transparentHint.${value}`),
          }))}
          onChange={(transparent) => onChange({ ...values, transparent })}
        />
      )}
      {files[0] && (
        <Suspense fallback={null}>
          <PagesPreview
            toolId={toolId}
            file={files[0]}
            password={passwords[0]}
            onAskPassword={(isRetry) => onAskPassword(0, isRetry)}
          />
        </Suspense>
      )}
    </div>
  );
}

export function PdfToJpgOptions(props: ToolOptionsProps) {
  return <PageImageOptions {...props} toolId="pdf-to-jpg" />;
}

export function PdfToPngOptions(props: ToolOptionsProps) {
  return <PageImageOptions {...props} toolId="pdf-to-png" />;
}
