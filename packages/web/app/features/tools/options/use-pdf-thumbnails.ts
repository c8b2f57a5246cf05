import { useEffect, useState } from 'react';

export type PdfThumbnailsState = {
  readonly status: 'idle' | 'loading' | 'ready' | 'failed';
  readonly pageCount: number;
  /** Object URLs of the first pages, in page order; revoked when the file changes or the page closes. */
  readonly urls: readonly string[];
};

const IDLE: PdfThumbnailsState = { status: 'idle', pageCount: 0, urls: [] };

/**
 * Small images of the first pages of a PDF, drawn by pdf.js (loaded on first use). A file pdf.js cannot open,
 * such as a password-protected one, ends in `failed` with no images.
 */
export function usePdfThumbnails(
  file: File | undefined,
  maxPages: number,
  sizePx: number,
): PdfThumbnailsState {
  const [state, setState] = useState<PdfThumbnailsState>(IDLE);

  useEffect(() => {
    if (!file) {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    const urls: string[] = [];
    setState({ status: 'loading', pageCount: 0, urls: [] });
    const run = async () => {
      const [{ renderThumbnails }, buffer] = await Promise.all([
        import('../../../lib/pdf-thumbnails.ts'),
        file.arrayBuffer(),
      ]);
      await renderThumbnails(new Uint8Array(buffer), {
        maxPages,
        sizePx,
        signal: controller.signal,
        onOpen: (pageCount) => setState({ status: 'loading', pageCount, urls: [] }),
        onThumbnail: (url) => {
          urls.push(url);
          setState((current) => ({ ...current, urls: [...urls] }));
        },
      });
      if (!controller.signal.aborted) setState((current) => ({ ...current, status: 'ready' }));
    };
    run().catch(() => {
      if (!controller.signal.aborted) setState({ status: 'failed', pageCount: 0, urls: [] });
    });
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [file, maxPages, sizePx]);

  return state;
}
