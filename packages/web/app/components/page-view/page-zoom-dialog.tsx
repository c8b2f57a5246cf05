import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '../icons.tsx';
import type { PageRenderer } from './page-renderer.ts';
import { BitmapCanvas } from './page-thumbnail.tsx';

/** The enlarged page is drawn this many CSS pixels on its longest side, at most (two device pixels a CSS pixel). */
const ZOOM_CSS_PX = 900;

type PageZoomDialogProps = {
  readonly page: number;
  readonly renderer: PageRenderer;
  readonly title: string;
  readonly closeLabel: string;
  readonly loadingLabel: string;
  readonly degrees: number;
  readonly onClose: () => void;
};

/** One page drawn large in a modal dialog (Escape or the close button shut it; the page behind is inert). */
export function PageZoomDialog({
  page,
  renderer,
  title,
  closeLabel,
  loadingLabel,
  degrees,
  onClose,
}: PageZoomDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
    const sizePx = Math.round(
      Math.min(ZOOM_CSS_PX, Math.max(globalThis.innerWidth, globalThis.innerHeight)) * ratio,
    );
    let shown: ImageBitmap | null = null;
    let isCurrent = true;
    void renderer.draw(page, sizePx).then((drawn) => {
      if (!isCurrent) return drawn?.close();
      shown = drawn;
      setBitmap(drawn);
    });
    return () => {
      isCurrent = false;
      renderer.cancel(page, sizePx);
      shown?.close();
    };
  }, [page, renderer]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="page-zoom"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[95vh] w-[min(60rem,calc(100%-1rem))] rounded-2xl bg-white p-4 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <button
          type="button"
          autoFocus
          aria-label={closeLabel}
          onClick={onClose}
          className="rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="mt-3 flex min-h-64 items-center justify-center">
        {bitmap ? (
          <span style={{ transform: `rotate(${degrees}deg)` }} className="block">
            <BitmapCanvas
              bitmap={bitmap}
              className="max-h-[80vh] max-w-full border border-slate-200 shadow"
            />
          </span>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            {loadingLabel}
          </p>
        )}
      </div>
    </dialog>
  );
}
