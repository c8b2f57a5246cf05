import { useEffect, useState } from 'react';
import { PAGE_VIEW_FRAME, PageDocumentStatus } from './page-document-status.tsx';
import { PageGrid } from './page-grid.tsx';
import type { PressedMark } from './page-thumbnail.tsx';
import { PageZoomDialog } from './page-zoom-dialog.tsx';
import type { PageFacts, PageFrame } from './renderer-messages.ts';
import { usePageDocument } from './use-page-document.ts';

/** The page view's words, in the page's language (`features/tools/page-view-words.ts` makes them). */
export type PageViewWords = {
  readonly loading: string;
  readonly protectedFile: string;
  readonly unlock: string;
  readonly damaged: string;
  readonly pageLabel: (page: number, pageCount: number) => string;
  /** A chosen page's name, as a screen reader reads it ("Page 3 of 12, selected"). */
  readonly selectedLabel: (page: number, pageCount: number) => string;
  /** The toggle between a page and the next, where Split cuts. */
  readonly cutAfter: (page: number) => string;
  readonly enlarge: (page: number, pageCount: number) => string;
  readonly close: string;
};

export type PageViewProps = {
  readonly file: File | undefined;
  /** The file's password, once the visitor has given it. */
  readonly password: string | undefined;
  readonly words: PageViewWords;
  readonly heading: string;
  readonly description: (pageCount: number) => string;
  /** The accessible name of a page, where a tool says more than its number (Rotate: its turn). */
  readonly labelOf?: (page: number, pageCount: number) => string;
  readonly isPressed?: (page: number, pageCount: number) => boolean;
  readonly degreesOf?: (page: number, pageCount: number) => number;
  /** A frame to draw over a page (Crop PDF: what it keeps), from its size and white margins; null for none. */
  readonly frameOf?: (page: number, pageCount: number, facts: PageFacts) => PageFrame | null;
  /** How a chosen page is marked besides its ring (none: Rotate shows its turn). */
  readonly pressedMark?: PressedMark;
  /** A page clicked, or with `isRun` (Shift) the pages from the last one clicked to this one. */
  readonly onToggle?: (page: number, pageCount: number, isRun: boolean) => void;
  /** Split: whether the document is cut after a page, and the toggle between pages that cuts it or joins it. */
  readonly isCutAfter?: (page: number, pageCount: number) => boolean;
  readonly onToggleCut?: (page: number, pageCount: number) => void;
  /** Asks the visitor for the file's password (again, when the one given was wrong). */
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * Every page of a PDF, drawn in the visitor's browser as it scrolls into view, each with its number and a bigger
 * view on demand. A protected file asks for its password; a damaged one says so where its pages would be.
 */
export function PageView(props: PageViewProps) {
  const {
    file,
    password,
    words,
    heading,
    description,
    labelOf,
    isPressed,
    degreesOf,
    frameOf,
    pressedMark,
    onToggle,
    isCutAfter,
    onToggleCut,
    onAskPassword,
  } = props;
  const document = usePageDocument(file, password);
  const [zoomed, setZoomed] = useState<number | null>(null);
  useEffect(() => setZoomed(null), [file]);

  if (document.status !== 'open') {
    return <PageDocumentStatus document={document} words={words} onAskPassword={onAskPassword} />;
  }
  const { pageCount, renderer } = document;
  const labelFor = (page: number) => labelOf?.(page, pageCount) ?? words.pageLabel(page, pageCount);
  const degreesFor = (page: number) => degreesOf?.(page, pageCount) ?? 0;
  return (
    <section className={PAGE_VIEW_FRAME} data-testid="page-view" data-page-count={pageCount}>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="mt-1 text-xs text-slate-600">{description(pageCount)}</p>
      <PageGrid
        pageCount={pageCount}
        renderer={renderer}
        labelOf={labelFor}
        enlargeLabelOf={(page) => words.enlarge(page, pageCount)}
        isPressed={isPressed && ((page) => isPressed(page, pageCount))}
        degreesOf={degreesFor}
        frameOf={frameOf && ((page, facts) => frameOf(page, pageCount, facts))}
        pressedMark={pressedMark}
        onToggle={onToggle && ((page, isRun) => onToggle(page, pageCount, isRun))}
        onEnlarge={setZoomed}
        cuts={
          isCutAfter && onToggleCut
            ? {
                isCutAfter: (page) => isCutAfter(page, pageCount),
                labelOf: words.cutAfter,
                onToggle: (page) => onToggleCut(page, pageCount),
              }
            : undefined
        }
      />
      {zoomed !== null && (
        <PageZoomDialog
          page={zoomed}
          renderer={renderer}
          title={words.pageLabel(zoomed, pageCount)}
          closeLabel={words.close}
          loadingLabel={words.loading}
          degrees={degreesFor(zoomed)}
          onClose={() => setZoomed(null)}
        />
      )}
    </section>
  );
}
