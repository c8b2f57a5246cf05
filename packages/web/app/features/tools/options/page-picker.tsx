import { TOOLS } from '@quire/shared';
import { useMemo, useRef } from 'react';
import { PageView } from '../../../components/page-view/page-view.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import { choiceOf } from './option-values.ts';
import {
  cutsOfRanges,
  pagesOfList,
  rangesOfCuts,
  runOfPages,
  setPagesSelected,
  toggleCut,
} from './page-selection.ts';

/** The tools whose pages are chosen in the page view, each with its page-list option. */
export type PagePickerToolId = 'split' | 'remove-pages' | 'extract-pages';

export type PagePickerProps = {
  readonly toolId: PagePickerToolId;
  readonly file: File;
  /** The file's password, once given. */
  readonly password: string | undefined;
  readonly values: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (values: Record<string, string>) => void;
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * The pages of the chosen PDF beside a page-list field, in step with it both ways: Remove pages and Extract pages
 * choose pages by clicking them, Split cuts the document by clicking between them.
 */
export function PagePicker(props: PagePickerProps) {
  return props.toolId === 'split' ? <SplitPicker {...props} /> : <PageSelectPicker {...props} />;
}

/** Remove pages (chosen pages crossed out) and Extract pages (ticked): the `pages` field follows the clicks. */
function PageSelectPicker(props: PagePickerProps) {
  const { toolId, file, password, values, disabled, onChange, onAskPassword } = props;
  const t = useT();
  const words = usePageViewWords();
  // The page last clicked without Shift: a Shift-click gives the pages from it to the one clicked its state.
  const anchor = useRef<number | null>(null);
  const isRemove = toolId === 'remove-pages';
  const list = values.pages;
  const selectedOf = useMemo(
    () => onceForCount((pageCount) => new Set(pagesOfList(list, pageCount))),
    [list],
  );
  const isSelected = (page: number, pageCount: number) => selectedOf(pageCount).has(page);

  const onToggle = (page: number, pageCount: number, isRun: boolean) => {
    const selected = selectedOf(pageCount);
    const from = isRun && anchor.current !== null && anchor.current <= pageCount ? anchor.current : null;
    const pages = from === null ? [page] : runOfPages(from, page);
    const select = from === null ? !selected.has(page) : selected.has(from);
    if (from === null) anchor.current = page;
    onChange({ ...values, pages: setPagesSelected(list, pages, select, pageCount, !isRemove) });
  };

  return (
    <PageView
      file={file}
      password={password}
      words={words}
      heading={t(`tools.${toolId}.preview.heading`)}
      description={(pageCount) => t(`tools.${toolId}.preview.description`, { pageCount })}
      labelOf={(page, pageCount) =>
        isSelected(page, pageCount) ? words.selectedLabel(page, pageCount) : words.pageLabel(page, pageCount)
      }
      isPressed={isSelected}
      pressedMark={isRemove ? 'cross' : 'check'}
      onToggle={disabled ? undefined : onToggle}
      onAskPassword={onAskPassword}
    />
  );
}

const { mode: SPLIT_MODE } = TOOLS.split.options;

/**
 * Split: a toggle between every two pages. With page ranges, the cuts are the ends of the ranges and clicking cuts
 * or joins there (the ranges field is rewritten as the parts, every page in one). "Every page" is a cut between
 * every two pages: joining two of them turns the form to page ranges, with every other cut kept.
 */
function SplitPicker(props: PagePickerProps) {
  const { file, password, values, disabled, onChange, onAskPassword } = props;
  const t = useT();
  const words = usePageViewWords();
  const isEveryPage = choiceOf(SPLIT_MODE, values.mode) === 'pages';
  const ranges = values.pageRange;
  const cutsOf = useMemo(() => onceForCount((pageCount) => cutsOfRanges(ranges, pageCount)), [ranges]);
  const isCutAfter = (page: number, pageCount: number) => isEveryPage || cutsOf(pageCount).has(page);

  const onToggleCut = (page: number, pageCount: number) => {
    if (!isEveryPage) {
      onChange({ ...values, pageRange: toggleCut(ranges, page, pageCount) });
      return;
    }
    const cuts = new Set(runOfPages(1, pageCount - 1));
    cuts.delete(page);
    onChange({ ...values, mode: 'range', pageRange: rangesOfCuts(cuts, pageCount) });
  };

  return (
    <PageView
      file={file}
      password={password}
      words={words}
      heading={t('tools.split.preview.heading')}
      description={(pageCount) => t('tools.split.preview.description', { pageCount })}
      isCutAfter={isCutAfter}
      onToggleCut={disabled ? undefined : onToggleCut}
      onAskPassword={onAskPassword}
    />
  );
}

/**
 * `read` remembered for the last page count it was asked about: the page view asks once for each page it shows,
 * at every scroll, and a long list is read once, not once a page.
 */
function onceForCount<T>(read: (pageCount: number) => T): (pageCount: number) => T {
  let last: { readonly pageCount: number; readonly value: T } | null = null;
  return (pageCount) => {
    if (last?.pageCount !== pageCount) last = { pageCount, value: read(pageCount) };
    return last.value;
  };
}
