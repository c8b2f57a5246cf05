import { LOCALE_INFO } from '@quire/shared';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { ArrowBackIcon, ArrowForwardIcon } from '../../../components/icons.tsx';
import type { PageRenderer } from '../../../components/page-view/page-renderer.ts';
import { BitmapCanvas } from '../../../components/page-view/page-thumbnail.tsx';
import { usePageDocument } from '../../../components/page-view/use-page-document.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import { ResultPages } from './result-pages.tsx';

/** How much bigger than the whole page the two pages are drawn; 1 fits the page in its box. */
const ZOOMS = [1, 2, 4] as const;
type Zoom = (typeof ZOOMS)[number];
/** Longest side of a drawn page, in device pixels, whatever the zoom and the screen. */
const MAX_DRAWN_PX = 4096;

type CompressComparisonProps = {
  readonly original: File;
  readonly originalPassword: string | undefined;
  readonly result: File;
  readonly resultPassword: string | undefined;
  /** Shown instead when the original cannot be drawn: the result's pages alone. */
  readonly resultHeading: string;
};

/**
 * One page of the visitor's file beside the same page of the compressed one, drawn at the same size by the same
 * renderer, with a page chooser and a zoom that both follow; scrolling one scrolls the other, so the visitor sees
 * what the level cost wherever they look. Right to left, the original stands at the right.
 */
export function CompressComparison(props: CompressComparisonProps) {
  const { original, originalPassword, result, resultPassword, resultHeading } = props;
  const t = useT();
  const words = usePageViewWords();
  const numberLocale = LOCALE_INFO[useLocale()].tag;
  const before = usePageDocument(original, originalPassword);
  const after = usePageDocument(result, resultPassword);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<Zoom>(1);
  const [paneBox, setPaneBox] = useState<HTMLDivElement | null>(null);
  const [paneWidth, setPaneWidth] = useState(0);
  const panes = useRef<Array<HTMLDivElement | null>>([null, null]);
  // Stable, so that React hands each box over once, not at every render.
  const paneRefs = [
    useCallback((element: HTMLDivElement | null) => {
      panes.current[0] = element;
      setPaneBox(element);
    }, []),
    useCallback((element: HTMLDivElement | null) => {
      panes.current[1] = element;
    }, []),
  ];

  useEffect(() => {
    if (!paneBox) return;
    const measure = () => setPaneWidth(paneBox.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(paneBox);
    return () => observer.disconnect();
  }, [paneBox]);

  if (before.status === 'loading' || after.status === 'loading') {
    return (
      <p role="status" className="w-full text-start text-sm text-slate-600" data-testid="compare-loading">
        {words.loading}
      </p>
    );
  }
  if (after.status !== 'open') return null;
  if (before.status !== 'open') {
    return <ResultPages file={result} password={resultPassword} heading={resultHeading} />;
  }
  const pageCount = Math.min(before.pageCount, after.pageCount);
  const shown = Math.min(page, pageCount);
  const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
  const sizePx = Math.min(MAX_DRAWN_PX, Math.round(paneWidth * zoom * ratio));
  const percent = new Intl.NumberFormat(numberLocale, { style: 'percent' });
  /** Scrolling one page scrolls the other to the same place (the two are drawn the same size). */
  const follow = (from: number) => (event: UIEvent<HTMLDivElement>) => {
    const other = panes.current[1 - from];
    if (!other) return;
    other.scrollTop = event.currentTarget.scrollTop;
    other.scrollLeft = event.currentTarget.scrollLeft;
  };
  const sides = [
    { label: t('tools.compress.result.original'), renderer: before.renderer, testId: 'compare-original' },
    { label: t('tools.compress.result.compressed'), renderer: after.renderer, testId: 'compare-result' },
  ];

  return (
    <section
      className="w-full rounded-2xl border border-slate-200 bg-white p-4 text-start"
      data-testid="compress-comparison"
      data-page={shown}
      data-page-count={pageCount}
    >
      <h3 className="text-sm font-semibold text-slate-900">{t('tools.compress.result.compareHeading')}</h3>
      <p className="mt-1 text-xs text-slate-600">{t('tools.compress.result.compareHint')}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={t('common.pageView.previousPage')}
            disabled={shown <= 1}
            onClick={() => setPage(shown - 1)}
            data-testid="compare-previous"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-40"
          >
            <ArrowBackIcon className="size-5" />
          </button>
          <span aria-live="polite" className="text-sm text-slate-800 tabular-nums" data-testid="compare-page">
            {words.pageLabel(shown, pageCount)}
          </span>
          <button
            type="button"
            aria-label={t('common.pageView.nextPage')}
            disabled={shown >= pageCount}
            onClick={() => setPage(shown + 1)}
            data-testid="compare-next"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-40"
          >
            <ArrowForwardIcon className="size-5" />
          </button>
        </div>
        <div
          role="group"
          aria-label={t('common.pageView.zoom')}
          className="flex gap-1"
          data-testid="compare-zoom"
        >
          {ZOOMS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={zoom === value}
              onClick={() => setZoom(value)}
              className={`min-h-11 rounded-xl border px-3 text-sm font-medium focus-visible:outline-3 focus-visible:outline-indigo-600 ${
                zoom === value
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-800'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {value === 1 ? t('common.pageView.wholePage') : percent.format(value)}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {sides.map((side, index) => (
          <figure key={side.testId} className="min-w-0" data-testid={side.testId}>
            <figcaption className="mb-1 text-xs font-medium text-slate-700">{side.label}</figcaption>
            <div
              ref={paneRefs[index]}
              onScroll={follow(index)}
              className="aspect-square overflow-auto overscroll-contain rounded-lg border border-slate-200 bg-slate-100"
            >
              <ComparePane
                renderer={side.renderer}
                page={shown}
                sizePx={sizePx}
                ratio={ratio}
                label={`${side.label}: ${words.pageLabel(shown, pageCount)}`}
              />
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}

type ComparePaneProps = {
  readonly renderer: PageRenderer;
  readonly page: number;
  readonly sizePx: number;
  readonly ratio: number;
  readonly label: string;
};

/** One side: the page drawn `sizePx` device pixels on its longest side, centred in its box until it overflows it. */
function ComparePane({ renderer, page, sizePx, ratio, label }: ComparePaneProps) {
  const [drawn, setDrawn] = useState<{ bitmap: ImageBitmap; width: number; height: number } | null>(null);

  useEffect(() => {
    if (sizePx <= 0) return;
    let isCurrent = true;
    let kept: ImageBitmap | null = null;
    void renderer.draw(page, sizePx).then((bitmap) => {
      if (!isCurrent) return bitmap?.close();
      kept = bitmap;
      // A closed bitmap says 0 by 0: its size is kept apart, for as long as its picture stays on the canvas.
      if (bitmap) setDrawn({ bitmap, width: bitmap.width, height: bitmap.height });
    });
    return () => {
      isCurrent = false;
      renderer.cancel(page, sizePx);
      kept?.close();
    };
  }, [renderer, page, sizePx]);

  if (!drawn) return null;
  const width = drawn.width / ratio;
  const height = drawn.height / ratio;
  return (
    <div
      role="img"
      aria-label={label}
      className="flex items-center justify-center"
      style={{ width: `max(100%, ${width}px)`, height: `max(100%, ${height}px)` }}
    >
      <span className="block shrink-0 bg-white shadow" style={{ width, height }}>
        <BitmapCanvas bitmap={drawn.bitmap} className="block size-full" />
      </span>
    </div>
  );
}
