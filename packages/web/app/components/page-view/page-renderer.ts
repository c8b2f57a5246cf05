import type { OpenFailure, PageFacts, RendererReply, RendererRequest } from './renderer-messages.ts';

export type OpenResult =
  { readonly status: 'open'; readonly pageCount: number } | { readonly status: OpenFailure };

/** One document open in its own renderer worker; `close` ends the worker and everything it held. */
export type PageRenderer = {
  readonly opened: Promise<OpenResult>;
  /** Draws a page (its longest side `sizePx` device pixels); null when that page cannot be drawn. */
  draw(page: number, sizePx: number): Promise<ImageBitmap | null>;
  /** The page is no longer wanted: if it is not drawn yet, it is not drawn, and its promise settles null. */
  cancel(page: number, sizePx: number): void;
  /** What the last drawing of a page told of it (its size, its white margins); undefined before it is drawn. */
  factsOf(page: number): PageFacts | undefined;
  close(): void;
};

/**
 * Starts a renderer worker for one PDF. This module is loaded with a dynamic `import()` once a file is chosen on a
 * page with a page view, so neither it, its worker nor pdf.js is fetched before.
 */
export function openPageRenderer(file: Blob, password: string | undefined): PageRenderer {
  const worker = new Worker(new URL('./page-renderer.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<string, Array<(bitmap: ImageBitmap | null) => void>>();
  const facts = new Map<number, PageFacts>();
  let isClosed = false;
  const send = (request: RendererRequest, transfer: Transferable[] = []) =>
    worker.postMessage(request, transfer);
  const settle = (key: string, bitmap: ImageBitmap | null) => {
    const callbacks = waiting.get(key) ?? [];
    waiting.delete(key);
    if (callbacks.length === 0) bitmap?.close();
    callbacks.forEach((callback, index) => callback(index === 0 ? bitmap : null));
  };

  const opened = new Promise<OpenResult>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<RendererReply>) => {
      const reply = event.data;
      if (reply.type === 'opened') resolve({ status: 'open', pageCount: reply.pageCount });
      else if (reply.type === 'failed') resolve({ status: reply.reason });
      else {
        if (reply.facts) facts.set(reply.page, reply.facts);
        settle(`${reply.page}:${reply.sizePx}`, reply.bitmap);
      }
    });
    worker.addEventListener('error', () => resolve({ status: 'damaged' }));
  });
  void file.arrayBuffer().then(
    (bytes) => {
      if (!isClosed) send({ type: 'open', bytes, password }, [bytes]);
    },
    () => undefined,
  );

  return {
    opened,
    draw(page, sizePx) {
      if (isClosed) return Promise.resolve(null);
      const key = `${page}:${sizePx}`;
      return new Promise((resolve) => {
        const callbacks = waiting.get(key);
        if (callbacks) {
          callbacks.push(resolve);
          return;
        }
        waiting.set(key, [resolve]);
        send({ type: 'draw', page, sizePx });
      });
    },
    cancel(page, sizePx) {
      const key = `${page}:${sizePx}`;
      if (!waiting.has(key) || isClosed) return;
      send({ type: 'cancel', page, sizePx });
      settle(key, null);
    },
    factsOf(page) {
      return facts.get(page);
    },
    close() {
      isClosed = true;
      worker.terminate();
      for (const key of [...waiting.keys()]) settle(key, null);
    },
  };
}
