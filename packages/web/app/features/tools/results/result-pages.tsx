import { useEffect, useState } from 'react';
import { PageGrid } from '../../../components/page-view/page-grid.tsx';
import type { PageRenderer } from '../../../components/page-view/page-renderer.ts';
import { PageZoomDialog } from '../../../components/page-view/page-zoom-dialog.tsx';
import { openPictureRenderer } from '../../../components/page-view/picture-renderer.ts';
import { usePageDocument, type PageDocument } from '../../../components/page-view/use-page-document.ts';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';

type PreviewGridProps = {
  readonly document: PageDocument;
  readonly heading: string;
  readonly testId: string;
};

/**
 * The pages of a result in the page view's grid (drawn as they scroll into view, a bigger view on demand). While
 * its renderer starts it says so; a result it cannot open (protected by a password nobody gave here, damaged)
 * shows nothing, and the download stays all there is.
 */
function PreviewGrid({ document, heading, testId }: PreviewGridProps) {
  const t = useT();
  const words = usePageViewWords();
  const [zoomed, setZoomed] = useState<number | null>(null);
  const frame = 'w-full rounded-2xl border border-slate-200 bg-white p-4 text-start';
  if (document.status === 'loading') {
    return (
      <p role="status" className={`${frame} text-sm text-slate-600`} data-testid={`${testId}-loading`}>
        {words.loading}
      </p>
    );
  }
  if (document.status !== 'open') return null;
  const { pageCount, renderer } = document;
  return (
    <section className={frame} data-testid={testId} data-page-count={pageCount}>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="mt-1 text-xs text-slate-600">{t('common.pageView.pageCount', { count: pageCount })}</p>
      <PageGrid
        pageCount={pageCount}
        renderer={renderer}
        labelOf={(page) => words.pageLabel(page, pageCount)}
        enlargeLabelOf={(page) => words.enlarge(page, pageCount)}
        onEnlarge={setZoomed}
      />
      {zoomed !== null && (
        <PageZoomDialog
          page={zoomed}
          renderer={renderer}
          title={words.pageLabel(zoomed, pageCount)}
          closeLabel={words.close}
          loadingLabel={words.loading}
          degrees={0}
          onClose={() => setZoomed(null)}
        />
      )}
    </section>
  );
}

/** The pages of a PDF result, opened from its bytes in the page (with the password that opens it, if any). */
export function ResultPages(props: { file: File; password: string | undefined; heading: string }) {
  const document = usePageDocument(props.file, props.password);
  return <PreviewGrid document={document} heading={props.heading} testId="result-pages" />;
}

/** The pictures of a result (PDF to JPG's, out of its zip), one a page, in the same grid. */
export function ResultPictures(props: { pictures: readonly File[]; heading: string }) {
  const { pictures } = props;
  const [renderer, setRenderer] = useState<PageRenderer | null>(null);
  useEffect(() => {
    const opened = openPictureRenderer(pictures);
    setRenderer(opened);
    return () => opened.close();
  }, [pictures]);
  const document: PageDocument = renderer
    ? { status: 'open', pageCount: pictures.length, renderer }
    : { status: 'loading' };
  return <PreviewGrid document={document} heading={props.heading} testId="result-pictures" />;
}
