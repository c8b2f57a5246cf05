import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * Renders the first pages of a PDF to small PNG images with pdf.js, in the browser. This module is only ever
 * loaded with a dynamic `import()` (the rotate page's preview), so no other page downloads pdf.js.
 */
export type ThumbnailOptions = {
  readonly maxPages: number;
  /** Longest side of a thumbnail, in CSS pixels. */
  readonly sizePx: number;
  readonly signal: AbortSignal;
  /** Called once the document is open. */
  readonly onOpen: (pageCount: number) => void;
  /** Called for each page as soon as it is drawn, in page order. */
  readonly onThumbnail: (url: string) => void;
};

export async function renderThumbnails(data: Uint8Array, options: ThumbnailOptions): Promise<void> {
  const { maxPages, sizePx, signal, onOpen, onThumbnail } = options;
  GlobalWorkerOptions.workerSrc = workerUrl;
  const task = getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false });
  const stop = () => void task.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const document = await task.promise;
    onOpen(document.numPages);
    const pixelRatio = Math.min(globalThis.devicePixelRatio || 1, 2);
    for (let number = 1; number <= Math.min(document.numPages, maxPages) && !signal.aborted; number += 1) {
      const page = await document.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const scale = (sizePx * pixelRatio) / Math.max(natural.width, natural.height);
      const viewport = page.getViewport({ scale });
      const canvas = globalThis.document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(viewport.width));
      canvas.height = Math.max(1, Math.round(viewport.height));
      await page.render({ canvas, viewport }).promise;
      page.cleanup();
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (blob && !signal.aborted) onThumbnail(URL.createObjectURL(blob));
    }
  } finally {
    signal.removeEventListener('abort', stop);
    await task.destroy();
  }
}
