import { FILE_KINDS, TOOLS } from '@quire/shared';
import { useId, useRef, useState } from 'react';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { OptionFields } from './generic-options.tsx';
import type { ToolOptionsProps } from './index.ts';

type Source = 'text' | 'image';

/** The options that shape a text only: a picture has its own colours and is fitted to the page. */
const TEXT_OPTIONS = ['text', 'fontSize', 'color'];
/** The options of either: where it goes and how it is drawn. */
const PLACEMENT_OPTIONS = ['position', 'opacity', 'rotation', 'pages', 'layer'];
const IMAGE_KIND = FILE_KINDS[TOOLS.watermark.extraFile.accepts[0]];
/** What the picture's file input takes: JPG and PNG, by extension and by type. */
const IMAGE_ACCEPT = [...IMAGE_KIND.extensions, ...IMAGE_KIND.mimeTypes].join(',');

/**
 * Watermark's form: a text or a picture, never both (the server takes exactly one). With a text, its words, size and
 * colour; with a picture, the file chosen here (sent as the `image` field); then, for either, the generic fields of
 * its place, opacity, turn, pages and layer. Switching to a picture takes the text out of what is sent (and keeps it
 * for a switch back); switching to a text drops the picture.
 */
export function WatermarkOptions(props: ToolOptionsProps) {
  const { t } = getTranslator(useLocale());
  const [source, setSource] = useState<Source>(props.extraFile ? 'image' : 'text');
  const typedText = useRef('');

  const choose = (next: Source) => {
    if (next === source) return;
    setSource(next);
    if (next === 'image') {
      const { text = '', ...others } = props.values;
      typedText.current = text;
      props.onChange(others);
    } else {
      props.onExtraFileChange(null);
      props.onChange(typedText.current === '' ? props.values : { ...props.values, text: typedText.current });
    }
  };

  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      <ChoiceGroup
        name="watermark-source"
        legend={t('tools.watermark.options.sourceLabel')}
        value={source}
        disabled={props.disabled}
        testId="watermark-source"
        choices={[
          { value: 'text', label: t('tools.watermark.options.source.text') },
          { value: 'image', label: t('tools.watermark.options.source.image') },
        ]}
        onChange={choose}
      />
      {source === 'text' ? (
        <OptionFields {...props} toolId="watermark" only={TEXT_OPTIONS} />
      ) : (
        <ImageField {...props} />
      )}
      <OptionFields {...props} toolId="watermark" only={PLACEMENT_OPTIONS} />
    </div>
  );
}

/** The picture's file: a button in the page's language (not the browser's), the name of the file chosen, a hint. */
function ImageField({ extraFile, disabled, onExtraFileChange }: ToolOptionsProps) {
  const { t } = getTranslator(useLocale());
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="min-w-0">
      <p className="block text-sm font-semibold text-slate-900">{t('tools.watermark.options.imageLabel')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 has-focus-visible:outline-3 has-focus-visible:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          {t('tools.watermark.options.imageChoose')}
          <input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={disabled}
            aria-describedby={hintId}
            data-testid="watermark-image"
            className="sr-only"
            onChange={(event) => onExtraFileChange(event.currentTarget.files?.[0] ?? null)}
          />
        </label>
        {extraFile && (
          <span
            dir="auto"
            className="min-w-0 truncate text-sm text-slate-700"
            data-testid="watermark-image-name"
          >
            {extraFile.name}
          </span>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('tools.watermark.options.imageHint')}
      </p>
    </div>
  );
}
