import { AUTO_MARGINS, OPTION_KINDS, TOOLS, marginsField } from '@quire/shared';
import { useEffect, useMemo, useState } from 'react';
import type { EditorBox } from '../../../components/page-view/page-box-geometry.ts';
import { PageBoxesPanel, type PageBoxesPanelWords } from '../../../components/page-view/page-boxes-panel.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import { keptBoxOf, marginsOfKeptBox, type PageSizePt } from './crop-frame.ts';

const { margins: MARGINS } = TOOLS.crop.options;
const NO_MARGINS = { top: 0, right: 0, bottom: 0, left: 0 };

type CropFrameEditorProps = {
  readonly file: File;
  readonly password: string | undefined;
  readonly values: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (values: Record<string, string>) => void;
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * Crop PDF's frame on one page at a time, dragged and resized by pointer, touch or keyboard: what it keeps becomes
 * the margins field, in points of the page shown (the same margins are cut from every page, as the field says).
 * Removing the frame keeps the whole page. Shown for margins in points; with `auto` the pages above show the frame
 * found on each.
 */
export function CropFrameEditor({
  file,
  password,
  values,
  disabled,
  onChange,
  onAskPassword,
}: CropFrameEditorProps) {
  const t = useT();
  const pageWords = usePageViewWords();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<(PageSizePt & { page: number }) | null>(null);
  useEffect(() => setPage(1), [file]);
  const words = useMemo<PageBoxesPanelWords>(
    () => ({
      surfaceLabel: (shown) => t('tools.crop.frame.surfaceLabel', { page: shown }),
      boxLabel: (_number, shown) => t('tools.crop.frame.boxLabel', { page: shown }),
      keyboardHint: t('tools.crop.frame.keyboardHint'),
      remove: () => t('tools.crop.frame.remove'),
      previous: t('common.pageView.previousPage'),
      next: t('common.pageView.nextPage'),
      addBox: '',
    }),
    [t],
  );
  let margins;
  try {
    margins = OPTION_KINDS.margins.read('margins', values.margins, MARGINS);
  } catch {
    margins = null;
  }
  if (margins === AUTO_MARGINS) return null;
  const kept = size?.page === page && margins ? keptBoxOf(margins, size) : null;
  const boxes: EditorBox[] = kept ? [{ ...kept, page, id: 'crop-frame' }] : [];
  const setBoxes = (next: readonly EditorBox[]) => {
    if (!size) return;
    const [box] = next;
    onChange({ ...values, margins: marginsField(box ? marginsOfKeptBox(box, size) : NO_MARGINS) });
  };
  return (
    <PageBoxesPanel
      file={file}
      password={password}
      page={page}
      onPageChange={setPage}
      boxes={boxes}
      onChange={setBoxes}
      onPageFacts={(shown, facts) =>
        setSize({ page: shown, widthPt: facts.widthPt, heightPt: facts.heightPt })
      }
      heading={t('tools.crop.frame.heading')}
      description={t('tools.crop.frame.description')}
      pageWords={pageWords}
      words={words}
      disabled={disabled}
      onAskPassword={onAskPassword}
    />
  );
}
