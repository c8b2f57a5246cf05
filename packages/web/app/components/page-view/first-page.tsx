import { useEffect, useState, type ReactNode } from 'react';
import { openPageRenderer } from './page-renderer.ts';
import { BitmapCanvas } from './page-thumbnail.tsx';

/** The first page is drawn this many CSS pixels on its longest side (two device pixels a CSS pixel at most). */
const FIRST_PAGE_CSS_PX = 48;

type FirstPageProps = {
  readonly file: File;
  /** The file's password, once given. */
  readonly password: string | undefined;
  readonly pageCountLabel: (pageCount: number) => string;
  /** Shown until the page is drawn, and in its place when it cannot be (a protected or damaged file). */
  readonly fallback: ReactNode;
};

/**
 * A chosen PDF's first page, small, with its page count under it (Merge's list of files). It lets go of its renderer
 * as soon as the page is drawn, so a list of ten files holds no ten workers.
 */
export function FirstPage({ file, password, pageCountLabel, fallback }: FirstPageProps) {
  const [shown, setShown] = useState<{ file: File; bitmap: ImageBitmap; pageCount: number } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let kept: ImageBitmap | null = null;
    const renderer = openPageRenderer(file, password);
    const sizePx = Math.round(FIRST_PAGE_CSS_PX * Math.min(globalThis.devicePixelRatio || 1, 2));
    void renderer.opened.then(async (opened) => {
      const bitmap = opened.status === 'open' && isCurrent ? await renderer.draw(1, sizePx) : null;
      renderer.close();
      if (!bitmap || opened.status !== 'open') return;
      if (!isCurrent) {
        bitmap.close();
        return;
      }
      kept = bitmap;
      setShown({ file, bitmap, pageCount: opened.pageCount });
    });
    return () => {
      isCurrent = false;
      renderer.close();
      kept?.close();
    };
  }, [file, password]);

  if (shown?.file !== file) return fallback;
  return (
    <span className="flex w-14 shrink-0 flex-col items-center gap-0.5" data-testid="first-page">
      <span className="flex size-12 items-center justify-center">
        <BitmapCanvas
          bitmap={shown.bitmap}
          className="max-h-full max-w-full border border-slate-200 bg-white shadow-sm"
        />
      </span>
      <span className="text-[0.6875rem] leading-tight text-slate-600" data-testid="first-page-count">
        {pageCountLabel(shown.pageCount)}
      </span>
    </span>
  );
}
