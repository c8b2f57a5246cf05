import { useEffect, useState } from 'react';

/** The pages of each file counted so far in this page's life: a file is read by pdf.js once. */
const counts = new WeakMap<File, Promise<number | null>>();

/**
 * How many pages a PDF has, read in the page view's renderer worker (loaded on first use, and shared with the page
 * view when it shows the same file); null when it cannot tell.
 */
export function countPdfPages(file: File): Promise<number | null> {
  let count = counts.get(file);
  if (!count) {
    count = (async () => {
      const { openPageRenderer } = await import('../../components/page-view/page-renderer.ts');
      const renderer = openPageRenderer(file, undefined);
      try {
        const opened = await renderer.opened;
        return opened.status === 'open' ? opened.pageCount : null;
      } finally {
        renderer.close();
      }
    })().catch(() => null);
    counts.set(file, count);
  }
  return count;
}

/**
 * The page count of `file` (a PDF), so that page numbers can be checked before anything is uploaded; null while
 * counting, for no file, and for a file pdf.js cannot read (a protected one: the server checks those).
 */
export function usePdfPageCount(file: File | undefined): number | null {
  const [known, setKnown] = useState<{ file: File; pageCount: number | null } | null>(null);
  useEffect(() => {
    if (!file) return;
    let isCurrent = true;
    void countPdfPages(file).then((pageCount) => {
      if (isCurrent) setKnown({ file, pageCount });
    });
    return () => {
      isCurrent = false;
    };
  }, [file]);
  return known && known.file === file ? known.pageCount : null;
}
