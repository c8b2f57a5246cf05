import { watch, type FSWatcher } from 'node:fs';

export type PagesDrawnWatch = {
  /** `pages` more pages are known drawn (a renderer exited): counted whether or not their files were seen. */
  readonly add: (pages: number) => void;
  readonly stop: () => void;
};

/**
 * Counts the pages drawn into `dir` while renderers run, page by page rather than per renderer: pdftoppm draws a
 * page whole and only then creates its image file (`extension`: `.jpg`, `.png`), so each new file is a page drawn. Files are seen
 * through the kernel's notifications on the directory; pages `add`ed when a renderer exits make up for any missed
 * (a full notification queue, or a system without them). `onCount` hears each larger count, up to `total`.
 */
export function watchPagesDrawn(
  dir: string,
  extension: string,
  total: number,
  onCount: (pagesDrawn: number) => void,
): PagesDrawnWatch {
  const seen = new Set<string>();
  let added = 0;
  let told = 0;
  const tell = () => {
    const count = Math.min(total, Math.max(seen.size, added));
    if (count <= told) return;
    told = count;
    onCount(count);
  };
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      if (name === null || !name.endsWith(extension) || seen.has(name)) return;
      seen.add(name);
      tell();
    });
    // A watch that fails later only stops counting files; renderers' exits still count.
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = null;
  }
  return {
    add: (pages) => {
      added += pages;
      tell();
    },
    stop: () => watcher?.close(),
  };
}
