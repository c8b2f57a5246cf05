import type { PageRenderer } from './page-renderer.ts';
import type { PageFacts } from './renderer-messages.ts';

type Asked = {
  readonly page: number;
  readonly sizePx: number;
  readonly resolve: Array<(bitmap: ImageBitmap | null) => void>;
};

/**
 * Pictures (PDF to JPG's pages) drawn for the page grid and its zoom, as a PDF's pages are: each decoded by the
 * browser off the main thread when asked for, scaled to `sizePx` on its longest side, one at a time in the order
 * asked; a picture no longer wanted before its turn is not decoded. Page n is the nth picture.
 */
export function openPictureRenderer(pictures: readonly Blob[]): PageRenderer {
  /** Pictures asked for and not yet drawn, in the order asked, keyed `page:size`, each with whoever waits for it. */
  const waiting = new Map<string, Asked>();
  const facts = new Map<number, PageFacts>();
  let isClosed = false;
  let isDrawing = false;

  const decode = async (page: number, sizePx: number): Promise<ImageBitmap | null> => {
    const picture = pictures[page - 1];
    if (!picture) return null;
    try {
      const full = await createImageBitmap(picture);
      facts.set(page, { widthPt: full.width, heightPt: full.height, margins: null });
      const scale = sizePx / Math.max(full.width, full.height);
      if (scale >= 1) return full;
      const scaled = await createImageBitmap(full, {
        resizeWidth: Math.max(1, Math.round(full.width * scale)),
        resizeHeight: Math.max(1, Math.round(full.height * scale)),
        resizeQuality: 'medium',
      });
      full.close();
      return scaled;
    } catch {
      return null;
    }
  };

  const drain = async () => {
    if (isDrawing) return;
    isDrawing = true;
    for (let next = waiting.entries().next(); !next.done && !isClosed; next = waiting.entries().next()) {
      const [key, asked] = next.value;
      const bitmap = await decode(asked.page, asked.sizePx);
      const callbacks = waiting.get(key);
      waiting.delete(key);
      if (!callbacks || isClosed) bitmap?.close();
      else callbacks.resolve.forEach((resolve, index) => resolve(index === 0 ? bitmap : null));
    }
    isDrawing = false;
  };

  return {
    opened: Promise.resolve({ status: 'open', pageCount: pictures.length }),
    draw(page, sizePx) {
      if (isClosed) return Promise.resolve(null);
      const key = `${page}:${sizePx}`;
      return new Promise((resolve) => {
        const asked = waiting.get(key);
        if (asked) asked.resolve.push(resolve);
        else waiting.set(key, { page, sizePx, resolve: [resolve] });
        void drain();
      });
    },
    cancel(page, sizePx) {
      const key = `${page}:${sizePx}`;
      const asked = waiting.get(key);
      waiting.delete(key);
      asked?.resolve.forEach((resolve) => resolve(null));
    },
    factsOf(page) {
      return facts.get(page);
    },
    close() {
      isClosed = true;
      for (const asked of waiting.values()) asked.resolve.forEach((resolve) => resolve(null));
      waiting.clear();
    },
  };
}
