import { useEffect, useState } from 'react';
import type { OpenFailure } from './renderer-messages.ts';
import type { PageRenderer } from './page-renderer.ts';

export type PageDocument =
  | { readonly status: 'idle' | 'loading' | OpenFailure }
  | { readonly status: 'open'; readonly pageCount: number; readonly renderer: PageRenderer };

const IDLE: PageDocument = { status: 'idle' };
const LOADING: PageDocument = { status: 'loading' };

/**
 * A PDF opened for its pages to be drawn, in a renderer worker loaded on first use; a new file or password opens
 * it again, and the worker ends with the file, the password or the component.
 */
export function usePageDocument(file: File | undefined, password: string | undefined): PageDocument {
  const [document, setDocument] = useState<{ file: File | undefined; state: PageDocument }>({
    file: undefined,
    state: IDLE,
  });

  useEffect(() => {
    if (!file) return;
    let renderer: PageRenderer | null = null;
    let isCurrent = true;
    setDocument({ file, state: LOADING });
    void import('./page-renderer.ts')
      .then(async ({ openPageRenderer }) => {
        if (!isCurrent) return;
        renderer = openPageRenderer(file, password);
        const opened = await renderer.opened;
        if (!isCurrent) return;
        setDocument({
          file,
          state: opened.status === 'open' ? { ...opened, renderer } : { status: opened.status },
        });
      })
      // The renderer's code could not be fetched: the page view stays out of the way.
      .catch(() => {
        if (isCurrent) setDocument({ file, state: IDLE });
      });
    return () => {
      isCurrent = false;
      renderer?.close();
    };
  }, [file, password]);

  if (!file) return IDLE;
  return document.file === file ? document.state : LOADING;
}
