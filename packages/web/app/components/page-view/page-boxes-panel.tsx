import { useEffect, useState, type ReactNode } from 'react';
import type { PageBox } from '@quire/shared';
import { BUTTON_STYLES } from '../button-styles.ts';
import { ArrowBackIcon, ArrowForwardIcon } from '../icons.tsx';
import { PAGE_VIEW_FRAME, PageDocumentStatus } from './page-document-status.tsx';
import {
  PageBoxesEditor,
  type EditorBox,
  type PageBoxesEditorWords,
  type PageMark,
} from './page-boxes-editor.tsx';
import type { PageRenderer } from './page-renderer.ts';
import { BitmapCanvas } from './page-thumbnail.tsx';
import type { PageViewWords } from './page-view.tsx';
import { usePageDocument } from './use-page-document.ts';

/** The page is drawn this many CSS pixels on its longest side (two device pixels a CSS pixel at most). */
const PANEL_CSS_PX = 1000;

/** Where "add a box" puts a new box: across the middle of the page. */
const NEW_BOX: Omit<PageBox, 'page'> = { x: 0.3, y: 0.45, width: 0.4, height: 0.08 };

export type PageBoxesPanelWords = PageBoxesEditorWords & {
  readonly previous: string;
  readonly next: string;
  /** The button that puts a new box on the page shown, for the keyboard (a drag draws one too). */
  readonly addBox: string;
};

export type PageBoxesPanelProps = {
  readonly file: File;
  readonly password: string | undefined;
  /** The page shown, from 1 (held by the caller: a list elsewhere may show a page). */
  readonly page: number;
  readonly onPageChange: (page: number) => void;
  readonly boxes: readonly EditorBox[];
  readonly onChange: (boxes: readonly EditorBox[]) => void;
  /** Makes a box drawn (or added by the button) into one of the list; see `PageBoxesEditor`. */
  readonly onDraw?: (box: PageBox) => EditorBox | null;
  readonly marks?: readonly PageMark[];
  readonly heading: string;
  readonly description: string;
  readonly pageWords: PageViewWords;
  readonly words: PageBoxesPanelWords;
  readonly disabled?: boolean;
  readonly onAskPassword: (isRetry: boolean) => void;
  /** Shown under the page (a list of the boxes, of matches). */
  readonly children?: ReactNode;
};

/**
 * One page of a PDF at the width of the form, with its boxes to draw and edit (`PageBoxesEditor`) and buttons to
 * the previous and next page. A panel in the form rather than a dialog over it: on a phone the page takes the whole
 * width either way, and here what is listed under it (the boxes, the matches) stays in view while the visitor draws;
 * the page's height is held under the window's, so a finger finds room beside it to scroll.
 */
export function PageBoxesPanel(props: PageBoxesPanelProps) {
  const { file, password, page, onPageChange, heading, description, pageWords, words, onAskPassword } = props;
  const document = usePageDocument(file, password);
  if (document.status !== 'open') {
    return <PageDocumentStatus document={document} words={pageWords} onAskPassword={onAskPassword} />;
  }
  const { pageCount, renderer } = document;
  const shown = Math.min(Math.max(1, page), pageCount);
  const { onDraw, onChange, boxes, disabled } = props;
  return (
    <section className={PAGE_VIEW_FRAME} data-testid="page-boxes-panel" data-page-count={pageCount}>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="mt-1 text-xs text-slate-600">{description}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={`${BUTTON_STYLES.secondary} px-2`}
            aria-label={words.previous}
            disabled={shown <= 1}
            onClick={() => onPageChange(shown - 1)}
          >
            <ArrowBackIcon className="size-4 rtl:rotate-180" />
          </button>
          <span
            className="text-sm text-slate-700 tabular-nums"
            aria-live="polite"
            data-testid="page-boxes-page"
          >
            {pageWords.pageLabel(shown, pageCount)}
          </span>
          <button
            type="button"
            className={`${BUTTON_STYLES.secondary} px-2`}
            aria-label={words.next}
            disabled={shown >= pageCount}
            onClick={() => onPageChange(shown + 1)}
          >
            <ArrowForwardIcon className="size-4 rtl:rotate-180" />
          </button>
        </div>
        {onDraw && (
          <button
            type="button"
            className={BUTTON_STYLES.secondary}
            disabled={disabled}
            data-testid="page-boxes-add"
            onClick={() => {
              const made = onDraw({ page: shown, ...NEW_BOX });
              if (made) onChange([...boxes, made]);
            }}
          >
            {words.addBox}
          </button>
        )}
      </div>
      <div className="mt-3">
        <DrawnPage renderer={renderer} page={shown} loadingLabel={pageWords.loading}>
          {(picture, aspectRatio) => (
            <PageBoxesEditor
              page={shown}
              aspectRatio={aspectRatio}
              boxes={boxes}
              onChange={onChange}
              {...(onDraw ? { onDraw } : {})}
              {...(props.marks ? { marks: props.marks } : {})}
              words={words}
              disabled={disabled ?? false}
            >
              {picture}
            </PageBoxesEditor>
          )}
        </DrawnPage>
      </div>
      {props.children}
    </section>
  );
}

/** One page drawn by the renderer, handed to `children` as a picture with its proportions once drawn. */
function DrawnPage(props: {
  readonly renderer: PageRenderer;
  readonly page: number;
  readonly loadingLabel: string;
  readonly children: (picture: ReactNode, aspectRatio: number) => ReactNode;
}) {
  const { renderer, page, loadingLabel, children } = props;
  const [drawn, setDrawn] = useState<{ page: number; bitmap: ImageBitmap } | null>(null);
  useEffect(() => {
    const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
    const sizePx = Math.round(PANEL_CSS_PX * ratio);
    let shown: ImageBitmap | null = null;
    let isCurrent = true;
    void renderer.draw(page, sizePx).then((bitmap) => {
      if (!isCurrent) return bitmap?.close();
      shown = bitmap;
      setDrawn(bitmap && { page, bitmap });
    });
    return () => {
      isCurrent = false;
      renderer.cancel(page, sizePx);
      shown?.close();
    };
  }, [page, renderer]);
  if (!drawn || drawn.page !== page) {
    return (
      <p role="status" className="flex min-h-64 items-center justify-center text-sm text-slate-600">
        {loadingLabel}
      </p>
    );
  }
  const { bitmap } = drawn;
  return children(
    <BitmapCanvas bitmap={bitmap} className="block size-full border border-slate-200 bg-white shadow" />,
    bitmap.width / bitmap.height,
  );
}
