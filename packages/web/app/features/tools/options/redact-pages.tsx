import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageBox } from '@quire/shared';
import type { PageMark } from '../../../components/page-view/page-boxes-editor.tsx';
import { PageBoxesPanel, type PageBoxesPanelWords } from '../../../components/page-view/page-boxes-panel.tsx';
import { CloseIcon } from '../../../components/icons.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import { areasField, areasOf, skipField, skippedOf } from './redact-areas.ts';
import { RedactMatchList } from './redact-match-list.tsx';
import { useRedactPreview } from './use-redact-preview.ts';

type RedactPagesProps = {
  readonly file: File;
  readonly password: string | undefined;
  readonly values: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (values: Record<string, string>) => void;
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * Redact PDF's pages, one at a time, to draw the areas to remove on (`areas`), with the list of the areas drawn
 * (each names its page, which a click shows, and can be removed) and the places the words searched for are found,
 * highlighted on their pages and listed, each with a tick: those unticked are sent as `skip`, by their number in
 * the server's preview, and stay as they are. A new search clears the unticks, which belonged to the old one.
 */
export function RedactPages({ file, password, values, disabled, onChange, onAskPassword }: RedactPagesProps) {
  const t = useT();
  const pageWords = usePageViewWords();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [file]);
  const words = useMemo<PageBoxesPanelWords>(
    () => ({
      surfaceLabel: (page) => t('tools.redact.areas.surfaceLabel', { page }),
      boxLabel: (number, page) => t('tools.redact.areas.boxLabel', { number, page }),
      keyboardHint: t('tools.redact.areas.keyboardHint'),
      remove: (number) => t('tools.redact.areas.remove', { number }),
      previous: t('common.pageView.previousPage'),
      next: t('common.pageView.nextPage'),
      addBox: t('tools.redact.areas.addBox'),
    }),
    [t],
  );
  const search = (values.search ?? '').trim();
  const regex = values.regex ?? 'false';
  const preview = useRedactPreview(file, password, search, regex);
  const skipped = skippedOf(values.skip);
  // Unticks name matches of the preview they were made on: a new file, search or way of reading it clears them.
  const latest = useRef({ values, onChange });
  latest.current = { values, onChange };
  useEffect(() => {
    const { values: current, onChange: change } = latest.current;
    if (current.skip === undefined) return;
    const { skip: _old, ...others } = current;
    change(others);
  }, [file, search, regex]);
  const toggle = (number: number) => {
    const next = new Set(skipped);
    if (next.has(number)) next.delete(number);
    else next.add(number);
    const { skip: _old, ...others } = values;
    const field = skipField(next);
    onChange(field === undefined ? others : { ...others, skip: field });
  };
  const marks: PageMark[] =
    preview.status === 'found'
      ? preview.preview.matches.flatMap((match) =>
          match.boxes.map((box, index) => ({
            ...box,
            id: `${match.number}-${index}`,
            page: match.page,
            isOn: !skipped.has(match.number),
          })),
        )
      : [];
  const boxes = areasOf(values.areas);
  const setBoxes = (next: readonly PageBox[]) => {
    const { areas: _old, ...others } = values;
    const field = areasField(next);
    onChange(field === undefined ? others : { ...others, areas: field });
  };
  return (
    <PageBoxesPanel
      file={file}
      password={password}
      page={page}
      onPageChange={setPage}
      boxes={boxes}
      onChange={setBoxes}
      onDraw={(box) => ({ ...box, id: `area-${boxes.length}` })}
      marks={marks}
      heading={t('tools.redact.areas.heading')}
      description={t('tools.redact.areas.description')}
      pageWords={pageWords}
      words={words}
      disabled={disabled}
      onAskPassword={onAskPassword}
    >
      {boxes.length === 0 ? (
        <p className="mt-3 text-xs text-slate-600">{t('tools.redact.areas.none')}</p>
      ) : (
        <ol className="mt-3 flex flex-wrap gap-2" data-testid="redact-area-list">
          {boxes.map((box, index) => (
            <li
              key={box.id}
              className="flex items-center rounded-full bg-white text-xs ring-1 ring-slate-300"
            >
              <button
                type="button"
                className="rounded-s-full py-1 ps-3 pe-1 text-slate-800 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                onClick={() => setPage(box.page)}
              >
                {words.boxLabel(index + 1, box.page)}
              </button>
              <button
                type="button"
                aria-label={words.remove(index + 1)}
                disabled={disabled}
                className="rounded-e-full p-1 pe-2 text-slate-600 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                onClick={() => setBoxes(boxes.filter((other) => other.id !== box.id))}
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ol>
      )}
      <RedactMatchList
        state={preview}
        skipped={skipped}
        disabled={disabled}
        onToggle={toggle}
        onShowPage={setPage}
      />
    </PageBoxesPanel>
  );
}
