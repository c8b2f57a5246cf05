import { FILE_KINDS, TOOLS, type PageBox } from '@quire/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { PageBoxesPanel, type PageBoxesPanelWords } from '../../../components/page-view/page-boxes-panel.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import type { ToolOptionsProps } from './index.ts';
import { placementsField, placementsOf, SIGNATURE_FIELD } from './sign-placements.ts';
import { SignaturePad } from './signature-pad.tsx';
import { TypedSignature } from './typed-signature.tsx';

type Source = 'draw' | 'type' | 'upload';

const IMAGE_KIND = FILE_KINDS[TOOLS.sign.pictureFiles.accepts[0]];
/** What the signature's file input takes: JPG and PNG, by extension and by type. */
const IMAGE_ACCEPT = [...IMAGE_KIND.extensions, ...IMAGE_KIND.mimeTypes].join(',');

/** An object URL of a file for as long as it is shown; undefined for none. */
function useObjectUrl(file: File | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Sign PDF's signature and its pages: the signature drawn on a pad, typed or uploaded (sent as `image-0`), then placed on
 * the document's pages by press-and-drag in the page boxes editor, as many times as wanted, on any page (sent as
 * `placements`, each of picture 0). Without a signature nothing can be placed; clearing it takes the placements
 * away with it, since the server would refuse placements of a picture not sent.
 */
export function SignPages(props: ToolOptionsProps & { readonly file: File }) {
  const { file, values, disabled, onChange, attachments, onAttachmentsChange } = props;
  const t = useT();
  const pageWords = usePageViewWords();
  const [source, setSource] = useState<Source>('draw');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [file]);
  const signature = attachments[SIGNATURE_FIELD];
  const picture = useObjectUrl(signature);
  const words = useMemo<PageBoxesPanelWords>(
    () => ({
      surfaceLabel: (page) => t('tools.sign.place.surfaceLabel', { page }),
      boxLabel: (number, page) => t('tools.sign.place.boxLabel', { number, page }),
      keyboardHint: t('tools.sign.place.keyboardHint'),
      remove: (number) => t('tools.sign.place.remove', { number }),
      previous: t('common.pageView.previousPage'),
      next: t('common.pageView.nextPage'),
      addBox: t('tools.sign.place.addBox'),
    }),
    [t],
  );
  const boxes = placementsOf(values.placements, picture);
  const setBoxes = (next: readonly PageBox[]) => {
    const { placements: _old, ...others } = values;
    const field = placementsField(next);
    onChange(field === undefined ? others : { ...others, placements: field });
  };
  const setSignature = (next: Blob | null) => {
    const { [SIGNATURE_FIELD]: _old, ...others } = attachments;
    if (next === null) {
      onAttachmentsChange(others);
      setBoxes([]);
      return;
    }
    const named =
      next instanceof File ? next : new File([next], 'signature.png', { type: next.type || 'image/png' });
    onAttachmentsChange({ ...others, [SIGNATURE_FIELD]: named });
  };
  const choose = (next: Source) => {
    if (next === source) return;
    setSource(next);
    setSignature(null);
  };

  return (
    <div className="space-y-4">
      <section data-testid="signature-maker">
        <ChoiceGroup
          name="signature-source"
          legend={t('tools.sign.signature.heading')}
          value={source}
          disabled={disabled}
          testId="signature-source"
          choices={[
            { value: 'draw', label: t('tools.sign.signature.draw') },
            { value: 'type', label: t('tools.sign.signature.type') },
            { value: 'upload', label: t('tools.sign.signature.upload') },
          ]}
          onChange={choose}
        />
        <div className="mt-3">
          {source === 'draw' ? (
            <>
              <SignaturePad
                label={t('tools.sign.signature.padLabel')}
                clearLabel={t('tools.sign.signature.clear')}
                disabled={disabled}
                onChange={setSignature}
              />
              <p className="mt-1 text-xs text-slate-600">{t('tools.sign.signature.drawHint')}</p>
            </>
          ) : source === 'type' ? (
            <TypedSignature
              words={{
                textLabel: t('tools.sign.signature.typeLabel'),
                textHint: t('tools.sign.signature.typeHint'),
                styleLabel: t('tools.sign.signature.styleLabel'),
                styles: {
                  script: t('tools.sign.signature.style.script'),
                  italic: t('tools.sign.signature.style.italic'),
                  print: t('tools.sign.signature.style.print'),
                },
              }}
              disabled={disabled}
              onChange={setSignature}
            />
          ) : (
            <UploadField signature={signature} disabled={disabled} onChange={setSignature} />
          )}
        </div>
      </section>
      <PageBoxesPanel
        file={file}
        password={props.passwords[0]}
        page={page}
        onPageChange={setPage}
        boxes={boxes}
        onChange={setBoxes}
        {...(picture === undefined
          ? {}
          : {
              onDraw: (box: PageBox) => ({
                ...box,
                id: `placement-${boxes.length}`,
                picture,
                keepsAspect: true,
              }),
            })}
        heading={t('tools.sign.place.heading')}
        description={t(picture === undefined ? 'tools.sign.place.first' : 'tools.sign.place.description')}
        pageWords={pageWords}
        words={words}
        disabled={disabled}
        onAskPassword={(isRetry) => props.onAskPassword(0, isRetry)}
      >
        {props.problem?.option === 'placements' && (
          <p
            role="alert"
            className="mt-3 text-sm font-medium text-red-700"
            data-testid="sign-placements-error"
          >
            {props.problem.message}
          </p>
        )}
        <p className="mt-3 text-xs text-slate-600" data-testid="sign-placement-count">
          {t('tools.sign.place.count', { count: boxes.length })}
        </p>
      </PageBoxesPanel>
    </div>
  );
}

/** The signature's picture file: a button in the page's language, the name of the file chosen, a hint. */
function UploadField(props: {
  readonly signature: File | undefined;
  readonly disabled: boolean;
  readonly onChange: (file: File | null) => void;
}) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 has-focus-visible:outline-3 has-focus-visible:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          {t('tools.sign.signature.uploadChoose')}
          <input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={props.disabled}
            aria-describedby={hintId}
            data-testid="signature-image"
            className="sr-only"
            onChange={(event) => props.onChange(event.currentTarget.files?.[0] ?? null)}
          />
        </label>
        {props.signature && (
          <span dir="auto" className="min-w-0 truncate text-sm text-slate-700">
            {props.signature.name}
          </span>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('tools.sign.signature.uploadHint')}
      </p>
    </div>
  );
}
