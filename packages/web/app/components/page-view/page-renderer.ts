import type { OpenFailure, PageFacts, RendererReply, RendererRequest } from './renderer-messages.ts';

export type OpenResult =
  { readonly status: 'open'; readonly pageCount: number } | { readonly status: OpenFailure };

/** One document open in a renderer worker; `close` lets go of it (the worker ends with its last user). */
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

type Waiter = (bitmap: ImageBitmap | null) => void;

/** A renderer worker and the drawings asked of it, by `page:size`, each with whoever waits for it. */
type RendererWorker = {
  readonly opened: Promise<OpenResult>;
  readonly facts: Map<number, PageFacts>;
  ask(key: string, page: number, sizePx: number, waiter: Waiter): void;
  /** `waiter` no longer waits; the drawing is cancelled once nobody does. */
  withdraw(key: string, page: number, sizePx: number, waiter: Waiter): void;
  end(): void;
};

/**
 * The renderers in use, by file and password: the page view, a file's first page, the page count that checks page
 * numbers and the result's comparison all draw one file through one worker, so pdf.js reads it once.
 */
const inUse = new Map<Blob, Map<string | undefined, { worker: RendererWorker; users: number }>>();

/**
 * Opens a PDF for its pages to be drawn, in the renderer worker already open for this file and password, else in a
 * new one. This module is loaded with a dynamic `import()` once a file is chosen on a page that shows or counts
 * pages, so neither it, its worker nor pdf.js is fetched before.
 */
export function openPageRenderer(file: Blob, password: string | undefined): PageRenderer {
  const ofFile = inUse.get(file) ?? new Map<string | undefined, { worker: RendererWorker; users: number }>();
  inUse.set(file, ofFile);
  const entry = ofFile.get(password) ?? { worker: startWorker(file, password), users: 0 };
  ofFile.set(password, entry);
  entry.users += 1;
  const { worker } = entry;
  /** This user's drawings not yet settled, each with its own waiter. */
  const pending = new Map<string, { page: number; sizePx: number; waiters: Set<Waiter> }>();
  let isClosed = false;

  const withdraw = (key: string) => {
    const asked = pending.get(key);
    if (!asked) return;
    pending.delete(key);
    for (const waiter of asked.waiters) {
      worker.withdraw(key, asked.page, asked.sizePx, waiter);
      waiter(null);
    }
  };

  return {
    opened: worker.opened,
    draw(page, sizePx) {
      if (isClosed) return Promise.resolve(null);
      const key = `${page}:${sizePx}`;
      return new Promise((resolve) => {
        const asked = pending.get(key) ?? { page, sizePx, waiters: new Set<Waiter>() };
        pending.set(key, asked);
        let isSettled = false;
        // Settled once: a drawing that arrives after its asker withdrew (while copies were made) is let go.
        const waiter: Waiter = (bitmap) => {
          if (isSettled) {
            bitmap?.close();
            return;
          }
          isSettled = true;
          asked.waiters.delete(waiter);
          if (asked.waiters.size === 0 && pending.get(key) === asked) pending.delete(key);
          resolve(bitmap);
        };
        asked.waiters.add(waiter);
        worker.ask(key, page, sizePx, waiter);
      });
    },
    cancel(page, sizePx) {
      if (!isClosed) withdraw(`${page}:${sizePx}`);
    },
    factsOf(page) {
      return worker.facts.get(page);
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      for (const key of [...pending.keys()]) withdraw(key);
      entry.users -= 1;
      if (entry.users > 0) return;
      worker.end();
      ofFile.delete(password);
      if (ofFile.size === 0) inUse.delete(file);
    },
  };
}

/** Starts a renderer worker for one PDF: one document a worker, so everything of it goes with the worker. */
function startWorker(file: Blob, password: string | undefined): RendererWorker {
  const worker = new Worker(new URL('./page-renderer.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<string, Waiter[]>();
  const facts = new Map<number, PageFacts>();
  let hasEnded = false;
  const send = (request: RendererRequest, transfer: Transferable[] = []) =>
    worker.postMessage(request, transfer);
  /** The drawing goes to its first waiter; each other one gets a copy (a bitmap has one owner). */
  const settle = async (key: string, bitmap: ImageBitmap | null) => {
    const waiters = waiting.get(key) ?? [];
    waiting.delete(key);
    if (!bitmap) {
      for (const waiter of waiters) waiter(null);
      return;
    }
    if (waiters.length === 0) {
      bitmap.close();
      return;
    }
    const [first, ...others] = waiters as [Waiter, ...Waiter[]];
    const copies = await Promise.all(others.map((_waiter) => createImageBitmap(bitmap).catch(() => null)));
    others.forEach((waiter, index) => waiter(copies[index] ?? null));
    first(bitmap);
  };

  const opened = new Promise<OpenResult>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<RendererReply>) => {
      const reply = event.data;
      if (reply.type === 'opened') resolve({ status: 'open', pageCount: reply.pageCount });
      else if (reply.type === 'failed') resolve({ status: reply.reason });
      else {
        if (reply.facts) facts.set(reply.page, reply.facts);
        void settle(`${reply.page}:${reply.sizePx}`, reply.bitmap);
      }
    });
    worker.addEventListener('error', () => resolve({ status: 'damaged' }));
  });
  void file.arrayBuffer().then(
    (bytes) => {
      if (!hasEnded) send({ type: 'open', bytes, password }, [bytes]);
    },
    () => undefined,
  );

  return {
    opened,
    facts,
    ask(key, page, sizePx, waiter) {
      const waiters = waiting.get(key);
      if (waiters) {
        waiters.push(waiter);
        return;
      }
      waiting.set(key, [waiter]);
      send({ type: 'draw', page, sizePx });
    },
    withdraw(key, page, sizePx, waiter) {
      const waiters = (waiting.get(key) ?? []).filter((other) => other !== waiter);
      if (waiters.length > 0) {
        waiting.set(key, waiters);
        return;
      }
      if (!waiting.delete(key) || hasEnded) return;
      send({ type: 'cancel', page, sizePx });
    },
    end() {
      hasEnded = true;
      worker.terminate();
      for (const key of [...waiting.keys()]) void settle(key, null);
    },
  };
}
