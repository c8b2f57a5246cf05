import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { findInk } from '@quire/shared';
import type { PageFacts, RendererReply, RendererRequest } from './renderer-messages.ts';

// The page view's renderer: pdf.js, whole in this worker (chosen by `npm run bench thumbnails`: a tenth of MuPDF's
// bytes to fetch and the first thumbnails sooner). It draws on OffscreenCanvas and hands each page over as an
// ImageBitmap; pdf.js parses in a worker of its own, started from here. One document per worker: the page view
// starts a new worker for a new file, so everything of the old one goes with the worker.

GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/** pdf.js's canvases, made as OffscreenCanvas: a worker has no document. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d') };
  }
  reset(entry: { canvas: OffscreenCanvas }, width: number, height: number) {
    entry.canvas.width = width;
    entry.canvas.height = height;
  }
  destroy(entry: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (entry.canvas) entry.canvas.width = entry.canvas.height = 0;
    entry.canvas = null;
    entry.context = null;
  }
}

/** SVG filters need a document; a thumbnail draws without them (transfer functions, high-contrast colours). */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  destroy() {}
}

/** What pdf.js reads of its document here: the fonts it adds (a worker has its own `FontFaceSet`). */
const ownerDocument = { fonts: (globalThis as unknown as { fonts: FontFaceSet }).fonts };

const reply = (message: RendererReply, transfer: Transferable[] = []) =>
  globalThis.postMessage(message, { transfer });

let document: PDFDocumentProxy | null = null;
/** Pages asked for and not yet drawn, in the order asked, keyed `page:size`. */
const queue = new Map<string, { page: number; sizePx: number }>();
let isDrawing = false;
/** Pages drawn since pdf.js last let go of what it keeps of them (fonts, images, parsed content). */
let drawnSinceCleanup = 0;
const CLEANUP_EVERY_PAGES = 24;

type DrawnPage = { bitmap: ImageBitmap; facts: PageFacts };

/** The page's size in points as shown, and the white around its ink as fractions of each side. */
function readFacts(context: OffscreenCanvasRenderingContext2D, widthPt: number, heightPt: number): PageFacts {
  const { width, height } = context.canvas;
  const pixels = context.getImageData(0, 0, width, height).data;
  const ink = findInk({ pixels, width, height, stride: width * 4, channels: 4 });
  const margins = ink && {
    top: ink.top / height,
    right: (width - 1 - ink.right) / width,
    bottom: (height - 1 - ink.bottom) / height,
    left: ink.left / width,
  };
  return { widthPt, heightPt, margins };
}

async function drawPage(number: number, sizePx: number): Promise<DrawnPage | null> {
  if (!document) return null;
  try {
    const page = await document.getPage(number);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: sizePx / Math.max(natural.width, natural.height) });
    const canvas = new OffscreenCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: null,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    page.cleanup();
    const facts = readFacts(context, natural.width, natural.height);
    return { bitmap: canvas.transferToImageBitmap(), facts };
  } catch {
    return null;
  }
}

async function drainQueue(): Promise<void> {
  if (isDrawing) return;
  isDrawing = true;
  while (queue.size > 0) {
    const [key, next] = queue.entries().next().value as [string, { page: number; sizePx: number }];
    queue.delete(key);
    const drawn = await drawPage(next.page, next.sizePx);
    const bitmap = drawn?.bitmap ?? null;
    const facts = drawn?.facts ?? null;
    reply({ type: 'drawn', page: next.page, sizePx: next.sizePx, bitmap, facts }, bitmap ? [bitmap] : []);
    drawnSinceCleanup += 1;
    // Between two drawings (pdf.js must not clean up while it draws), so a long scroll keeps memory bounded.
    if (drawnSinceCleanup >= CLEANUP_EVERY_PAGES && document) {
      drawnSinceCleanup = 0;
      await document.cleanup();
    }
  }
  isDrawing = false;
}

async function openDocument(bytes: ArrayBuffer, password: string | undefined): Promise<void> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    password,
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    ownerDocument: ownerDocument as unknown as Document,
    CanvasFactory: OffscreenCanvasFactory,
    FilterFactory: NoFilterFactory,
  });
  try {
    document = await task.promise;
    reply({ type: 'opened', pageCount: document.numPages });
  } catch (error) {
    await task.destroy();
    const name = (error as { name?: unknown } | null)?.name;
    const code = (error as { code?: unknown } | null)?.code;
    // pdf.js's PasswordResponses: 1 asks for a password, 2 says the one given is wrong.
    if (name === 'PasswordException') {
      reply({ type: 'failed', reason: code === 2 ? 'password-incorrect' : 'password-required' });
    } else {
      reply({ type: 'failed', reason: 'damaged' });
    }
  }
}

globalThis.addEventListener('message', (event: MessageEvent<RendererRequest>) => {
  const request = event.data;
  if (request.type === 'open') {
    void openDocument(request.bytes, request.password);
  } else if (request.type === 'draw') {
    queue.set(`${request.page}:${request.sizePx}`, { page: request.page, sizePx: request.sizePx });
    void drainQueue();
  } else {
    queue.delete(`${request.page}:${request.sizePx}`);
  }
});
